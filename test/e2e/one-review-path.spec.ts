// One review path, with two laptops on one service: a capturer's (the embedded sandbox's host) and a
// reviewer's (a second host on the same sandbox and partner). Cases are captured on the first
// through the core, as its screens would; the reviewer decides on the second through the screens.
// One test for each way the reviewer's desk used to fail (issue 29's list); the CLI's refusal of a
// silent new partner is tested as a process in test/integration/core/host-cli.test.ts.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { test as base, expect, type Browser, type Page } from '@playwright/test';
import { keytarSecretStores } from '../../electron/core/keychain/index.js';
import { startHost, type Host } from '../../electron/host/index.js';
import { makeSouthAfricanId, screeningFingerprint, screeningHits } from '../../shared/domain/index.js';
import type { ChannelInput, ChannelName, ChannelOutput } from '../../shared/ipc/contract.js';
import { DeskError } from '../../shared/ipc/errors.js';
import type { EntityCase, IndividualCase } from '../../shared/ipc/model.js';
import type { TestCore } from '../support/core-harness.js';
import { captureChecklist, captureEntityPathA, reviewEntitySanctions } from '../support/flows.js';
import { serviceView } from '../support/service-view.js';
import { DeskApp, type StaffService } from './pages/desk-app.js';
import { screenshot } from './fixtures.js';

interface Laptop {
  host: Host;
  page: Page;
  desk: DeskApp;
  /** The laptop's core through its IPC contract, as its screens call it. */
  t: TestCore;
}

interface Laptops {
  capturer: Laptop;
  reviewer: Laptop;
  service: Awaited<ReturnType<typeof serviceView>>;
  staff: StaffService;
}

/** A host's core with a typed call that throws the DeskError it answers with (flows need only this). */
function coreOf(host: Host): TestCore {
  const call = async <C extends ChannelName>(
    channel: C,
    input: ChannelInput<C>,
  ): Promise<ChannelOutput<C>> => {
    const result = await host.core.handle(channel, input);
    if (!result.ok) throw DeskError.fromBody(result.error);
    return result.value as ChannelOutput<C>;
  };
  return { core: host.core, call } as unknown as TestCore;
}

async function laptop(
  browser: Browser,
  dataDir: string,
  staff: StaffService | null,
  sandbox?: Host['sandbox'],
) {
  const run = basename(dataDir);
  const host = await startHost({
    dataDir,
    port: 0,
    rendererDir: resolve('dist/renderer'),
    secretStore: (service: string) => keytarSecretStores(`${service}/${run}`),
    queue: { heartbeatMs: 1000, probeIntervalMs: 500 },
    ...(sandbox
      ? {
          sandbox: {
            url: sandbox.url,
            clientId: sandbox.demoPartner.clientId,
            clientSecret: sandbox.demoPartner.clientSecret,
            ...(sandbox.controlSecret ? { controlSecret: sandbox.controlSecret } : {}),
          },
        }
      : {}),
  });
  // A browser context of its own: both hosts are on 127.0.0.1, and cookies ignore the port.
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto(host.openUrl());
  const desk = new DeskApp(
    page,
    staff ?? {
      url: host.sandbox!.url,
      clientId: host.sandbox!.demoPartner.clientId,
      clientSecret: host.sandbox!.demoPartner.clientSecret,
      controlSecret: host.sandbox!.controlSecret,
    },
  );
  await desk.ready();
  return { host, page, desk, t: coreOf(host) };
}

