// The reviewer's desk: a case captured elsewhere is found on the service by its reference, opened
// with its document, taken for review and decided by a reviewer.
import { Readable } from 'node:stream';
import { makeSouthAfricanId } from '../../shared/domain/sa-id.js';
import { serviceView } from '../support/service-view.js';
import { pdfFile } from './files.js';
import { expect, expectAccessible, test } from './fixtures.js';

test('a reviewer lists, opens, takes and decides a case captured elsewhere', async ({ desk, page, host }) => {
  const sandbox = host.sandbox!;
  const service = await serviceView({
    url: sandbox.url,
    clientId: sandbox.demoPartner.clientId,
    clientSecret: sandbox.demoPartner.clientSecret,
  });
  const users = await service.api.lookup('users');
  const capturer = users.find((u) => /Capturer/.test(u.name))!.id;
  const reference = `DESK-E2E-${Date.now() % 1_000_000}`;
  const created = await service.api.createIndividual({
    firstName: 'Thandeka',
    lastName: 'Elsewhere',
    clientSACitizen: true,
    idNumber: makeSouthAfricanId({
      birthDate: '1988-07-09',
      gender: 'Female',
      citizenship: 'citizen',
      sequence: 11,
    }),
    clientRef: reference,
    userID: capturer,
  });
  await service.api.amlScreening(created.id);
  await service.api.externalValidation(created.id, {});
  await service.api.pepSanctionsDecision(created.id, {
    pepConfirmReviewed: true,
    adverseSearchKYC: false,
    clientForeignOfficial: false,
    userID: capturer,
    partnerID: (await service.api.lookup('partner')).id,
  });
  const groups = await service.api.lookup('individualDocs');
  const types = await service.api.lookup('individualDocTypes');
  const file = await pdfFile('thandeka-id.pdf', 'Identity document', 1);
  const bytes = Buffer.from(file.buffer);
  await service.api.uploadIndividualDocument(
    created.id,
    { open: () => Readable.from(bytes), size: bytes.length, filename: file.name, mimeType: file.mimeType },
    [
      {
        individualDocsID: groups[0]!.id,
        IndividualDocTypesID: types.find((t) => t.docID === groups[0]!.id)!.id,
      },
    ],
  );

  await desk.actAs('reviewer');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: "Reviewer's desk" }).click();
  await expect(page.getByRole('heading', { level: 1, name: "Reviewer's desk" })).toBeVisible();
  await page.getByRole('button', { name: 'Individuals' }).click();
  await page.getByLabel('Client reference').fill(reference);
  await expect(page.getByText('1–1 of 1')).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, "the reviewer's desk");
  await page.getByRole('link', { name: 'Thandeka Elsewhere' }).click();

  // The service's case is now a case of this laptop: the same steps, evidence and decision.
  await expect(page.getByRole('heading', { level: 1, name: 'Thandeka Elsewhere' })).toBeVisible();
  await expect(page.getByTestId('desk-origin')).toContainText('From the service');
  await desk.goToStep('Documents');
  await page.getByRole('button', { name: 'Open thandeka-id.pdf' }).first().click();
  const viewer = page.getByRole('dialog', { name: /^Document / });
  await expect(viewer.getByRole('toolbar', { name: 'Document viewer' })).toBeVisible({ timeout: 60_000 });
  await viewer.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Take for review' }).click();
  await expect(page.getByText(/Taken for review: the record, its 1 document and the report/)).toBeVisible({
    timeout: 60_000,
  });
  await expectAccessible(page, 'a case from the desk');

  await desk.goToStep('Onboarding decision');
  await page.getByRole('radio', { name: 'Refer back with a reason' }).check();
  await page.getByLabel('Comments').fill('Second opinion on the source of funds.');
  await desk.recordDecision('Refer back with a reason');
  await expect(desk.content().getByText('Decision: Refer')).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(async () => (await service.individual(created.id)).onboardingDecision, { timeout: 60_000 })
    .toBe('Refer');

  await page.getByRole('link', { name: "← Reviewer's desk" }).click();
  await expect(
    page
      .getByRole('region', { name: 'Opened on this laptop' })
      .getByRole('link', { name: 'Thandeka Elsewhere' }),
  ).toBeVisible();
});
