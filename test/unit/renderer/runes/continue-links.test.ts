// The case screens' "Continue to …" links follow the workflow table: each step's link names the next
// step's label and goes to it, on both entity paths, at the end of a person's loop and for an
// individual. The screens are rendered with Svelte's server renderer (no browser) from cases where
// every step before the decision is done, so every link a step can show is shown.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Component } from 'svelte';
import { render } from 'svelte/server';
import {
  ENTITY_STEPS_PATH_A,
  ENTITY_STEPS_PATH_B,
  INDIVIDUAL_STEPS,
  entitySteps,
  individualSteps,
  type EntityWorkflowState,
  type StepDef,
} from '../../../../shared/domain/index.js';
import type {
  Checklist,
  EntityCase,
  IndividualCase,
  LocalUbo,
  StepView,
} from '../../../../shared/ipc/index.js';
import { caseHref } from '../../../../renderer/lib/routes.js';
import { installFakeDesk } from './fake-desk.js';

type Screen = Component<Record<string, unknown>>;
let EntityCaseView: Screen;
let IndividualCaseView: Screen;

beforeAll(async () => {
  // Node has no window: the router reads the address once as it is imported.
  const global = globalThis as unknown as { window?: Record<string, unknown> };
  global.window ??= {};
  Object.assign(global.window, { location: { hash: '' }, addEventListener: () => undefined });
  installFakeDesk();
  EntityCaseView = (await import('../../../../renderer/screens/entity/EntityCaseView.svelte'))
    .default as unknown as Screen;
  IndividualCaseView = (await import('../../../../renderer/screens/individual/IndividualCaseView.svelte'))
    .default as unknown as Screen;
}, 60_000);

const store = { set: () => undefined, load: async () => undefined };

interface Link {
  href: string;
  text: string;
}

