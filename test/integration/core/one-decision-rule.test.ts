// One rule decides: for any state of a case, captured here or opened from the service on the desk,
// and any decision a person types, the core's decision command refuses exactly what the decision
// form shows it refuses (decisionRefusal on the facts the case screen receives), with the same words.
// Real SQLite file, the core's own stores, commands and views; no service is needed to decide.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AmlScreeningResult } from '../../../shared/api/index.js';
import {
  decisionRefusal,
  screeningFingerprint,
  screeningHits,
  type DecisionActor,
} from '../../../shared/domain/index.js';
import { emptyLookupBundle } from '../../../shared/ipc/empty-lookups.js';
import type { LookupBundle } from '../../../shared/ipc/contract.js';
import { DeskError } from '../../../shared/ipc/errors.js';
import { noReviewYet, type IndividualData } from '../../../electron/core/cases/case-data.js';
import { CaseService } from '../../../electron/core/cases/case-service.js';
import { CaseStore } from '../../../electron/core/cases/case-store.js';
import { CaseViews } from '../../../electron/core/cases/case-views.js';
import { openDatabase, type Db } from '../../../electron/core/db/index.js';
import { JobRemoval } from '../../../electron/core/jobs/job-removal.js';
import { JobStore } from '../../../electron/core/jobs/job-store.js';
import { CaseKeys } from '../../../electron/core/vault/case-keys.js';
import { Vault } from '../../../electron/core/vault/index.js';

const HIT = { name: 'Xolani Politician', matchType: 'PEP', score: 95, source: 'register' };
const results = (hits: number): AmlScreeningResult => ({
  matchedNumber: hits,
  matchedEntities: Array.from({ length: hits }, () => HIT),
  webSearchResults: [],
});

