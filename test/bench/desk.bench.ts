// The reviewer's desk at scale. Seeds 100 000 entities straight into the sandbox's SQLite (one
// transaction), then runs the sandbox in its own process so only the core's memory is measured:
// - the first page of the service list, from the `desk.list` IPC call to its answer (p50 / p95);
//   target < 1 s;
// - taking a case for offline review, 20 documents of 5 MB and then of 20 MB (the individual upload
//   limit): time and the core's peak RSS growth (sampled every 10 ms); targets < 100 MB and < 150 MB.
// Prints figures only; it fails when seeding, a request or the take fails.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { startSandbox } from '../../server/index.js';
import type { Entity } from '../../server/store/entities.js';
import { makeSouthAfricanId } from '../../shared/domain/sa-id.js';
import { startTestCore } from '../support/core-harness.js';
import { memorySecretStores } from '../support/memory-secret-store.js';
import { startSandboxChild } from '../support/sandbox-child.js';
import { serviceView } from '../support/service-view.js';
import { loadAverage } from './support/load-average.js';
import { watchPeakRss } from './support/peak-rss.js';

console.log(`desk: ${loadAverage()}`);

const ENTITIES = Number(process.env.BENCH_DESK_ENTITIES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 21);
const DOCUMENTS = 20;
const DOCUMENT_BYTES = 5 * 1024 * 1024;
const MB = 1024 * 1024;

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))]!;
};

function entity(partnerId: string, n: number, at: string): Entity {
  return {
    id: randomUUID(),
    partnerId,
    entityType: 1,
    regName: `Bench ${n} Holdings`,
    regNumber: `2001/${String(n).padStart(6, '0')}/07`,
    clientReference: `CR-${String(n).padStart(7, '0')}`,
    externalSystemId: `crm-${n}`,
    ficaStatus: ['In Progress', 'Approved', 'Declined', 'Referred'][n % 4]!,
    riskStatus: ['Undetermined', 'Low Risk', 'Medium Risk', 'High Risk'][n % 4]!,
    riskReason: null,
    riskScore: null,
    registryCommercialName: null,
    registryResponse: { lookedUp: true },
    sanctionsResults: { matchedNumber: 0, matchedEntities: [], webSearchResults: [] },
    kyb: null,
    sanctionSearchCompleted: false,
    adverseSearchKYC: false,
    directorsConfirmed: false,
    organigram: null,
    organigramReviewed: false,
    shareholdersAdminConfirmed: false,
    docsUploadedReviewed: false,
    onboardingDecision: 'In Progress',
    approvedComments: null,
    declinedComments: null,
    referComments: null,
    nextFicaReviewDate: null,
    approvalDate: null,
    createdAt: at,
    lastUpdated: at,
  };
}

/** A file the sandbox takes as a PDF: the header and trailer around incompressible bytes. */
function bigPdf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n%\xE2\xE3\xCF\xD3\n', 'latin1');
  const tail = Buffer.from('\n%%EOF\n');
  return Buffer.concat([head, randomBytes(size - head.length - tail.length), tail]);
}

