// The one kind of page main opens in the system browser for the core: a staff sign-in page of an
// identity provider. https, or plain http only on this machine (the training sandbox), and never a
// URL carrying a user name or password; anything else is refused before the browser sees it.
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function signInPageUrl(candidate: string): string {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    throw new Error('The sign-in page address is not a URL.');
  }
  const loopbackHttp = url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !loopbackHttp)
    throw new Error('The sign-in page must be https (or http on this machine).');
  if (url.username !== '' || url.password !== '')
    throw new Error('The sign-in page address carries credentials.');
  return url.href;
}
