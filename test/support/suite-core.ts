// A core signed in at a sandbox of its own, shared by the tests of one describe block: both start
// before its tests and stop after them, so each suite states only what it needs of them.
import { afterAll, beforeAll } from 'vitest';
import { startTestCore, type TestCore } from './core-harness.js';
import { startTestSandbox, type TestSandbox } from './sandbox.js';

export interface SuiteCore {
  readonly t: TestCore;
  readonly sandbox: TestSandbox;
}

export type SuiteCoreOptions = Omit<Parameters<typeof startTestCore>[0], 'sandbox'> & {
  /** Fetch the look-ups first, as a signed-in app does (default true). */
  lookups?: boolean;
};

/** Call inside a describe block; read `.t` and `.sandbox` in its hooks and tests. */
export function suiteCore(options: SuiteCoreOptions = {}): SuiteCore {
  const { lookups = true, ...coreOptions } = options;
  let t: TestCore | undefined;
  let sandbox: TestSandbox | undefined;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
    t = await startTestCore({
      ...coreOptions,
      sandbox: { url: sandbox.url, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret },
    });
    if (lookups) await t.call('lookups.refresh', {});
  });
  afterAll(async () => {
    await t?.core.shutdown();
    await sandbox?.dispose();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The suite core is used before its describe block started');
    return value;
  };
  return {
    get t() {
      return started(t);
    },
    get sandbox() {
      return started(sandbox);
    },
  };
}
