// The managed configuration (fleet policy) and where the desktop app starts: managed default, then
// the person's earlier choice, then the only environment offered, else the first-run chooser.
import { describe, expect, it } from 'vitest';
import {
  ManagedConfigSchema,
  TRAINING_SANDBOX,
  managedConfigPath,
  resolveStartup,
} from '../../../shared/config/policy.js';

const bank = ManagedConfigSchema.parse({
  environments: [
    { name: 'Bank UAT', kind: 'test', baseUrl: 'https://uat.bank.example' },
    { name: 'Bank Live', kind: 'live', baseUrl: 'https://api.bank.example' },
  ],
});

describe('where the app starts', () => {
  it('with no managed configuration and no earlier choice, the person chooses between sandbox, test and live', () => {
    expect(resolveStartup(null, null)).toMatchObject({
      start: null,
      reason: 'choose',
      offered: ['test', 'live', TRAINING_SANDBOX],
      trainingSandboxOffered: true,
    });
  });

  it('the person’s earlier choice is kept', () => {
    expect(resolveStartup(null, TRAINING_SANDBOX)).toMatchObject({
      start: TRAINING_SANDBOX,
      reason: 'person-chose',
    });
  });

  it('the managed default wins over the person’s earlier choice', () => {
    const config = ManagedConfigSchema.parse({ ...bank, defaultEnvironment: 'Bank Live' });
    expect(resolveStartup(config, TRAINING_SANDBOX)).toMatchObject({
      start: 'Bank Live',
      reason: 'managed-default',
    });
  });

  it('an earlier choice the configuration no longer offers is ignored', () => {
    const config = ManagedConfigSchema.parse({ ...bank, offerTrainingSandbox: false });
    expect(resolveStartup(config, TRAINING_SANDBOX)).toMatchObject({ start: null, reason: 'choose' });
  });

  it('without the sandbox, the sandbox is neither offered nor started', () => {
    const config = ManagedConfigSchema.parse({ ...bank, offerTrainingSandbox: false });
    const choice = resolveStartup(config, null);
    expect(choice.offered).toEqual(['Bank UAT', 'Bank Live']);
    expect(choice.trainingSandboxOffered).toBe(false);
  });

  it('a single offered environment needs no chooser', () => {
    const config = ManagedConfigSchema.parse({
      environments: [bank.environments[1]],
      offerTrainingSandbox: false,
    });
    expect(resolveStartup(config, null)).toMatchObject({ start: 'Bank Live', reason: 'only-one' });
  });
});

describe('managed configuration file', () => {
  it('refuses a default that is not offered', () => {
    expect(
      ManagedConfigSchema.safeParse({ offerTrainingSandbox: false, defaultEnvironment: TRAINING_SANDBOX })
        .success,
    ).toBe(false);
    expect(ManagedConfigSchema.safeParse({ ...bank, defaultEnvironment: 'Elsewhere' }).success).toBe(false);
  });

  it('refuses http endpoints, unknown keys and a sandbox among the managed environments', () => {
    const env = { name: 'X', kind: 'live', baseUrl: 'https://x.example' };
    expect(
      ManagedConfigSchema.safeParse({ environments: [{ ...env, baseUrl: 'http://x.example' }] }).success,
    ).toBe(false);
    expect(ManagedConfigSchema.safeParse({ environments: [env], allowEverything: true }).success).toBe(false);
    expect(ManagedConfigSchema.safeParse({ environments: [{ ...env, kind: 'sandbox' }] }).success).toBe(
      false,
    );
  });

  it.each([
    ['linux', {}, '/etc/fica-desk/policy.json'],
    ['darwin', {}, '/Library/Application Support/FICA Desk/policy.json'],
    ['win32', { ProgramData: 'D:\\ProgramData' }, 'D:\\ProgramData\\FICA Desk\\policy.json'],
    ['linux', { FICA_DESK_POLICY: '/tmp/p.json' }, '/tmp/p.json'],
  ])('lives at the documented path on %s', (platform, env, path) => {
    expect(managedConfigPath(platform, env)).toBe(path);
  });
});
