// The only places the app may send staff in their system browser. One list, exact hosts, https only:
// a link in service data or a document must not be able to open anything else.

export const EXTERNAL_LINK_HOSTS: readonly string[] = [
  // Financial Intelligence Centre: the regulator's guidance notes and FICA texts.
  'www.fic.gov.za',
  'fic.gov.za',
  // Add the compliance service's documentation host here once it is published; a host that is
  // not ours yet must not be listed, since whoever registers it would get a trusted link.
];

/**
 * Returns the normalised URL to open when `value` is an https link to an allow-listed host, else
 * null. The parsed href is what gets opened, never the raw string, so what was checked is what runs.
 */
export function allowedExternalUrl(
  value: string,
  hosts: readonly string[] = EXTERNAL_LINK_HOSTS,
): string | null {
  if (typeof value !== 'string' || value.length > 2048) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  // Credentials in a link are a classic disguise (https://www.fic.gov.za@evil.example/).
  if (url.username !== '' || url.password !== '') return null;
  if (url.port !== '') return null;
  // URL lowercases and punycodes the host, so homoglyph hosts never equal an entry.
  if (!hosts.includes(url.hostname)) return null;
  return url.href;
}
