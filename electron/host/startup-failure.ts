// The one paragraph the headless host prints when it cannot start: what is missing and how to fix
// it, never a stack trace.
import { DevKeychainRefusedError, KeychainUnavailableError } from '../core/keychain/index.js';

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function causes(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error; e && parts.length < 5; e = e instanceof Error ? e.cause : undefined)
    parts.push(messageOf(e));
  return parts.join(' / ');
}

export function startupFailureText(error: unknown, context: { devKeychain: boolean }): string {
  const detail = causes(error);
  if (error instanceof KeychainUnavailableError) {
    return [
      'FICA Desk could not start: the OS keychain (the Secret Service on Linux, reached over D-Bus) is not',
      'available, and FICA Desk keeps its service credentials and the key that encrypts your data only there.',
      'On a desktop, sign in to your session and unlock the keyring (Debian/Ubuntu: apt-get install gnome-keyring);',
      'on a server, container or SSH session, start it inside a D-Bus session with an unlocked keyring',
      '(dbus-run-session and gnome-keyring-daemon --unlock), or, for the training sandbox only, add --dev-keychain',
      `to keep secrets in an insecure file in the data folder. (System message: ${detail})`,
    ].join(' ');
  }
  if (
    /libsecret|keytar/i.test(detail) &&
    /cannot open shared object|Cannot find module|not found/i.test(detail)
  ) {
    return [
      'FICA Desk could not start: the keychain library (keytar, built on libsecret) cannot be loaded. Install',
      'libsecret (Debian/Ubuntu: apt-get install libsecret-1-0; to build it: libsecret-1-dev and pkg-config, then',
      `npm ci again), or run scripts/setup.sh, which does both. (System message: ${detail})`,
    ].join(' ');
  }
  if (error instanceof DevKeychainRefusedError) return `FICA Desk could not start: ${error.message}`;
  if (/EADDRINUSE/.test(detail)) {
    return `FICA Desk could not start: its port is already in use (another FICA Desk?). Stop that one, or pass --port 0 to pick a free port. (System message: ${detail})`;
  }
  const hint = context.devKeychain ? '' : ' If this is about the keychain, see --help for --dev-keychain.';
  return `FICA Desk could not start: ${detail}.${hint}`;
}
