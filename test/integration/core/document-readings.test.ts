// A proof of address is dated and its address compared with the one typed, a CIPC registration
// certificate's number and name with the entity's: read in the capture worker once the document is
// queued (its text layer, else OCR), kept with the case, shown on the document in the case the
// screens get, and never in the way of queueing or sending.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityCase, IndividualCase, LocalDocument } from '../../../shared/ipc/model.js';
import { startTestCore, testSecrets, waitFor, type TestCore } from '../../support/core-harness.js';
import { saId } from '../../support/flows.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';
import {
  certificateLines,
  monthsBefore,
  proofOfAddressLines,
  scannedPdf,
  textLayerPdf,
  type ProofOfAddress,
} from '../../support/address-fixtures.js';
import type { LookupBundle } from '../../../shared/ipc/contract.js';

const today = new Date().toLocaleDateString('en-CA');
const address = { street: '12 Acacia Street', suburb: 'Rosebank', town: 'Johannesburg', postalCode: '2196' };
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const humanDate = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return `${d} ${MONTHS[m! - 1]} ${y}`;
};
// OCR of a scanned page takes seconds on a loaded two-core machine.
const OCR_TIMEOUT = 240_000;

describe('documents read at the desk', () => {
  let sandbox: TestSandbox;
  let t: TestCore;
  let lookups: LookupBundle;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    t = await startTestCore({
      sandbox: { url: sandbox.url, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret },
      secretStore: testSecrets('memory'),
      // Nothing needs sending: what is read is read on this laptop.
      startQueue: false,
    });
    lookups = await t.call('lookups.refresh', {});
  });

  afterAll(async () => {
    await t?.core.shutdown();
    await sandbox?.stop();
  });

  const typeNamed = (types: LookupBundle['individualDocTypes'], name: string) => {
    const type = types.find((x) => x.name === name)!;
    return { groupId: type.docID, typeId: type.id };
  };

  async function individualWithAddress(street = address.street): Promise<string> {
    const { caseId } = await t.call('individual.create', {
      firstName: 'Thabo',
      lastName: `Mokoena${randomUUID().slice(0, 4)}`,
      clientSACitizen: true,
      idNumber: saId(),
      addressLineOne: street,
      addressLineTwo: address.suburb,
      townCity: address.town,
      zipCode: address.postalCode,
    });
    return caseId;
  }

  async function capture(
    caseId: string,
    owner: LocalDocument['owner'],
    pair: { groupId: number; typeId: number },
    name: string,
    bytes: Uint8Array<ArrayBuffer>,
  ): Promise<string> {
    const draft = await t.call('documents.startDraft', { caseId, owner });
    const added = await t.call('documents.addPages', { draftId: draft.id, files: [{ name, bytes }] });
    expect(added.refused).toEqual([]);
    return (await t.call('documents.submitDraft', { draftId: draft.id, pairs: [pair] })).id;
  }

  async function readDocument(
    caseId: string,
    documentId: string,
    timeoutMs = 60_000,
  ): Promise<LocalDocument> {
    const c = await waitFor(
      'the document to be read',
      () => t.call('cases.get', { caseId }),
      (detail) => allDocuments(detail).find((d) => d.id === documentId)?.reading?.state !== 'reading',
      timeoutMs,
    );
    return allDocuments(c).find((d) => d.id === documentId)!;
  }

  const allDocuments = (c: IndividualCase | EntityCase | Awaited<ReturnType<TestCore['call']>>) => {
    const detail = c as IndividualCase | EntityCase;
    return [
      ...detail.documents,
      ...(detail.kind === 'entity' ? detail.ubos.flatMap((u) => u.documents) : []),
    ];
  };

  const bill = (date: string, street = address.street): ProofOfAddress => ({
    kind: 'utility-bill',
    holder: 'Thabo Mokoena',
    address: { ...address, street },
    date,
    format: 0,
  });

  it('dates a utility bill, says how old it is and that its address agrees', async () => {
    const caseId = await individualWithAddress();
    const date = monthsBefore(today, 1);
    const id = await capture(
      caseId,
      { kind: 'individual' },
      typeNamed(lookups.individualDocTypes, 'Utility bill'),
      'bill.pdf',
      await textLayerPdf(proofOfAddressLines(bill(date))),
    );
    // Queued at once; the reading follows.
    expect((await t.call('status.get', {})).unsentCount).toBeGreaterThan(0);
    const doc = await readDocument(caseId, id);
    expect(doc.reading).toMatchObject({
      kind: 'proof-of-address',
      state: 'read',
      source: 'text-layer',
      date,
      age: { stale: false, limitMonths: 3, words: '1 month old' },
      address: { differences: [], nothingTyped: false },
    });
    expect(doc.reading!.address!.found).toEqual(['12 Acacia Street', 'Rosebank', 'Johannesburg', '2196']);
    expect(doc.reading!.findings).toEqual([
      { tone: 'ok', text: `Dated ${humanDate(date)} (statement date): 1 month old.` },
      { tone: 'ok', text: 'The address agrees with the one typed.' },
    ]);
  });

  it('warns of a bill older than the limit and names where its address differs', async () => {
    const caseId = await individualWithAddress();
    const date = monthsBefore(today, 5);
    const id = await capture(
      caseId,
      { kind: 'individual' },
      typeNamed(lookups.individualDocTypes, 'Bank statement'),
      'old.pdf',
      await textLayerPdf(proofOfAddressLines({ ...bill(date, '21 Acacia Street'), kind: 'bank-statement' })),
    );
    const doc = await readDocument(caseId, id);
    expect(doc.reading).toMatchObject({
      date,
      age: { stale: true, words: '5 months old, older than 3 months' },
      address: { differences: ['Street: typed “12 Acacia Street”, the document says “21 Acacia Street”.'] },
    });
    expect(doc.reading!.findings).toEqual([
      { tone: 'warn', text: `Dated ${humanDate(date)} (statement date): 5 months old, older than 3 months.` },
      { tone: 'warn', text: 'Street: typed “12 Acacia Street”, the document says “21 Acacia Street”.' },
    ]);
    // Never a gate: the document stays queued like any other.
    expect(doc.state).toBe('queued');

    // The limit is a setting (an administrator's): at six months the same statement is in time.
    await t.actAs('admin');
    await t.call('settings.update', { proofOfAddressMonths: 6 });
    await t.actAs('capturer');
    const again = await readDocument(caseId, id);
    expect(again.reading?.age).toEqual({ stale: false, words: '5 months old', limitMonths: 6 });
    await t.actAs('admin');
    await t.call('settings.update', { proofOfAddressMonths: 3 });
    await t.actAs('capturer');
  });

  it('checks a registration certificate’s number and name against the entity', async () => {
    const { caseId } = await t.call('entity.create', {
      entityRegName: 'Acme Trading (Pty) Ltd',
      entityRegNumber: '2015/123456/07',
      entityType: 1,
    });
    const pair = typeNamed(lookups.entityDocTypes, 'Registration certificate (CoR 14.3)');
    const matching = await capture(
      caseId,
      { kind: 'entity' },
      pair,
      'cor14-3.pdf',
      await textLayerPdf(
        certificateLines({
          form: 'CoR 14.3',
          number: '2015/123456/07',
          name: 'ACME TRADING PROPRIETARY LIMITED',
        }),
      ),
    );
    expect((await readDocument(caseId, matching)).reading).toMatchObject({
      kind: 'registration-certificate',
      state: 'read',
      certificate: { form: 'CoR 14.3', registrationNumber: '2015/123456/07', disagreements: [], unread: [] },
      findings: [{ tone: 'ok', text: 'The registration number and name agree with the entity’s.' }],
    });
    const other = await capture(
      caseId,
      { kind: 'entity' },
      pair,
      'other.pdf',
      await textLayerPdf(
        certificateLines({ form: 'CoR 14.3', number: '2015/654321/07', name: 'ACME TRADERS (PTY) LTD' }),
      ),
    );
    const read = await readDocument(caseId, other);
    expect(read.reading?.certificate?.disagreements).toEqual([
      'Registration number: typed “2015/123456/07”, the certificate says “2015/654321/07”.',
      'Name: typed “Acme Trading (Pty) Ltd”, the certificate says “ACME TRADERS (PTY) LTD”.',
    ]);
    expect(read.reading?.findings.every((f) => f.tone === 'warn')).toBe(true);
  });

  it(
    'reads a person’s scanned lease by OCR, and keeps what it read across a restart',
    async () => {
      const { caseId } = await t.call('entity.create', {
        entityRegName: 'Lease Holdings (Pty) Ltd',
        entityRegNumber: '2019/000000/07',
        entityType: 1,
      });
      await t.call('entity.saveKyb', {
        caseId,
        kyb: { entityTradingName: 'Lease Holdings', addressCountry: 1, entityDetailsConfirmed: true },
      });
      const { uboId } = await t.call('entity.saveUbo', {
        caseId,
        body: {
          firstName: 'Thabo',
          lastName: 'Mokoena',
          clientSACitizen: true,
          idNumber: saId(),
          isDirector: true,
          isShareholder: true,
          shareholderPercentage: '100',
          addressLine1: address.street,
          addressLine2: address.suburb,
          addressLine3: address.town,
          addressZipCode: address.postalCode,
        },
      });
      const date = monthsBefore(today, 0, 10);
      const id = await capture(
        caseId,
        { kind: 'ubo', uboId },
        typeNamed(lookups.individualDocTypes, 'Lease agreement'),
        'lease scan.pdf',
        await scannedPdf(proofOfAddressLines({ ...bill(date), kind: 'lease' })),
      );
      const doc = await readDocument(caseId, id, OCR_TIMEOUT);
      expect(doc.reading).toMatchObject({
        state: 'read',
        source: 'ocr',
        date,
        age: { stale: false },
        address: { differences: [] },
      });
      expect(doc.reading!.findings.at(-1)).toEqual({
        tone: 'info',
        text: 'Read by OCR from the scanned image: check the date and address against the document.',
      });

      await t.restart();
      const after = allDocuments(await t.call('cases.get', { caseId })).find((d) => d.id === id)!;
      expect(after.reading).toEqual(doc.reading);
    },
    OCR_TIMEOUT + 60_000,
  );

  it('reads, when the core starts, a document it had not read when it stopped', async () => {
    const caseId = await individualWithAddress();
    const date = monthsBefore(today, 2);
    const id = await capture(
      caseId,
      { kind: 'individual' },
      typeNamed(lookups.individualDocTypes, 'Utility bill'),
      'bill.pdf',
      await textLayerPdf(proofOfAddressLines(bill(date))),
    );
    await readDocument(caseId, id);
    // As if the core had stopped before reading it.
    t.core.internals.db.prepare('DELETE FROM document_readings WHERE document_id = ?').run(id);
    await t.restart();
    const doc = await readDocument(caseId, id);
    expect(doc.reading).toMatchObject({ state: 'read', date });
  });

  it('reads nothing on other documents', async () => {
    const caseId = await individualWithAddress();
    const id = await capture(
      caseId,
      { kind: 'individual' },
      typeNamed(lookups.individualDocTypes, 'Passport'),
      'passport.pdf',
      await textLayerPdf(['PASSPORT', 'Republic of South Africa']),
    );
    const doc = allDocuments(await t.call('cases.get', { caseId })).find((d) => d.id === id)!;
    expect(doc.reading).toBeNull();
  });
});