/** The "Continue to …" links of a rendered screen, their text as a person reads it. */
function continueLinks(html: string): Link[] {
  const plain = html.replace(/<!--[\s\S]*?-->/g, '');
  const links: Link[] = [];
  for (const match of plain.matchAll(/<a\b[^>]*\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)) {
    const text = match[2]!
      .replace(/<[^>]+>/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    if (/^Continue\b/.test(text)) links.push({ href: decodeEntities(match[1]!), text });
  }
  return links;
}

const decodeEntities = (text: string) => text.replace(/&amp;/g, '&').replace(/&quot;/g, '"');

/** What the link must say: "Continue to" and the step's label, in the sentence's case. */
function expectContinueTo(links: Link[], caseId: string, next: StepDef): void {
  expect(links).toHaveLength(1);
  expect(links[0]!.href).toBe(caseHref(caseId, next.id));
  expect(links[0]!.text.toLowerCase()).toBe(`continue to ${next.label.toLowerCase()}`);
}

const stepViews = (steps: ReadonlyArray<{ id: string; label: string; status: string }>): StepView[] =>
  steps.map((s) => ({
    id: s.id,
    label: s.label,
    status: s.status === 'done' ? 'done' : 'available',
    blockedBy: null,
    waitingFor: null,
  }));

const checklist: Checklist = { band: 'Low Risk', provisional: false, items: [] };
const NOW = '2026-11-27T08:00:00.000Z';

const caseBase = {
  status: 'synced' as const,
  serverId: '11111111-1111-4111-8111-111111111111',
  clientReference: 'REF-1',
  createdBy: 'capturer-1',
  createdAt: NOW,
  updatedAt: NOW,
  riskBand: 'Low Risk' as const,
  riskReason: null,
  decision: null,
  documents: [],
  documentCounts: { total: 0, byState: {} },
  checklist,
  unsentJobs: 0,
  blockedReason: null,
  reportCachedAt: null,
  reviewsDue: [],
  readOnly: null,
  serviceCheck: null,
  lastHistoryId: null,
  origin: 'captured' as const,
  taken: null,
  serviceReadAt: null,
  makers: [],
  mayDecide: null,
};

const facts = (title: string) => ({
  title,
  band: 'Low Risk' as const,
  final: null,
  approvalGate: null,
  unattested: [],
  capturedBy: 'capturer-1',
  makers: [],
});

function person(id: string, firstName: string, docsConfirmed = true): LocalUbo {
  return {
    id,
    serverId: null,
    origin: 'manual',
    details: { firstName, lastName: 'Dlamini', isShareholder: true, shareholderPercentage: '50' },
    detailsCompleted: true,
    screening: null,
    pepReview: { adverseSearchKYC: false, pepConfirmReviewed: true },
    pepReviewRecord: null,
    riskStatus: 'Low Risk',
    riskReason: null,
    docsConfirmed,
    documents: [],
    documentCounts: { total: 0, byState: {} },
    checklist,
    steps: [],
  };
}

/** An entity whose every step before the decision is done, on the path the type gives. */
function entityCase(showOrganigram: boolean, ubos = [person('p1', 'Anna'), person('p2', 'Ben')]): EntityCase {
  const state: EntityWorkflowState = {
    showOrganigram,
    kybCompleted: true,
    sanctionsReviewed: true,
    organigramVerified: true,
    shareholdingConfirmed: true,
    entityBand: 'Low Risk',
    entityRequiredDocsOnFile: true,
    entityDocsConfirmed: true,
    decision: null,
    ubos: ubos.map((u) => ({
      id: u.id,
      name: u.details.firstName,
      detailsCompleted: true,
      pepConfirmed: true,
      requiredDocsOnFile: true,
      docsConfirmed: u.docsConfirmed,
    })),
  };
  return {
    ...caseBase,
    decisionFacts: facts('Acme Trading'),
    id: `entity-${showOrganigram ? 'b' : 'a'}`,
    title: 'Acme Trading',
    kind: 'entity',
    steps: stepViews(entitySteps(state)),
    create: { entityRegName: 'Acme Trading', entityRegNumber: '2015/123456/07', entityType: 1 },
    entityTypeName: showOrganigram ? 'Trust' : 'Private company',
    showOrganigram,
    foreignEntityType: false,
    registryCommercialName: 'Acme',
    registryFound: true,
    sanctionsSearchResults: null,
    kyb: null,
    sanctionsReview: { adverseSearchKYC: false, pepConfirmReviewed: true },
    sanctionsReviewRecord: null,
    ubos,
    organigram: { draft: null, verified: showOrganigram, response: null },
    shareholdingConfirmed: true,
    docsConfirmed: true,
  };
}

/** An individual whose every step before the decision is done. */
function individualCase(): IndividualCase {
  const steps = individualSteps({
    amlScreened: true,
    externallyValidated: true,
    pepDecided: true,
    band: 'Low Risk',
    requiredDocsOnFile: true,
    docsConfirmed: true,
    decision: null,
  });
  return {
    ...caseBase,
    decisionFacts: facts('Thabo Nkosi'),
    id: 'individual-1',
    title: 'Thabo Nkosi',
    kind: 'individual',
    steps: stepViews(steps),
    create: { firstName: 'Thabo', lastName: 'Nkosi', clientSACitizen: true, idNumber: '8001015009087' },
    amlScreening: { matchStatus: 'No Match', matches: [] } as unknown as IndividualCase['amlScreening'],
    externalValidation: {
      consumerDetail: {},
      kycResult: {},
      consumerEmploymentHistory: [],
    } as unknown as IndividualCase['externalValidation'],
    pepDecision: {
      pepConfirmReviewed: true,
      adverseSearchKYC: false,
      clientForeignOfficial: false,
      clientForeignOfficialType: null,
    },
    pepReviewRecord: null,
    docsConfirmed: true,
    bankVerification: null,
  };
}

// Steps with no "Continue to": a form that moves on to the next step when it is saved, and the
// decision and the report, which end the case.
const ENTITY_SAVED_BY_FORM = new Set(['kyb', 'sanctions-review']);
const INDIVIDUAL_SAVED_BY_FORM = new Set(['pep-decision']);
const LAST_STEPS = new Set(['decision', 'report']);

const renderEntity = (detail: EntityCase, step: string, sub: string | null = null) =>
  continueLinks(render(EntityCaseView, { props: { store, detail, step, sub } }).body);

describe.each([
  { path: 'A (an owner list)', showOrganigram: false, steps: ENTITY_STEPS_PATH_A },
  { path: 'B (an ownership tree)', showOrganigram: true, steps: ENTITY_STEPS_PATH_B },
])('an entity on path $path', ({ showOrganigram, steps }) => {
  const detail = entityCase(showOrganigram);

  it.each(steps.map((step, i) => ({ step, next: steps[i + 1] ?? null })))(
    'the step $step.id continues to the step after it in the table',
    ({ step, next }) => {
      const links = renderEntity(detail, step.id);
      if (ENTITY_SAVED_BY_FORM.has(step.id) || LAST_STEPS.has(step.id) || !next) expect(links).toEqual([]);
      else expectContinueTo(links, detail.id, next);
    },
  );
});

describe("a person's loop", () => {
  it.each([
    { path: 'A', showOrganigram: false, steps: ENTITY_STEPS_PATH_A },
    { path: 'B', showOrganigram: true, steps: ENTITY_STEPS_PATH_B },
  ])(
    'on path $path, the last person done continues to the step after the people',
    ({ showOrganigram, steps }) => {
      const detail = entityCase(showOrganigram);
      const next = steps[steps.findIndex((s) => s.id === 'people') + 1]!;
      expectContinueTo(renderEntity(detail, 'people', 'p2'), detail.id, next);
    },
  );

  it('a person done while another is not goes to that person instead', () => {
    const detail = entityCase(false, [person('p1', 'Anna'), person('p2', 'Ben', false)]);
    const html = render(EntityCaseView, { props: { store, detail, step: 'people', sub: 'p1' } }).body;
    expect(continueLinks(html)).toEqual([]);
    expect(html).toContain(`href="${caseHref(detail.id, 'people', 'p2')}"`);
  });
});

describe('an individual', () => {
  const detail = individualCase();
  const steps = INDIVIDUAL_STEPS;

  it.each(steps.map((step, i) => ({ step, next: steps[i + 1] ?? null })))(
    'the step $step.id continues to the step after it in the table',
    ({ step, next }) => {
      const links = continueLinks(
        render(IndividualCaseView, { props: { store, detail, step: step.id } }).body,
      );
      if (INDIVIDUAL_SAVED_BY_FORM.has(step.id) || LAST_STEPS.has(step.id) || !next)
        expect(links).toEqual([]);
      else expectContinueTo(links, detail.id, next);
    },
  );
});
