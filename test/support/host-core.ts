// A running core (the headless host's, in end-to-end tests) as the capture flows of test/support
// want it, signed in through the embedded sandbox's identity provider like the harness does.
import type { Core } from '../../electron/core/index.js';
import type { StaffRole } from '../../shared/domain/staff-roles.js';
import type { ChannelInput, ChannelName, ChannelOutput } from '../../shared/ipc/contract.js';
import { DeskError } from '../../shared/ipc/errors.js';
import type { TestCore } from './core-harness.js';
import {
  prepareStaff,
  signInThrough,
  TEST_OFFLINE_PASSPHRASE,
  type StaffAccount,
  type StaffService,
} from './staff-sign-in.js';

export async function signedInCore(
  core: Core,
  service: StaffService,
  role: StaffRole = 'capturer',
  options: { signIn?: boolean } = {},
): Promise<TestCore> {
  const call = async <C extends ChannelName>(
    channel: C,
    input: ChannelInput<C>,
  ): Promise<ChannelOutput<C>> => {
    const result = await core.handle(channel, input);
    if (!result.ok) throw DeskError.fromBody(result.error);
    return result.value as ChannelOutput<C>;
  };
  const accounts: StaffAccount[] = await prepareStaff(service);
  let current: StaffRole = role;
  const t: TestCore = {
    core,
    dataDir: core.internals.dataDir,
    call,
    restart: () => Promise.reject(new Error('The host restarts its own core.')),
    async actAs(next) {
      await call('staff.signOut', {});
      current = next;
      const account = await signInThrough(
        (channel, input) => call(channel as ChannelName, input as never),
        service,
        next,
      );
      // As the harness does: the passphrase is set, so the screen does not ask for it.
      if (!(await call('status.get', {})).staff?.hasPassphrase)
        await call('staff.setPassphrase', { passphrase: TEST_OFFLINE_PASSPHRASE });
      return account;
    },
    async asReviewer(work) {
      const before = current;
      await t.actAs('reviewer');
      try {
        return await work();
      } finally {
        if (before !== 'reviewer') await t.actAs(before);
      }
    },
    staff(r) {
      return accounts.find((a) => a.role === r)!;
    },
  };
  // Without signing in, the flows act as whoever signed in on the screen.
  if (options.signIn !== false) await t.actAs(role);
  return t;
}