const test = base.extend<object, { laptops: Laptops }>({
  laptops: [
    async ({ browser }, use) => {
      const dirs = [
        await mkdtemp(join(tmpdir(), 'fica-e2e-a-')),
        await mkdtemp(join(tmpdir(), 'fica-e2e-b-')),
      ];
      const capturer = await laptop(browser, dirs[0]!, null);
      const sandbox = capturer.host.sandbox!;
      const staff = {
        url: sandbox.url,
        clientId: sandbox.demoPartner.clientId,
        clientSecret: sandbox.demoPartner.clientSecret,
        controlSecret: sandbox.controlSecret,
      };
      const reviewer = await laptop(browser, dirs[1]!, staff, sandbox);
      await capturer.desk.actAs('capturer');
      await reviewer.desk.actAs('reviewer');
      await capturer.t.call('lookups.refresh', {});
      await reviewer.t.call('lookups.refresh', {});
      try {
        await use({ capturer, reviewer, service: await serviceView(staff), staff });
      } finally {
        await reviewer.host.stop();
        await capturer.host.stop();
        for (const dir of dirs) await rm(dir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 300_000 },
  ],
});

let sequence = 200;
const idNumber = (notFound = false) =>
  makeSouthAfricanId({
    birthDate: '1979-06-15',
    // The sandbox's bureau does not find a number whose sequence is 0000 (a woman's, numbered 0).
    gender: notFound ? 'Female' : 'Male',
    citizenship: 'citizen',
    sequence: notFound ? 0 : sequence++,
  });

/** Everything a laptop captured has reached the service (a refusal fails the wait with its words). */
async function sent(t: TestCore): Promise<void> {
  await expect
    .poll(
      async () => {
        const s = await t.call('status.get', {});
        if (s.failedCount > 0)
          return (await t.call('queue.list', {})).filter((j) => j.error).map((j) => j.error!.message);
        // A change the service refused for good (an earlier test's) waits to be discarded, not sent.
        return s.notSentCount === 0
          ? s.unsentCount
          : (await t.call('queue.list', {})).filter((j) => j.state !== 'not-sent').length;
      },
      { timeout: 120_000, message: 'everything sent' },
    )
    .toBe(0);
}

const individualOf = async (t: TestCore, caseId: string) =>
  (await t.call('cases.get', { caseId })) as IndividualCase;

/**
 * An individual captured on the capturer's laptop up to its documents' confirmation: screening and
 * the bureau answered, each hit marked as `verdict` with `reason`, the bank account checked when
 * asked, every document the band requires on file.
 */
async function capturedIndividual(
  t: TestCore,
  name: string,
  opts: {
    verdict?: 'true-match' | 'false-positive';
    reason?: string;
    bureauNotFound?: boolean;
    bankAccount?: string;
  } = {},
): Promise<IndividualCase> {
  const [firstName, lastName] = name.split(' ') as [string, string];
  const { caseId } = await t.call('individual.create', {
    firstName,
    lastName,
    clientSACitizen: true,
    idNumber: idNumber(opts.bureauNotFound),
    clientEmail: 'client@example.com',
  });
  await t.call('individual.runScreening', { caseId });
  await t.call('individual.runValidation', { caseId });
  await expect
    .poll(
      async () => {
        const c = await individualOf(t, caseId);
        return c.amlScreening !== null && c.externalValidation !== null;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  let c = await individualOf(t, caseId);
  if (opts.bankAccount)
    await t.call('individual.verifyBankAccount', {
      caseId,
      request: { accountNumber: opts.bankAccount, branchCode: '250655', accountType: 'savings' },
    });
  await t.call('individual.pepDecision', {
    caseId,
    pepConfirmReviewed: true,
    clientForeignOfficial: false,
    screening: {
      fingerprint: screeningFingerprint(c.amlScreening)!,
      dispositions: screeningHits(c.amlScreening).map((h) => ({
        hitKey: h.key,
        verdict: opts.verdict ?? 'false-positive',
        reason: opts.reason ?? 'Different person: date of birth differs',
      })),
    },
  });
  // The band the PEP decision sets names the documents.
  await expect
    .poll(async () => (await individualOf(t, caseId)).riskBand, { timeout: 60_000 })
    .not.toBe('Undetermined');
  c = await individualOf(t, caseId);
  await captureChecklist(t, caseId, { kind: 'individual' }, c.checklist, firstName);
  await t.call('individual.confirmDocs', { caseId });
  await sent(t);
  return individualOf(t, caseId);
}

/** On the reviewer's laptop: the desk, the case found by its reference, opened on its case screen. */
async function openOnDesk(l: Laptop, kind: 'entity' | 'individual', reference: string, title: string) {
  const { page } = l;
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: "Reviewer's desk" }).click();
  await page.getByRole('button', { name: kind === 'entity' ? 'Entities' : 'Individuals' }).click();
  await page.getByLabel('Client reference').fill(reference);
  await expect(page.getByText('1–1 of 1')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('table').getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 30_000 });
}

const nextYear = () => new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString().slice(0, 10);

test('1. a High Risk client is approved only with a reason and a review date, online and offline', async ({
  laptops,
}) => {
  const { capturer, reviewer, service } = laptops;
  const c = await capturedIndividual(capturer.t, 'Thandi Politician', {
    verdict: 'true-match',
    reason: 'She is the provincial minister of finance',
  });
  expect(c.riskBand).toBe('High Risk');
  await openOnDesk(reviewer, 'individual', c.clientReference, c.title);
  const { page, desk } = reviewer;
  await desk.goToStep('Onboarding decision');
  await page.getByRole('radio', { name: 'Approve' }).check();
  await page.getByRole('button', { name: 'Record decision…' }).click();
  const confirm = desk.confirmDialog('Approve');
  await expect(confirm).toContainText('High Risk');
  await expect(confirm).toContainText('marked a true match');
  await confirm.getByRole('button', { name: 'Approve: record the decision' }).click();
  await expect(
    confirm.getByText('Comments: a High Risk client is approved only with a reason on record.'),
  ).toBeVisible();
  await screenshot(page, 'one-path-high-risk-confirmation');
  await confirm.getByRole('button', { name: 'Go back' }).click();

  // Offline the same rule holds, in the core as on the screen.
  await capturer.host.sandboxControl.stop();
  try {
    await expect(reviewer.page.getByRole('status', { name: /^Connection:/ })).toContainText(
      /offline|Offline/,
      {
        timeout: 30_000,
      },
    );
    const { caseId } = await reviewer.t.call('desk.open', { kind: 'individual', serverId: c.serverId! });
    await expect(
      reviewer.t.call('individual.decide', { caseId, onboardingDecision: 'Approved' }),
    ).rejects.toMatchObject({ code: 'invalid-input', message: expect.stringMatching(/rated High Risk/) });
    await page.getByRole('button', { name: 'Record decision…' }).click();
    await confirm
      .getByRole('textbox', { name: /Reason for approving/ })
      .fill('Source of wealth verified with the bank');
    await confirm.getByLabel('Next FICA review date').fill(nextYear());
    await confirm.getByRole('button', { name: 'Approve: record the decision' }).click();
    await expect(desk.content().getByText(/waiting to be sent/)).toBeVisible();
  } finally {
    await capturer.host.sandboxControl.start();
  }
  await expect(desk.content().getByText(/sent to the service/)).toBeVisible({ timeout: 90_000 });
  const record = await service.individual(c.serverId!);
  expect(record).toMatchObject({
    onboardingDecision: 'Approved',
    additionalComments: 'Source of wealth verified with the bank',
  });
  expect(record.nextFicaReviewDate).toMatch(new RegExp(`^${nextYear()}`));
});

test('2. the decision screen shows the evidence: the bureau’s and the bank’s failed answers, the dispositions', async ({
  laptops,
}) => {
  const { capturer, reviewer } = laptops;
  const c = await capturedIndividual(capturer.t, 'Lindiwe Politician', {
    bureauNotFound: true,
    bankAccount: '1234567899',
    reason: 'Different person: another ID number',
  });
  await openOnDesk(reviewer, 'individual', c.clientReference, c.title);
  await reviewer.desk.goToStep('Onboarding decision');
  const warnings = reviewer.page.getByTestId('decision-warnings').first();
  await expect(warnings).toContainText(
    'The credit bureau did not verify the client: ID status Not Found, KYC Not Verified.',
  );
  await expect(warnings).toContainText('The bank account was not verified: Account not found.');
  await expect(warnings).toContainText('cleared as a false positive by Demo Partner Capturer');
  const reviews = reviewer.page.getByRole('region', { name: 'Screening reviews' });
  await expect(reviews).toContainText('Different person: another ID number');
  await expect(reviews).toContainText('on another laptop');
  await screenshot(reviewer.page, 'one-path-evidence');
});

test('3. a strong match a capturer cleared is named to the reviewer, who refers the case back with the reason', async ({
  laptops,
}) => {
  const { capturer, reviewer } = laptops;
  const name = `Sanctioned Traders ${sequence++} (Pty) Ltd`;
  const caseId = await captureEntityPathA(capturer.t, { name, decide: false });
  await sent(capturer.t);
  const c = (await capturer.t.call('cases.get', { caseId })) as EntityCase;
  await openOnDesk(reviewer, 'entity', c.clientReference, name);
  await reviewer.desk.goToStep('Onboarding decision');
  await expect(reviewer.page.getByTestId('decision-warnings').first()).toContainText(
    /sanctions match “Sanctioned Traders .*” \(score 100\) cleared as a false positive by Demo Partner Capturer/,
  );
  await reviewer.page.getByRole('radio', { name: 'Refer back with a reason' }).check();
  await reviewer.page
    .getByLabel('Comments')
    .fill('The score-100 sanctions match needs evidence that it is another company.');
  await reviewer.desk.recordDecision('Refer back with a reason');
  await expect(reviewer.desk.content().getByText(/sent to the service/)).toBeVisible({ timeout: 60_000 });

  await capturer.desk.openCase(name);
  await expect(capturer.page.getByTestId('referred-back')).toContainText(
    'The score-100 sanctions match needs evidence that it is another company.',
    { timeout: 60_000 },
  );
});

test('4. an approval of a case the service has not screened is refused offline, and nothing is queued', async ({
  laptops,
}) => {
  const { capturer, reviewer, service } = laptops;
  const reference = `UNSCREENED-${sequence++}`;
  const created = await service.api.createIndividual({
    firstName: 'Naledi',
    lastName: 'Unscreened',
    clientSACitizen: true,
    idNumber: idNumber(),
    clientRef: reference,
    userID: (await service.api.lookup('users')).find((u) => /Capturer/.test(u.name))!.id,
  });
  await openOnDesk(reviewer, 'individual', reference, 'Naledi Unscreened');
  await capturer.host.sandboxControl.stop();
  try {
    await reviewer.desk.goToStep('Onboarding decision');
    await expect(reviewer.page.getByRole('radio', { name: 'Approve' })).toBeDisabled();
    await expect(reviewer.page.getByTestId('approval-blocked')).toContainText(
      /AML screening must be completed first/,
    );
    const { caseId } = await reviewer.t.call('desk.open', { kind: 'individual', serverId: created.id });
    await expect(
      reviewer.t.call('individual.decide', {
        caseId,
        onboardingDecision: 'Approved',
        additionalComments: 'ok',
      }),
    ).rejects.toMatchObject({
      code: 'not-allowed',
      message: expect.stringMatching(/AML screening must be completed first/),
    });
    expect((await reviewer.t.call('status.get', {})).unsentCount).toBe(0);
  } finally {
    await capturer.host.sandboxControl.start();
  }
});

test('4b. a decision the service refuses shows in the queue, kept, with the service’s words', async ({
  laptops,
}) => {
  const { capturer, reviewer, service } = laptops;
  const c = await capturedIndividual(capturer.t, 'Sizwe Mokoena');
  const { caseId } = await reviewer.t.call('desk.open', { kind: 'individual', serverId: c.serverId! });
  await reviewer.t.call('queue.pause', {});
  try {
    await reviewer.t.call('individual.decide', {
      caseId,
      onboardingDecision: 'Refer',
      additionalComments: 'Please confirm the employer',
    });
    await service.api.individualDecision(c.serverId!, {
      onboardingDecision: 'Declined',
      additionalComments: 'Declined at head office',
      userID: (await service.api.lookup('users')).find((u) => /Capturer/.test(u.name))!.id,
      partnerID: (await service.api.lookup('partner')).id,
    });
  } finally {
    await reviewer.t.call('queue.resume', {});
  }
  await reviewer.desk.open('Queue');
  const item = reviewer.page.getByRole('listitem').filter({ hasText: 'Sizwe Mokoena' });
  await expect(item).toContainText('Not sent', { timeout: 60_000 });
  await expect(item).toContainText('the service says the application is already Declined');
  await expect(item.getByRole('button', { name: 'Discard' })).toBeVisible();
  await expect(item.getByRole('button', { name: 'Retry now' })).toHaveCount(0);
  await screenshot(reviewer.page, 'one-path-refused-decision-in-queue');
});

test('5. a laptop that had not refreshed keeps its change to a decided case visible as not sent, to discard', async ({
  laptops,
}) => {
  const { capturer, reviewer } = laptops;
  const name = `Stale Laptop ${sequence++} (Pty) Ltd`;
  const caseId = await captureEntityPathA(capturer.t, { name, decide: false });
  await sent(capturer.t);
  await capturer.desk.openCase(name);
  await capturer.desk.goToStep('Business details (KYB)');
  const c = (await capturer.t.call('cases.get', { caseId })) as EntityCase;
  // The reviewer approves on the other laptop while this one shows the form it read before.
  const { caseId: there } = await reviewer.t.call('desk.open', { kind: 'entity', serverId: c.serverId! });
  await reviewer.t.call('entity.decide', {
    caseId: there,
    decision: { onboardingDecision: 'Approved', approvedComments: 'All in order' },
  });
  await sent(reviewer.t);

  await capturer.page.getByLabel('Telephone number').fill('011 555 0100');
  await capturer.page.getByRole('button', { name: 'Save business details' }).click();
  await expect(capturer.page.getByText(/Read only\. Decided on the service: Approved/)).toBeVisible({
    timeout: 60_000,
  });
  await capturer.desk.open('Queue');
  const item = capturer.page.getByRole('listitem').filter({ hasText: name });
  await expect(item).toContainText('Not sent');
  await expect(item.getByRole('button', { name: 'Discard' })).toBeVisible();
  await expect(item.getByRole('button', { name: 'Retry now' })).toHaveCount(0);
  await expect(
    capturer.page.getByRole('status').filter({ hasText: 'not sent because the application was decided' }),
  ).toBeVisible();
});

test('5b. opening a case decided elsewhere shows it decided before anything can be typed', async ({
  laptops,
}) => {
  const { capturer, reviewer } = laptops;
  const name = `Opened Fresh ${sequence++} (Pty) Ltd`;
  const caseId = await captureEntityPathA(capturer.t, { name, decide: false });
  await sent(capturer.t);
  const c = (await capturer.t.call('cases.get', { caseId })) as EntityCase;
  const { caseId: there } = await reviewer.t.call('desk.open', { kind: 'entity', serverId: c.serverId! });
  await reviewer.t.call('entity.decide', {
    caseId: there,
    decision: { onboardingDecision: 'Declined', declinedComments: 'Not a client for us' },
  });
  await sent(reviewer.t);
  await capturer.desk.openCase(name);
  await expect(capturer.page.getByText(/Read only\. Decided on the service: Declined/)).toBeVisible();
});

test('6. a reviewer is told before an edit makes them a maker, and a case nobody may decide says so', async ({
  laptops,
}) => {
  const { capturer, reviewer } = laptops;
  const name = `Typo Holdings ${sequence++} (Pty) Ltd`;
  const { caseId } = await capturer.t.call('entity.create', {
    entityRegName: name,
    entityRegNumber: '2019/000000/07',
    entityType: 1,
  });
  await capturer.t.call('entity.saveKyb', {
    caseId,
    kyb: {
      entityTradingName: 'Typo Holdngs',
      addressCountry: 1,
      countriesTransactedWith: [1],
      entityDetailsConfirmed: true,
    },
  });
  await reviewEntitySanctions(capturer.t, caseId);
  await sent(capturer.t);
  const c = await capturer.t.call('cases.get', { caseId });
  await openOnDesk(reviewer, 'entity', c.clientReference, name);
  const { page, desk } = reviewer;
  await expect(page.getByTestId('maker-notice')).toContainText(
    'If you change its details, people or documents you become one of its makers and can no longer decide it: then nobody here could',
  );
  await desk.goToStep('Business details (KYB)');
  await page.getByRole('textbox', { name: /^Trading name/ }).fill('Typo Holdings');
  await page.getByRole('button', { name: 'Save business details' }).click();
  await expect(page.getByTestId('nobody-may-decide')).toBeVisible({ timeout: 30_000 });
  await desk.goToStep('Onboarding decision');
  await expect(page.getByTestId('decision-role')).toHaveText(
    'You changed this case, so someone else must decide it (maker and checker).',
  );
  await screenshot(page, 'one-path-nobody-may-decide');
});

test('7. an owner rated High Risk is named beside the entity’s own band', async ({ laptops }) => {
  const { capturer, reviewer } = laptops;
  const name = `Minister Holdings ${sequence++} (Pty) Ltd`;
  const { caseId } = await capturer.t.call('entity.create', {
    entityRegName: name,
    entityRegNumber: '2018/000000/07',
    entityType: 1,
  });
  await capturer.t.call('entity.saveKyb', {
    caseId,
    kyb: {
      entityTradingName: 'Minister',
      addressCountry: 1,
      countriesTransactedWith: [1],
      entityDetailsConfirmed: true,
    },
  });
  await reviewEntitySanctions(capturer.t, caseId);
  const owner = await capturer.t.call('entity.saveUbo', {
    caseId,
    body: {
      firstName: 'Peter',
      lastName: 'Politician',
      clientSACitizen: true,
      idNumber: idNumber(),
      isShareholder: true,
      shareholderPercentage: '70',
    },
  });
  const other = await capturer.t.call('entity.saveUbo', {
    caseId,
    body: {
      firstName: 'Jane',
      lastName: 'Doe',
      clientSACitizen: true,
      idNumber: idNumber(),
      isShareholder: true,
      shareholderPercentage: '30',
    },
  });
  for (const [uboId, verdict] of [
    [owner.uboId, 'true-match'],
    [other.uboId, 'false-positive'],
  ] as const) {
    await expect
      .poll(
        async () =>
          ((await capturer.t.call('cases.get', { caseId })) as EntityCase).ubos.find((u) => u.id === uboId)
            ?.screening != null,
        { timeout: 60_000 },
      )
      .toBe(true);
    const u = ((await capturer.t.call('cases.get', { caseId })) as EntityCase).ubos.find(
      (x) => x.id === uboId,
    )!;
    await capturer.t.call('entity.uboPepConfirm', {
      caseId,
      uboId,
      review: { pepConfirmReviewed: true },
      screening: {
        fingerprint: screeningFingerprint(u.screening)!,
        dispositions: screeningHits(u.screening).map((h) => ({
          hitKey: h.key,
          verdict,
          reason: 'He is the deputy minister',
        })),
      },
    });
    await expect
      .poll(
        async () =>
          ((await capturer.t.call('cases.get', { caseId })) as EntityCase).ubos.find((x) => x.id === uboId)
            ?.riskStatus,
        { timeout: 60_000 },
      )
      .not.toBe('Undetermined');
    const fresh = ((await capturer.t.call('cases.get', { caseId })) as EntityCase).ubos.find(
      (x) => x.id === uboId,
    )!;
    await captureChecklist(
      capturer.t,
      caseId,
      { kind: 'ubo', uboId },
      fresh.checklist,
      fresh.details.firstName,
    );
    await capturer.t.call('entity.uboConfirmDocs', { caseId, uboId });
  }
  await capturer.t.call('entity.confirmShareholding', { caseId });
  await expect
    .poll(async () => (await capturer.t.call('cases.get', { caseId })).riskBand, { timeout: 60_000 })
    .not.toBe('Undetermined');
  await sent(capturer.t);
  const c = (await capturer.t.call('cases.get', { caseId })) as EntityCase;
  expect(c.riskBand).toBe('Low Risk');

  await openOnDesk(reviewer, 'entity', c.clientReference, name);
  await reviewer.desk.goToStep('Onboarding decision');
  const warnings = reviewer.page.getByTestId('decision-warnings').first();
  await expect(warnings).toContainText('Peter Politician (owner, 70 % effective) is rated High Risk.');
  await expect(warnings).toContainText(
    /PEP match “Peter Politician” \(score 95\) marked a true match by Demo Partner Capturer/,
  );
  await screenshot(reviewer.page, 'one-path-owner-high-risk');
});

test('8. a decision’s typed comments are kept on the way to another screen and back', async ({ laptops }) => {
  const { capturer, reviewer } = laptops;
  const c = await capturedIndividual(capturer.t, 'Ayanda Khumalo');
  await openOnDesk(reviewer, 'individual', c.clientReference, c.title);
  await reviewer.desk.goToStep('Onboarding decision');
  await reviewer.page.getByRole('radio', { name: 'Refer back with a reason' }).check();
  await reviewer.page.getByLabel('Comments').fill('Ask for the three latest payslips');
  await reviewer.desk.open('Queue');
  await reviewer.page.goBack();
  await reviewer.page.goBack();
  await expect(reviewer.page.getByLabel('Comments')).toHaveValue('Ask for the three latest payslips', {
    timeout: 30_000,
  });
  await expect(reviewer.page.getByRole('radio', { name: 'Refer back with a reason' })).toBeChecked();
});
