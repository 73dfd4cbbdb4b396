// `npm run start:web` builds the host and the renderer once and again only when what they are made
// of changed: a build is out of date when any of its sources (a file, or one in a folder), or the
// package manifest, is newer than the build's stamp, and when it has none.
import { mkdtemp, mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stamp, upToDate } from '../../../scripts/build-web.mjs';

let root: string;
const out = () => join(root, 'dist/host');
/** Sets a file's modification time, `seconds` from a fixed moment. */
const at = (file: string, seconds: number) => {
  const when = new Date(Date.UTC(2026, 10, 1) + seconds * 1000);
  return utimes(join(root, file), when, when);
};

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'fica-start-web-'));
  await mkdir(join(root, 'electron/host/deep'), { recursive: true });
  await mkdir(out(), { recursive: true });
  await writeFile(join(root, 'electron/host/deep/cli.ts'), 'export {};\n');
  await writeFile(join(root, 'package.json'), '{}\n');
  await at('electron/host/deep/cli.ts', 0);
  await at('package.json', 0);
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('the start:web build', () => {
  it('is out of date until built, then up to date until a source or the manifest changes', async () => {
    const sources = ['electron/host'];
    expect(upToDate(out(), sources, root)).toBe(false);
    stamp(out());
    await at('dist/host/.built', 10);
    expect(upToDate(out(), sources, root)).toBe(true);
    // A file deep in a source folder changed after the build.
    await at('electron/host/deep/cli.ts', 20);
    expect(upToDate(out(), sources, root)).toBe(false);
    await at('dist/host/.built', 30);
    expect(upToDate(out(), sources, root)).toBe(true);
    await at('package.json', 40);
    expect(upToDate(out(), sources, root)).toBe(false);
  });
});
