// Reading what SANE's scanimage prints: its device list, a device's options (-A) and its errors.
import type { Scanner } from '../../../../shared/ipc/scanning.js';
import { ScanError, type ScanProblem } from './scanner-backend.js';

/** Separates the fields of `scanimage -f`; a tab never occurs in SANE device names. */
export const LIST_SEPARATOR = '\t';
export const LIST_FORMAT = `%d${LIST_SEPARATOR}%v${LIST_SEPARATOR}%m${LIST_SEPARATOR}%t%n`;

export function parseDeviceList(stdout: string): Array<{ id: string; name: string; device: string }> {
  return stdout
    .split('\n')
    .map((line) => line.split(LIST_SEPARATOR))
    .filter((fields) => fields.length >= 3 && fields[0]!.trim() !== '')
    .map(([id, vendor, model]) => ({
      id: id!.trim(),
      name:
        [vendor, model]
          .map((s) => (s ?? '').trim())
          .filter((s) => s && s.toLowerCase() !== 'noname')
          .join(' ') || id!.trim(),
      device: deviceOf(id!.trim()),
    }));
}

/**
 * Where a scanner is, from its SANE device name, in words a person can match to the machine on the
 * desk: the USB port, the network address or name, the computer sharing it; else the name itself.
 */
export function deviceOf(id: string): string {
  const usb = /libusb:(\d+):(\d+)/.exec(id);
  if (usb) return `USB bus ${Number(usb[1])}, device ${Number(usb[2])}`;
  const serial = /\/usb\/[^?]*\?serial=([^&\s]+)/.exec(id);
  if (serial) return `USB, serial ${serial[1]}`;
  const escl = /^escl:https?:\/\/\[?([^\]/:]+)/.exec(id);
  if (escl) return `network scanner at ${escl[1]}`;
  const airscan = /^airscan:[a-z]\d+:(.+)$/.exec(id);
  if (airscan) return `network scanner “${airscan[1]}”`;
  const shared = /^net:([^:]+):/.exec(id);
  if (shared) return `shared by ${shared[1]}`;
  return id;
}

/** Resolutions offered when a scanner gives a range: the ones staff use for documents. */
const USUAL_DPI = [75, 100, 150, 200, 300, 400, 600];

/** `--name values [default]` lines of `scanimage -d <device> -A`. */
function optionLine(text: string, name: string): { values: string; current: string | null } | null {
  const line = text
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.startsWith(`--${name} `) || l.startsWith(`-${name.slice(0, 1)}, --${name} `));
  if (!line) return null;
  const rest = line.slice(line.indexOf(`--${name}`) + name.length + 2).trim();
  const m = /^(.*?)\s*(?:\[(.*)\])?$/.exec(rest);
  const current = m?.[2] ?? null;
  return { values: m?.[1]?.trim() ?? rest, current: current === 'inactive' ? null : current };
}

function listValues(values: string): string[] {
  return values
    .split('|')
    .map((v) => v.trim())
    .filter(Boolean);
}

export function parseOptions(text: string): Pick<Scanner, 'sources' | 'modes' | 'resolutions'> {
  const source = optionLine(text, 'source');
  const mode = optionLine(text, 'mode');
  const resolution = optionLine(text, 'resolution');
  const withDefaultFirst = (line: { values: string; current: string | null } | null): string[] => {
    if (!line) return [];
    const all = listValues(line.values);
    return line.current && all.includes(line.current)
      ? [line.current, ...all.filter((v) => v !== line.current)]
      : all;
  };
  return {
    sources: withDefaultFirst(source),
    modes: withDefaultFirst(mode),
    resolutions: resolution ? parseResolutions(resolution.values) : [],
  };
}

export function parseResolutions(values: string): number[] {
  const text = values.replace(/dpi/g, '');
  const range = /^(\d+)\.\.(\d+)/.exec(text);
  if (range) {
    const [min, max] = [Number(range[1]), Number(range[2])];
    const inRange = USUAL_DPI.filter((d) => d >= min && d <= max);
    return inRange.length > 0 ? inRange : [min];
  }
  return [
    ...new Set(
      listValues(text)
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0),
    ),
  ].sort((a, b) => a - b);
}

/** What went wrong, from scanimage's error output; null when it printed no error SANE names. */
export function problemOf(stderr: string): ScanProblem | null {
  const text = stderr.toLowerCase();
  if (/out of documents|no documents|feeder (is )?empty/.test(text)) return 'feeder-empty';
  if (/device busy/.test(text)) return 'busy';
  if (/jammed/.test(text)) return 'jammed';
  if (/cover (is )?open/.test(text)) return 'cover-open';
  if (
    /open of device .* failed|no sane devices found|no scanners were identified|invalid argument/.test(text)
  )
    return 'no-scanner';
  if (/i\/o error|error during device i\/o|sane_(start|read)/.test(text)) return 'failed';
  return null;
}

export function scanErrorOf(stderr: string): ScanError {
  return new ScanError(problemOf(stderr) ?? 'failed', stderr.trim().split('\n').slice(-3).join(' '));
}
