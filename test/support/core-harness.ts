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
import type { StaffRole } from '../../shared/domain/staff-roles.js';
import {
  prepareStaff,
  submitSignInForm,
  TEST_OFFLINE_PASSPHRASE,
  TEST_STAFF_PASSWORD,
  type StaffAccount,
  type StaffService,
} from './staff-sign-in.js';

export interface TestCore {
  core: Core;
  dataDir: string;
  call<C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>>;
  /** Restarts the core and signs the same person in again (online, or offline with the passphrase). */
  restart(options?: Partial<CoreOptions>): Promise<void>;
  /**
   * Signs out whoever is signed in and signs in as the account with this role of `service`'s
   * partner (the harness's sandbox by default), which must be the active environment's service.
   */
  actAs(role: StaffRole, service?: StaffService): Promise<StaffAccount>;
  /** Runs `work` as the partner's reviewer (maker and checker), then signs the previous person back in. */
  asReviewer<T>(work: () => Promise<T>): Promise<T>;
  /** The partner's account with this role (its id is the `userID` the service records). */
  staff(role: StaffRole): StaffAccount;
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
  // An idle core notices the service has gone within half a second, not the app's 30 s.
  heartbeatMs: 500,
  concurrency: 4,
};

/**
 * A core against a training sandbox, signed in as the sandbox partner's capturer unless the test
 * chooses another role (`actingAs`) or nobody (`null`): the core refuses everything but signing in
 * until someone is.
 */
export async function startTestCore(
  options: Partial<CoreOptions> & { sandbox?: CoreOptions['sandbox']; actingAs?: StaffRole | null },
): Promise<TestCore> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'fica-core-')));
  const secretStore = options.secretStore ?? testSecrets();
  await ensureVaultKey(secretStore);
  const { actingAs = 'capturer', ...coreOptions } = options;
  let opts: CoreOptions = { queue: FAST_QUEUE, ...coreOptions, dataDir, secretStore };
  const accounts = new Map<string, StaffAccount[]>();
  let current: { role: StaffRole; service: StaffService } | null = null;
  const defaultService = (): StaffService => {
    if (!opts.sandbox?.clientId || !opts.sandbox.clientSecret)
      throw new Error('Signing staff in needs a sandbox with its client credentials.');
    // Behind a test's proxy, the accounts are prepared at the sandbox itself (the issuer's origin).
    const url = opts.sandbox.issuerUrl ? new URL(opts.sandbox.issuerUrl).origin : opts.sandbox.url;
    return { url, clientId: opts.sandbox.clientId, clientSecret: opts.sandbox.clientSecret };
  };
  const staffAccounts = async (service: StaffService): Promise<StaffAccount[]> => {
    let known = accounts.get(service.url);
    if (!known) accounts.set(service.url, (known = await prepareStaff(service)));
    return known;
  };
  /** Online when the service answers, else with the passphrase set at this role's online sign-in. */
  const signIn = async (role: StaffRole, service: StaffService): Promise<StaffAccount> => {
    const account = (await staffAccounts(service)).find((a) => a.role === role);
    if (!account) throw new Error(`The sandbox partner has no ${role}.`);
    let url: string;
    try {
      ({ url } = await harness.call('staff.beginSignIn', {}));
    } catch (error) {
      if (!(error instanceof DeskError) || error.code !== 'offline') throw error;
      await harness.call('staff.unlock', { userId: account.userId, passphrase: TEST_OFFLINE_PASSPHRASE });
      current = { role, service };
      return account;
    }
    const callback = await submitSignInForm(url, account.email, TEST_STAFF_PASSWORD);
    const answer = await fetch(callback);
    if (!answer.ok) throw new Error(`The loopback sign-in answered ${answer.status}: ${await answer.text()}`);
    const status = await waitFor(
      `${role} signed in`,
      () => harness.call('status.get', {}),
      (s) => s.currentUserId === account.userId,
    );
    if (!status.staff?.hasPassphrase)
      await harness.call('staff.setPassphrase', { passphrase: TEST_OFFLINE_PASSPHRASE });
    current = { role, service };
    return account;
  };
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
      if (current !== null) await signIn(current.role, current.service);
    },
    async actAs(role, service = current?.service ?? defaultService()) {
      await harness.call('staff.signOut', {});
      return signIn(role, service);
    },
    async asReviewer(work) {
      const before = current;
      await harness.actAs('reviewer');
      try {
        return await work();
      } finally {
        if (before && before.role !== 'reviewer') await harness.actAs(before.role, before.service);
      }
    },
    staff(role) {
      const account = accounts.get((current?.service ?? defaultService()).url)?.find((a) => a.role === role);
      if (!account) throw new Error(`No ${role} known yet: sign someone in first.`);
      return account;
    },
  };
  if (actingAs !== null && opts.sandbox) {
    // The reviewer signs in online once first, so a test can decide as the reviewer while offline.
    if (actingAs !== 'reviewer') await signIn('reviewer', defaultService());
    await harness.actAs(actingAs);
  }
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
