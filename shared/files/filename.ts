// The service's rule for an uploaded file's name (contract §7). Stored files get generated names; the
// uploaded name is display metadata only, cleaned of path parts and control characters and cut to 180
// characters. The sandbox applies it on upload, and the client applies the same function to predict
// the name the service keeps, so it can find its own upload when it reconciles an unknown outcome.
export const MAX_FILENAME = 180;

/**
 * Bidirectional controls (LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI, LRM, RLM, ALM) and
 * zero-width characters (ZWSP, ZWNJ, ZWJ, word joiner, invisible operators, BOM). None is visible;
 * in a name they only disguise it: `invoice\u202Efdp.exe` shows as "invoiceexe.pdf".
 */
const BIDI_AND_ZERO_WIDTH = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/** The name without bidirectional or zero-width control characters, so it reads as what it is. */
export function stripBidiAndZeroWidth(name: string): string {
  return name.replace(BIDI_AND_ZERO_WIDTH, '');
}

/**
 * The name as the service stores it: only the last path segment (a client that sends a path meant
 * the file, not the folders), without C0/C1 control characters or bidirectional and zero-width
 * controls, trimmed, at most 180 characters (code points, so a cut never splits a character). A name
 * left empty or made of dots only becomes `fallback`.
 */
export function storedFilename(raw: string | undefined, fallback = 'document'): string {
  const lastSegment = (raw ?? '').split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  const cleaned = stripBidiAndZeroWidth(lastSegment.replace(/[\u0000-\u001f\u007f-\u009f]/g, '')).trim();
  const cut = Array.from(cleaned).slice(0, MAX_FILENAME).join('');
  return cut === '' || /^\.+$/.test(cut) ? fallback : cut;
}