describe('one decision rule for every path', () => {
  let dir: string;
  let db: Db;
  let store: CaseStore;
  let cases: CaseService;
  let views: CaseViews;
  let actor: DecisionActor | null = null;
  const lookups: LookupBundle = {
    ...emptyLookupBundle(),
    individualDocGroups: [
      {
        id: 1,
        name: 'Proof of identity',
        lowRiskDescription: '',
        mediumRiskDescription: '',
        highRiskDescription: '',
        lowRiskRequired: true,
        mediumRiskRequired: true,
        highRiskRequired: true,
        active: true,
      },
    ],
    individualDocTypes: [{ id: 1, docID: 1, name: 'Smart ID card', active: true }],
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fica-one-rule-'));
    const key = randomBytes(32);
    const vault = await Vault.open({
      dir: join(dir, 'vault'),
      keyStore: { getOrCreate: async () => Buffer.from(key) },
    });
    db = openDatabase(join(dir, 'desk.sqlite'), { fields: vault });
    db.prepare(
      "INSERT INTO profiles (id, name, kind, base_url, token_url, created_at) VALUES ('p1', 'Sandbox', 'sandbox', 'http://127.0.0.1:9', NULL, '2026-11-01T09:00:00.000Z')",
    ).run();
    store = new CaseStore(db, new CaseKeys(db, vault));
    const jobs = new JobStore(db, () => actor?.id ?? null);
    const audit = () => undefined;
    cases = new CaseService({
      store,
      jobs,
      removal: new JobRemoval({ store, jobs, audit }),
      lookups: () => lookups,
      currentUserId: () => actor?.id ?? null,
      actor: () => actor,
      profileId: () => 'p1',
      audit,
      changed: () => undefined,
    });
    views = new CaseViews({
      store,
      jobs,
      lookups: () => lookups,
      waiting: () => new Map(),
      firstWaiting: () => null,
      progressOf: () => null,
      serviceCheck: () => null,
      lastHistoryId: () => null,
    });
  });

  afterAll(async () => {
    db?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses in the core exactly what the decision form refuses, for a captured and a desk case alike', () => {
    const user = fc.constantFrom('capturer', 'reviewer', 'other');
    fc.assert(
      fc.property(
        fc.record({
          origin: fc.constantFrom('captured' as const, 'desk' as const),
          hits: fc.integer({ min: 0, max: 2 }),
          reviewed: fc.boolean(),
          record: fc.constantFrom('none', 'matching', 'other results'),
          docsConfirmed: fc.boolean(),
          band: fc.constantFrom('Low Risk', 'High Risk' as const),
          decided: fc.constantFrom(null, 'Approved' as const, 'Refer' as const),
          createdBy: fc.option(user, { nil: null }),
          makers: fc.subarray(['capturer', 'reviewer', 'other']),
        }),
        fc.option(fc.record({ id: user, roles: fc.subarray(['capturer', 'reviewer', 'admin'] as const) }), {
          nil: null,
        }),
        fc.constantFrom('Approved', 'Declined', 'Refer', 'In Progress' as const),
        fc.option(fc.constantFrom('', 'Reason on record'), { nil: undefined }),
        fc.option(fc.constantFrom('2020-01-01T00:00:00.000Z', '2099-01-01T00:00:00.000Z'), {
          nil: undefined,
        }),
        (state, who, onboardingDecision, comments, nextFicaReviewDate) => {
          const aml = results(state.hits);
          const fingerprint =
            state.record === 'matching' ? screeningFingerprint(aml)! : screeningFingerprint(results(3))!;
          const data: IndividualData = {
            kind: 'individual',
            create: {
              firstName: 'Xolani',
              lastName: 'Politician',
              clientSACitizen: true,
              idNumber: '8001015009087',
            },
            pendingUpdate: null,
            amlRequested: true,
            amlScreening: aml,
            validationRequested: true,
            validationOverrides: null,
            externalValidation: {
              consumerDetail: {},
              kycResult: { IDStatusDesc: 'Verified' },
              consumerEmploymentHistory: [],
            },
            pepDecision: state.reviewed
              ? {
                  pepConfirmReviewed: true,
                  adverseSearchKYC: false,
                  clientForeignOfficial: false,
                  clientForeignOfficialType: null,
                }
              : null,
            pepReviewRecord:
              state.reviewed && state.record !== 'none'
                ? {
                    fingerprint,
                    dispositions: screeningHits(aml).map((h) => ({
                      hitKey: h.key,
                      verdict: 'false-positive' as const,
                      reason: 'Another person',
                    })),
                    reviewedBy: 'capturer',
                    reviewedAt: '2026-11-01T10:00:00.000Z',
                    madeOn: state.origin === 'desk' ? 'service' : 'here',
                  }
                : null,
            pepSynced: state.reviewed,
            riskBand: state.reviewed ? state.band : 'Undetermined',
            riskReason: null,
            docsConfirmRequested: state.docsConfirmed,
            docsConfirmed: state.docsConfirmed,
            decisionBody: null,
            decision: state.decided
              ? {
                  onboardingDecision: state.decided,
                  comments: 'earlier',
                  nextFicaReviewDate: null,
                  decidedBy: 'someone',
                  decidedAt: '2026-11-02T10:00:00.000Z',
                  synced: true,
                  source: 'service',
                }
              : null,
            bankVerification: null,
            reportVaultId: null,
            reportFingerprint: null,
            ...noReviewYet(),
            makers: state.makers,
          };
          const caseId = randomUUID();
          const now = new Date().toISOString();
          store.cases.insertCase({
            id: caseId,
            kind: 'individual',
            origin: state.origin,
            profileId: 'p1',
            title: 'Xolani Politician',
            clientReference: `REF-${caseId.slice(0, 8)}`,
            status: 'synced',
            serverId: randomUUID(),
            createdBy: state.createdBy,
            createdAt: now,
            updatedAt: now,
            blockedReason: null,
            decidedAt: null,
            purgedAt: null,
            reportCachedAt: null,
            data,
          });
          // A document on file for the band's one required group, as the service holds it.
          store.documents.insertDocument({
            id: randomUUID(),
            caseId,
            owner: { kind: 'individual' },
            pairs: [{ groupId: 1, typeId: 1 }],
            filename: 'id.pdf',
            mimeType: 'application/pdf',
            size: 10,
            sha256: '',
            pageCount: 1,
            vaultId: null,
            state: 'on-file',
            error: null,
            serverIds: [1],
            capturedAt: now,
            removed: false,
          });
          actor = who;
          const input = {
            onboardingDecision,
            ...(comments !== undefined ? { additionalComments: comments } : {}),
            ...(nextFicaReviewDate ? { nextFicaReviewDate } : {}),
          };
          // What the decision form shows, from the facts the case screen receives.
          const facts = views.detail(caseId)!.decisionFacts;
          const shown = decisionRefusal(
            facts,
            who,
            { onboardingDecision, comments, nextReviewDate: nextFicaReviewDate },
            new Date().toISOString(),
          );
          let refused: string | null = null;
          try {
            cases.individuals.decideIndividual(caseId, input);
          } catch (error) {
            if (!(error instanceof DeskError)) throw error;
            refused = error.message;
          }
          expect(refused).toBe(shown?.message ?? null);
        },
      ),
      { numRuns: 300 },
    );
  });
});
