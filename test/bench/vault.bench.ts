// Vault throughput and memory: a 40 MB document (the entity limit) streamed in and out must not
// grow the process by anything like the file's size. Fails (exit 1) when it does.
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { VaultKeyStore } from '../../electron/core/keychain/vault-key-store.js';
import { Vault } from '../../electron/core/vault/vault.js';
import { memorySecretStores } from '../support/memory-secret-store.js';
import { loadAverage } from './support/load-average.js';

console.log(`vault: ${loadAverage()}`);

const SIZE = Number(process.env.VAULT_BENCH_MB ?? 40) * 1024 * 1024;
const PIECE = 256 * 1024;
// Buffering a whole 40 MB file would hold plaintext and ciphertext at once (80 MB and more); what
// streaming leaves is garbage the GC has not collected yet, which does not grow with the file
// (VAULT_BENCH_MB=160 shows the same figure).
const MAX_GROWTH = 48 * 1024 * 1024;
const MB = 1024 * 1024;

async function writeRandomFile(path: string, size: number): Promise<string> {
  const hash = createHash('sha256');
  async function* pieces() {
    for (let done = 0; done < size; done += PIECE) {
      const piece = randomBytes(Math.min(PIECE, size - done));
      hash.update(piece);
      yield piece;
    }
  }
  await pipeline(pieces, createWriteStream(path));
  return hash.digest('hex');
}

function sampleRss(): { stop: () => number } {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage.rss());
    },
  };
}

const root = await mkdtemp(join(tmpdir(), 'fica-vault-bench-'));
try {
  const source = join(root, 'scan.bin');
  const expected = await writeRandomFile(source, SIZE);
  const vault = await Vault.open({
    dir: join(root, 'vault'),
    keyStore: new VaultKeyStore(memorySecretStores()),
  });
  // Warm up code paths and let start-up allocations settle before taking the baseline.
  await vault.importFile(randomBytes(1024 * 1024));
  globalThis.gc?.();
  const baseline = process.memoryUsage.rss();
  const sampler = sampleRss();

  const writeStart = performance.now();
  const entry = await vault.importFile(source);
  const writeMs = performance.now() - writeStart;

  const readStart = performance.now();
  const hash = createHash('sha256');
  await pipeline(
    vault.createReadStream(entry.id),
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        callback();
      },
    }),
  );
  const readMs = performance.now() - readStart;
  const peak = sampler.stop();
  const growth = peak - baseline;

  const ok = entry.sha256 === expected && hash.digest('hex') === expected;
  console.log(
    `vault: ${SIZE / MB} MB encrypt+write ${(SIZE / MB / (writeMs / 1000)).toFixed(0)} MB/s (${writeMs.toFixed(0)} ms)`,
  );
  console.log(
    `vault: ${SIZE / MB} MB read+verify   ${(SIZE / MB / (readMs / 1000)).toFixed(0)} MB/s (${readMs.toFixed(0)} ms)`,
  );
  console.log(
    `vault: peak RSS ${(peak / MB).toFixed(1)} MB, growth over baseline ${(growth / MB).toFixed(1)} MB (limit ${MAX_GROWTH / MB} MB)`,
  );
  console.log(`vault: round trip digest ${ok ? 'matches' : 'MISMATCH'}`);
  if (!ok || growth > MAX_GROWTH) process.exitCode = 1;
} finally {
  await rm(root, { recursive: true, force: true });
}
console.log(`vault done: ${loadAverage()}`);
