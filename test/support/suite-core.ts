// A core signed in at a sandbox of its own, shared by the tests of one describe block: both start
// before its tests and stop after them, so each suite states only what it needs of them.
import { afterAll, beforeAll } from 'vitest';
import { startTestCore, type TestCore } from './core-harness.js';
import { PASS, startFaultProxy, type FaultProxy } from './fault-proxy.js';
import { startTestSandbox, type TestSandbox } from './sandbox.js';

export interface SuiteCore {
  readonly t: TestCore;
  readonly sandbox: TestSandbox;
  /** The fault proxy between the core and the sandbox (with `throughProxy`); it passes all until told. */
  readonly proxy: FaultProxy;
}

export type SuiteCoreOptions = Omit<Parameters<typeof startTestCore>[0], 'sandbox'> & {
  /** Fetch the look-ups first, as a signed-in app does (default true). */
  lookups?: boolean;
  /** Reach the sandbox through a fault proxy, so a test can inject faults or latency. */
  throughProxy?: boolean;
};

/** Call inside a describe block; read `.t` and `.sandbox` in its hooks and tests. */
export function suiteCore(options: SuiteCoreOptions = {}): SuiteCore {
  const { lookups = true, throughProxy = false, ...coreOptions } = options;
  let t: TestCore | undefined;
  let sandbox: TestSandbox | undefined;
  let proxy: FaultProxy | undefined;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
    if (throughProxy) proxy = await startFaultProxy(sandbox.url, PASS);
    t = await startTestCore({
      ...coreOptions,
      sandbox: {
        url: proxy?.url ?? sandbox.url,
        clientId: sandbox.clientId,
        clientSecret: sandbox.clientSecret,
        // Behind a proxy, the sign-in's issuer is the sandbox's own address.
        ...(proxy ? { issuerUrl: sandbox.issuer } : {}),
      },
    });
    if (lookups) await t.call('lookups.refresh', {});
  });
  afterAll(async () => {
    await t?.core.shutdown();
    await proxy?.stop();
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
    get proxy() {
      return started(proxy);
    },
  };
}
