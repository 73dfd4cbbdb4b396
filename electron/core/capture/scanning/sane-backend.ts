// Scanning through SANE's `scanimage` (Debian/Ubuntu: sane-utils, libsane1; network eSCL/AirScan
// scanners through sane-airscan). A feeder run writes each page to a private working folder as the
// scanner finishes it and names it on stdout (--batch-print); the page is read, handed on to be
// sealed into the vault, and deleted at once, and the folder is removed when the run ends, however
// it ends. Cancelling stops scanimage; pages already handed on are kept.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { isAbsolute, join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { isFeeder, type ScannerList, type ScanSettings } from '../../../../shared/ipc/scanning.js';
import { LIST_FORMAT, parseDeviceList, parseOptions, problemOf, scanErrorOf } from './sane-output.js';
import { ScanError, type ScannedPage, type ScannerBackend } from './scanner-backend.js';

export interface SaneBackendOptions {
  /** Where runs get their private working folder (inside the app's data folder). */
  workDir: string;
  /** The scanimage program; found on PATH by default. */
  command?: string;
  /** Environment of scanimage (SANE_CONFIG_DIR chooses the back-ends); the process's by default. */
  env?: NodeJS.ProcessEnv;
}

export const SANE_MISSING =
  'Scanning needs SANE, which is not installed on this computer. Ask IT to install the packages sane-utils and libsane1 (and sane-airscan for network scanners), then look again.';
export const NO_SCANNER_FOUND =
  'No scanner was found. Check that it is switched on and connected (USB cable, or the same network for a network scanner), then look again.';

const LIST_TIMEOUT_MS = 30_000;
const STDERR_LIMIT = 16 * 1024;

class SaneMissingError extends Error {}

interface Finished {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

export class SaneBackend implements ScannerBackend {
  private readonly command: string;

  constructor(private readonly options: SaneBackendOptions) {
    this.command = options.command ?? 'scanimage';
  }

  async list(): Promise<ScannerList> {
    let devices: ReturnType<typeof parseDeviceList>;
    try {
      const listed = await this.run(['-f', LIST_FORMAT], LIST_TIMEOUT_MS);
      devices = parseDeviceList(listed.stdout.toString('utf8'));
    } catch (error) {
      if (error instanceof SaneMissingError) return { scanners: [], problem: SANE_MISSING };
      throw error;
    }
    const scanners = [];
    for (const device of devices) {
      const described = await this.run(['-d', device.id, '-A'], LIST_TIMEOUT_MS);
      // A device that cannot be opened now (busy, unplugged since) is left out of the list.
      if (described.code !== 0) continue;
      scanners.push({ ...device, ...parseOptions(described.stdout.toString('utf8')) });
    }
    return { scanners, problem: scanners.length === 0 ? NO_SCANNER_FOUND : null };
  }

  async preview(settings: ScanSettings, signal: AbortSignal): Promise<ScannedPage> {
    const args = [
      '-d',
      settings.scannerId,
      '--format=png',
      ...modeArgs(settings),
      '--resolution',
      String(settings.resolution),
    ];
    const done = await this.run(args, null, signal);
    if (signal.aborted) throw new ScanError('failed', 'cancelled');
    if (done.code !== 0 || done.stdout.length === 0) throw scanErrorOf(done.stderr);
    return { index: 1, bytes: done.stdout, mimeType: 'image/png' };
  }

  async *scan(settings: ScanSettings, signal: AbortSignal): AsyncIterable<ScannedPage> {
    await mkdir(this.options.workDir, { recursive: true, mode: 0o700 });
    const dir = await mkdtemp(join(this.options.workDir, 'scan-'));
    const lineart = /lineart|binary|halftone/i.test(settings.mode);
    const [format, ext, mimeType] = lineart
      ? (['png', 'png', 'image/png'] as const)
      : (['jpeg', 'jpg', 'image/jpeg'] as const);
    const args = [
      '-d',
      settings.scannerId,
      `--format=${format}`,
      ...modeArgs(settings),
      '--resolution',
      String(settings.resolution),
      `--batch=${join(dir, `page-%04d.${ext}`)}`,
      '--batch-print',
      ...(isFeeder(settings.source ?? '') ? [] : ['--batch-count=1']),
    ];
    const child = spawn(this.command, args, {
      env: this.options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => {
      stderr = (stderr + text).slice(-STDERR_LIMIT);
    });
    const exited = new Promise<number | null>((resolve, reject) => {
      child.once('error', (error: NodeJS.ErrnoException) =>
        reject(error.code === 'ENOENT' ? new ScanError('no-scanner', SANE_MISSING) : error),
      );
      child.once('close', (code) => resolve(code));
    });
    // The failure is read after the pages: it must not surface as an unhandled rejection meanwhile.
    exited.catch(() => undefined);
    const stop = () => child.kill('SIGTERM');
    signal.addEventListener('abort', stop, { once: true });
    let index = 0;
    try {
      for await (const line of createInterface({ input: child.stdout })) {
        const path = line.trim();
        // Only files of this run's own folder are read, whatever scanimage prints.
        const inside = relative(dir, path);
        if (!path || !isAbsolute(path) || inside.startsWith('..') || inside.includes('/')) continue;
        const bytes = await readFile(path);
        await rm(path, { force: true });
        if (signal.aborted) break;
        yield { index: ++index, bytes, mimeType };
      }
      const code = await exited;
      if (signal.aborted) return;
      const problem = problemOf(stderr);
      // A feeder that runs out after some pages is the normal end of a feeder run.
      if (index > 0 && (problem === 'feeder-empty' || code === 0)) return;
      if (index === 0 || code !== 0) throw scanErrorOf(stderr);
    } finally {
      signal.removeEventListener('abort', stop);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** Runs scanimage to the end; `timeoutMs` stops a hung device query. */
  private run(args: string[], timeoutMs: number | null, signal?: AbortSignal): Promise<Finished> {
    return new Promise((resolve, reject) => {
      const child = spawn(this.command, args, {
        env: this.options.env ?? process.env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const out: Buffer[] = [];
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (text: string) => {
        stderr = (stderr + text).slice(-STDERR_LIMIT);
      });
      const timer = timeoutMs === null ? null : setTimeout(() => child.kill('SIGTERM'), timeoutMs);
      const stop = () => child.kill('SIGTERM');
      signal?.addEventListener('abort', stop, { once: true });
      child.once('error', (error: NodeJS.ErrnoException) => {
        if (timer) clearTimeout(timer);
        reject(error.code === 'ENOENT' ? new SaneMissingError(SANE_MISSING) : error);
      });
      child.once('close', (code) => {
        if (timer) clearTimeout(timer);
        signal?.removeEventListener('abort', stop);
        resolve({ code, stdout: Buffer.concat(out), stderr });
      });
    }).catch((error: unknown) => {
      if (error instanceof SaneMissingError && !args.includes('-f'))
        throw new ScanError('no-scanner', SANE_MISSING);
      throw error;
    }) as Promise<Finished>;
  }
}

function modeArgs(settings: ScanSettings): string[] {
  return ['--mode', settings.mode, ...(settings.source ? ['--source', settings.source] : [])];
}