console.log(
  `  load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (1, 5, 15 min)`,
);
const dir = await mkdtemp(join(tmpdir(), 'fica-bench-desk-'));
const sandboxDir = join(dir, 'sandbox');
try {
  const seeding = await startSandbox({ port: 0, dataDir: sandboxDir });
  const seedStart = performance.now();
  const partnerId = seeding.demoPartner.partnerId;
  const base = Date.parse('2024-01-01T00:00:00Z');
  seeding.context.db.transaction(() => {
    for (let n = 0; n < ENTITIES; n++)
      seeding.context.entities.insert(entity(partnerId, n, new Date(base + n * 60_000).toISOString()));
  })();
  console.log(`  seeded ${ENTITIES} entities in ${(performance.now() - seedStart).toFixed(0)} ms`);
  await seeding.stop();

  const sandbox = await startSandboxChild(sandboxDir);
  try {
    const t = await startTestCore({
      dataDir: join(dir, 'core'),
      secretStore: memorySecretStores(),
      sandbox: { url: sandbox.url, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret },
      startQueue: false,
      // Taking a case for review is a reviewer's act.
      actingAs: 'reviewer',
    });
    await t.call('lookups.refresh', {});

    const firstPage: number[] = [];
    const filtered: number[] = [];
    let count = 0;
    for (let i = 0; i < RUNS; i++) {
      let started = performance.now();
      const page = await t.call('desk.list', { kind: 'entity', take: 50 });
      firstPage.push(performance.now() - started);
      count = page.count;
      if (page.rows.length !== 50) throw new Error(`first page has ${page.rows.length} rows`);
      started = performance.now();
      await t.call('desk.list', {
        kind: 'entity',
        take: 100,
        ficaStatus: 'Approved',
        riskDescription: 'High',
      });
      filtered.push(performance.now() - started);
    }
    const verdict = (ms: number) => (ms < 1000 ? 'OK' : 'ABOVE TARGET');
    console.log(
      `  desk.list first page of ${count} entities: p50 ${percentile(firstPage, 0.5).toFixed(1)} ms, p95 ${percentile(firstPage, 0.95).toFixed(1)} ms (target < 1000 ms) ${verdict(percentile(firstPage, 0.95))}`,
    );
    console.log(
      `  desk.list 100 a page, filtered by status and risk: p50 ${percentile(filtered, 0.5).toFixed(1)} ms, p95 ${percentile(filtered, 0.95).toFixed(1)} ms`,
    );

    // A case captured elsewhere with 20 documents, taken for review: opened, its documents streamed
    // into the vault one at a time, and its report.
    const service = await serviceView(sandbox);
    const users = await service.api.lookup('users');
    const capturer = users.find((u) => /Capturer/.test(u.name))!.id;
    const lookups = await t.call('lookups.get', {});
    let sequence = 7;
    const takeCase = async (documentBytes: number, target: number): Promise<void> => {
      const created = await service.api.createIndividual({
        firstName: 'Bench',
        lastName: `Taken ${sequence}`,
        clientSACitizen: true,
        idNumber: makeSouthAfricanId({
          birthDate: '1985-04-05',
          gender: 'Male',
          citizenship: 'citizen',
          sequence: sequence++,
        }),
        userID: capturer,
      });
      await service.api.amlScreening(created.id);
      await service.api.externalValidation(created.id, {});
      await service.api.pepSanctionsDecision(created.id, {
        pepConfirmReviewed: true,
        adverseSearchKYC: false,
        clientForeignOfficial: false,
        userID: capturer,
        partnerID: lookups.partner!.id,
      });
      const group = lookups.individualDocGroups[0]!;
      const type = lookups.individualDocTypes.find((d) => d.docID === group.id)!;
      const file = bigPdf(documentBytes);
      for (let i = 0; i < DOCUMENTS; i++)
        await service.api.uploadIndividualDocument(
          created.id,
          {
            open: () => Readable.from(file),
            size: file.length,
            filename: `statement-${i}.pdf`,
            mimeType: 'application/pdf',
          },
          [{ individualDocsID: group.id, IndividualDocTypesID: type.id }],
        );

      globalThis.gc?.();
      const before = process.memoryUsage.rss();
      const watch = watchPeakRss();
      const started = performance.now();
      const { caseId } = await t.call('desk.take', { kind: 'individual', serverId: created.id });
      const took = performance.now() - started;
      const peak = watch.stop();
      const kept = (await t.call('cases.get', { caseId })).documents;
      if (kept.length !== DOCUMENTS) throw new Error(`took ${kept.length} documents`);
      const growth = (peak - before) / MB;
      const size = `${(documentBytes / MB).toFixed(documentBytes % MB === 0 ? 0 : 2)} MB`;
      console.log(
        `  desk.take of ${DOCUMENTS} × ${size} documents and the report: ${(took / 1000).toFixed(2)} s, core peak RSS growth ${growth.toFixed(1)} MB (target < ${target} MB; ${watch.method}) ${growth < target ? 'OK' : 'ABOVE TARGET'}`,
      );
    };
    await takeCase(DOCUMENT_BYTES, 100);
    // The individual upload limit is 20 MB: the largest a client's document can be.
    await takeCase(20 * MB, 150);
    await t.core.shutdown();
  } finally {
    sandbox.stop();
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
console.log(`desk done: ${loadAverage()}`);
