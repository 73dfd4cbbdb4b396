// SANE's own test scanner (`test` back-end of libsane1): a real scanimage run with a virtual
// flatbed and a feeder that empties after 10 sheets. Tests point SANE at a configuration that loads
// only that back-end, so no scanner plugged into the machine changes what they see.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const TEST_SCANNER = 'test:0';

/** A SANE configuration folder with only the given back-ends (none: no scanner at all). */
export function saneConfig(backends: string[] = ['test']): string {
  const dir = mkdtempSync(join(tmpdir(), 'fica-sane-'));
  writeFileSync(join(dir, 'dll.conf'), backends.map((b) => `${b}\n`).join(''));
  return dir;
}

/** Makes this process's scanimage runs see only SANE's test scanner. */
export function useTestScanner(): void {
  process.env.SANE_CONFIG_DIR = saneConfig();
}
