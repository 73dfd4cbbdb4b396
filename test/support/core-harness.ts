// A core in a temporary folder, pointed at a test sandbox, with a typed `call` that throws the
// DeskError body on failure so tests read like the renderer's code.
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChannelInput, ChannelName, ChannelOutput } from '../../shared/ipc/contract.js';
import { DeskError } from '../../shared/ipc/errors.js';
import { createCore, type Core, type CoreOptions } from '../../electron/core/index.js';
import {
  keytarSecretStores,
  VaultKeyStore,
  type SecretStoreFactory,
} from '../../electron/core/keychain/index.js';
import { memorySecretStores } from './memory-secret-store.js';

export interface TestCore {
  core: Core;
  dataDir: string;
  call<C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>>;
  restart(options?: Partial<CoreOptions>): Promise<void>;
}

/**
 * In-memory secrets by default: the queue, capture and token tests need a keychain's behaviour, not
 * the OS one, so they run everywhere; keychain.test.ts covers the real keychain.
 */
export function testSecrets(kind: 'keychain' | 'memory' = 'memory'): SecretStoreFactory {
  return kind === 'keychain' ? keytarSecretStores : memorySecretStores();
}

/**
 * Test files run in parallel against one keychain. Two processes creating the vault key at the same
 * moment can each keep their own (the keychain has no compare-and-set), so the first creation is
 * serialised with a lock directory; afterwards everyone reads the same key.
 */
export async function ensureVaultKey(secrets: SecretStoreFactory): Promise<void> {
  const lock = join(tmpdir(), 'fica-desk-test-vault-key.lock');
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      try {
        // A holder that died leaves the lock behind: it never needs more than a few seconds.
        if (Date.now() - statSync(lock).mtimeMs > 10_000) rmSync(lock, { recursive: true, force: true });
      } catch {
        // Removed meanwhile.
      }
      await new Promise((r) => setTimeout(r, 25));
    }
  }
  try {
    await new VaultKeyStore(secrets).getOrCreate();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export const FAST_QUEUE: CoreOptions['queue'] = {
  backoffBaseMs: 50,
  backoffMaxMs: 500,
  probeIntervalMs: 100,
  concurrency: 4,
};

/** The user the harness acts as unless a test chooses (the core refuses changes made by nobody). */
export const TEST_ACTOR = '00000000-0000-4000-8000-0000000000a1';

export async function startTestCore(
  options: Partial<CoreOptions> & { sandbox?: CoreOptions['sandbox']; actingUser?: string | null },
): Promise<TestCore> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'fica-core-')));
  const secretStore = options.secretStore ?? testSecrets();
  await ensureVaultKey(secretStore);
  const { actingUser = TEST_ACTOR, ...coreOptions } = options;
  let opts: CoreOptions = { queue: FAST_QUEUE, ...coreOptions, dataDir, secretStore };
  const harness: TestCore = {
    core: await createCore(opts),
    dataDir,
    async call(channel, input) {
      const result = await harness.core.handle(channel, input);
      if (!result.ok) throw DeskError.fromBody(result.error);
      return result.value as never;
    },
    async restart(more = {}) {
      await harness.core.shutdown();
      opts = { ...opts, ...more };
      harness.core = await createCore(opts);
    },
  };
  if (actingUser !== null)
    await harness.call('settings.update', { currentUserId: actingUser, allowSelfApproval: true });
  return harness;
}

/** Polls until `check` holds, or fails after `timeoutMs` with the last state. */
export async function waitFor<T>(
  what: string,
  read: () => Promise<T> | T,
  check: (value: T) => boolean,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await read();
  while (!check(last)) {
    if (Date.now() > deadline)
      throw new Error(`Timed out waiting for ${what}; last: ${JSON.stringify(last).slice(0, 2000)}`);
    await new Promise((r) => setTimeout(r, 50));
    last = await read();
  }
  return last;
}
