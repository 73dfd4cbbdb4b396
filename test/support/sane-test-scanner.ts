// SANE's own test scanner (`test` back-end of libsane1): a real scanimage run with a virtual
// flatbed and a feeder that empties after 10 sheets. Tests point SANE at a configuration that loads
// only that back-end, so no scanner plugged into the machine changes what they see.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const TEST_SCANNER = 'test:0';

/**
 * A SANE configuration folder with only the given back-ends (none: no scanner at all), and options
 * of the test back-end (its test.conf: `read-delay` and `read-limit` make it as slow as a real
 * scanner). Without test.conf it offers two identical scanners, test:0 and test:1.
 */
export function saneConfig(backends: string[] = ['test'], testOptions: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'fica-sane-'));
  writeFileSync(join(dir, 'dll.conf'), backends.map((b) => `${b}\n`).join(''));
  const options = Object.entries(testOptions);
  if (options.length > 0)
    writeFileSync(join(dir, 'test.conf'), options.map(([key, value]) => `${key} ${value}\n`).join(''));
  return dir;
}

/** The test scanner at about a second and a half a page (300 dpi colour), like a real feeder. */
export const SLOW_TEST_SCANNER = {
  'read-limit': 'true',
  'read-limit-size': '65536',
  'read-delay': 'true',
  'read-delay-duration': '20000',
};

/** Makes this process's scanimage runs see only SANE's test scanner. */
export function useTestScanner(): void {
  process.env.SANE_CONFIG_DIR = saneConfig();
}
