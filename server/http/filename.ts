// The uploaded name is display metadata only: path parts and control characters go, 180 characters stay.
export const MAX_FILENAME = 180;

export function cleanFilename(raw: string | undefined, fallback = 'document'): string {
  const lastSegment = (raw ?? '').split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  const cleaned = lastSegment.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim();
  const cut = Array.from(cleaned).slice(0, MAX_FILENAME).join('');
  return cut === '' || /^\.+$/.test(cut) ? fallback : cut;
}
