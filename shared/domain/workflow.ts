// The onboarding workflows (contract.md §5, the ordering tables of entity-api.md and
// individual-api.md) as data plus functions. The sandbox uses the checks for its 409/403 answers;
// the app uses the step views for navigation and to say, in plain words, what a step waits for.
//
// One ordered list of "outstanding" items drives everything: a step or action at position k is
// allowed only when nothing before k is outstanding, so every prerequisite holds transitively.
import { ORGANIGRAM_ERRORS } from './organigram.js';
import type { BandOrUndetermined } from './types.js';
import {
  ENTITY_JOBS,
  ENTITY_STEP_ROWS,
  INDIVIDUAL_JOBS,
  INDIVIDUAL_STEP_ROWS,
  PERSON_STEP_ROWS,
  phrase,
  type EntityStepId,
  type Phrase,
  type IndividualStepId,
  type UboStepId,
  type WorkflowStep,
} from './workflow-table.js';

export type { EntityStepId, IndividualStepId, UboStepId };

export type OnboardingDecisionValue = 'Approved' | 'Declined' | 'Refer' | 'In Progress';
export type StepStatus = 'done' | 'available' | 'blocked';

export interface StepDef<Id extends string = string> {
  id: Id;
  label: string;
}

export interface StepView<Id extends string = string> extends StepDef<Id> {
  status: StepStatus;
  /** Why the step is blocked, in words for the person at the desk. */
  blockedBy?: string;
}

export type CheckResult = { ok: true } | { ok: false; status: 403 | 404 | 409; message: string };

const OK: CheckResult = { ok: true };
const conflict = (message: string): CheckResult => ({ ok: false, status: 409, message });

const FINAL_DECISIONS: ReadonlySet<string> = new Set(['Approved', 'Declined']);
export const isFinalDecision = (d: OnboardingDecisionValue | null | undefined): boolean =>
  d !== null && d !== undefined && FINAL_DECISIONS.has(d);

/** Something still to do, phrased both as a condition ("KYB must be completed") and a hint. */
interface Outstanding<Id extends string> {
  step: Id;
  subject: string;
  verb: string;
  hint: string;
}

const withList = (text: string, list?: readonly string[]): string =>
  list && list.length > 0 ? `${text}: ${list.join(', ')}` : text;
const withParens = (text: string, list?: readonly string[]): string =>
  list && list.length > 0 ? `${text} (${list.join(', ')})` : text;

/** A step of the table while outstanding, in the table's words, naming `who` and what is missing. */
function pending<Id extends string>(
  rows: ReadonlyArray<WorkflowStep<string>>,
  id: string,
  step: Id,
  who = '',
  missing?: readonly string[],
): Outstanding<Id> {
  const words = rows.find((r) => r.id === id)!.outstanding!;
  const list = words.listed ? missing : undefined;
  return {
    step,
    subject: withParens(phrase(words.subject, who), list),
    verb: words.verb,
    hint: withList(phrase(words.hint, who), list),
  };
}
const entityPending = (id: EntityStepId, missing?: readonly string[]) =>
  pending(ENTITY_STEP_ROWS, id, id, '', missing);

// ---------------------------------------------------------------- entity

const stepDefs = <Id extends string>(rows: ReadonlyArray<WorkflowStep<Id>>): Array<StepDef<Id>> =>
  rows.map(({ id, label }) => ({ id, label }));

export const ENTITY_STEPS_PATH_A: ReadonlyArray<StepDef<EntityStepId>> = stepDefs(
  ENTITY_STEP_ROWS.filter((s) => !('path' in s) || s.path === 'owner-list'),
);

export const ENTITY_STEPS_PATH_B: ReadonlyArray<StepDef<EntityStepId>> = stepDefs(
  ENTITY_STEP_ROWS.filter((s) => !('path' in s) || s.path === 'ownership-tree'),
);

export interface UboWorkflowState {
  id: string;
  name: string;
  detailsCompleted: boolean;
  pepConfirmed: boolean;
  requiredDocsOnFile: boolean;
  docsConfirmed: boolean;
  /** Names of the required document groups not yet on file, to name them in messages. */
  missingDocs?: string[];
  /** False while the service's screening results for this person are not on the device; default true. */
  screeningHeld?: boolean;
}

export interface EntityWorkflowState {
  /** False for a case captured on the device and not yet created on the service; default true. */
  created?: boolean;
  /** False while the entity's screening results are not on the device; default true. */
  sanctionsResultsHeld?: boolean;
  /** False while the registry's answer (its directors) is not on the device; default true. */
  registryAnswered?: boolean;
  showOrganigram: boolean;
  kybCompleted: boolean;
  sanctionsReviewed: boolean;
  organigramVerified: boolean;
  shareholdingConfirmed: boolean;
  entityBand: BandOrUndetermined;
  entityRequiredDocsOnFile: boolean;
  /** Names of the entity band's required groups not yet on file. */
  entityMissingDocs?: string[];
  entityDocsConfirmed: boolean;
  decision: OnboardingDecisionValue | null;
  ubos: UboWorkflowState[];
}

const ENTITY_ORDER: readonly EntityStepId[] = ENTITY_STEP_ROWS.map((s) => s.id);
const entityPos = (id: EntityStepId): number => ENTITY_ORDER.indexOf(id);

/** Said on a review step whose results the service has not yet returned to this device. */
export const WAITING_FOR_SCREENING = 'Waiting for screening results from the service';
const waitingForScreeningOf = (name: string) => `Waiting for screening results of ${name} from the service`;

/** The first thing a person still has to do, or null when their loop is finished. */
function uboGap(u: UboWorkflowState): Outstanding<EntityStepId> | null {
  const gap = (id: UboStepId) => pending(PERSON_STEP_ROWS, id, 'people' as const, u.name, u.missingDocs);
  if (!u.detailsCompleted) return gap('details');
  if (!u.pepConfirmed) {
    const pep = gap('pep-review');
    return u.screeningHeld === false ? { ...pep, hint: waitingForScreeningOf(u.name) } : pep;
  }
  if (!u.requiredDocsOnFile) return gap('documents');
  if (!u.docsConfirmed) return gap('doc-confirm');
  return null;
}

/** Everything still to do before the entity can be approved, in workflow order. */
function entityOutstanding(s: EntityWorkflowState): Array<Outstanding<EntityStepId>> {
  const out: Array<Outstanding<EntityStepId>> = [];
  if (s.created === false) out.push(entityPending('create'));
  if (!s.kybCompleted) out.push(entityPending('kyb'));
  // A review waiting for the service's results does not hold up capture of the owners (the queue
  // sends them after the review); it holds up everything that confirms on the review.
  if (!s.sanctionsReviewed) {
    const review = entityPending('sanctions-review');
    out.push(
      s.sanctionsResultsHeld === false ? { ...review, step: 'people', hint: WAITING_FOR_SCREENING } : review,
    );
  }
  if (s.showOrganigram && !s.organigramVerified) out.push(entityPending('organigram'));
  // On the ownership-tree path the tree adds the owners, so none yet holds up the people.
  if (s.ubos.length === 0)
    out.push({ ...entityPending('owners'), step: s.showOrganigram ? 'people' : 'owners' });
  for (const u of s.ubos) {
    const gap = uboGap(u);
    if (gap) out.push(gap);
  }
  if (s.registryAnswered === false && !s.shareholdingConfirmed) {
    out.push({
      step: 'people',
      subject: "The registry's directors",
      verb: 'received from the service',
      hint: "Waiting for the registry's directors from the service",
    });
  }
  if (!s.shareholdingConfirmed) out.push(entityPending('shareholding-confirm'));
  if (!s.entityRequiredDocsOnFile) out.push(entityPending('entity-documents', s.entityMissingDocs));
  if (!s.entityDocsConfirmed) out.push(entityPending('entity-doc-confirm'));
  return out;
}

/** What still stands between the entity and approval, as plain sentences; empty when complete. */
export function entityMissingSteps(s: EntityWorkflowState): Array<{ step: EntityStepId; message: string }> {
  return entityOutstanding(s).map((o) => ({ step: o.step, message: o.hint }));
}

/** True when every step before the decision is complete, so `Approved` may be recorded. */
export function isEntityComplete(s: EntityWorkflowState): boolean {
  return entityOutstanding(s).length === 0;
}

const firstBefore = <Id extends string>(
  items: Array<Outstanding<Id>>,
  pos: (id: Id) => number,
  step: Id,
): Outstanding<Id> | undefined => items.find((o) => pos(o.step) < pos(step));

export interface PersonProgress {
  id: string;
  name: string;
  steps: Array<StepView<UboStepId>>;
}

const PERSON_STEP_LABEL = Object.fromEntries(PERSON_STEP_ROWS.map((s) => [s.id, s.label])) as Record<
  UboStepId,
  string
>;

/** One person's loop: details, PEP review, documents (allowed once the person exists), confirm. */
export function uboSteps(s: EntityWorkflowState, u: UboWorkflowState): Array<StepView<UboStepId>> {
  const before = firstBefore(entityOutstanding(s), entityPos, 'owners');
  const gate = before?.hint;
  const view = (id: UboStepId, done: boolean, blockedBy: string | undefined): StepView<UboStepId> => {
    const label = PERSON_STEP_LABEL[id];
    return done
      ? { id, label, status: 'done' }
      : blockedBy
        ? { id, label, status: 'blocked', blockedBy }
        : { id, label, status: 'available' };
  };
  return [
    view('details', u.detailsCompleted, gate),
    view(
      'pep-review',
      u.pepConfirmed,
      gate ??
        (!u.detailsCompleted
          ? `Complete the details of ${u.name} first`
          : u.screeningHeld === false
            ? waitingForScreeningOf(u.name)
            : undefined),
    ),
    view('documents', u.requiredDocsOnFile, gate),
    view(
      'doc-confirm',
      u.docsConfirmed,
      gate ??
        (!u.detailsCompleted
          ? `Complete the details of ${u.name} first`
          : !u.pepConfirmed || !u.requiredDocsOnFile
            ? uboGap(u)?.hint
            : undefined),
    ),
  ];
}

export interface EntityStepView extends StepView<EntityStepId> {
  /** On the `people` step: each person's own loop. */
  people?: PersonProgress[];
}

function entityStepDone(s: EntityWorkflowState, id: EntityStepId): boolean {
  switch (id) {
    case 'create':
      return s.created !== false;
    case 'kyb':
      return s.kybCompleted;
    case 'sanctions-review':
      return s.sanctionsReviewed;
    case 'owners':
      // Registry-created directors exist from the start; the list counts as done once it can be worked on.
      return s.sanctionsReviewed && s.ubos.length > 0;
    case 'organigram':
      return s.organigramVerified;
    case 'people':
      return s.ubos.length > 0 && s.ubos.every((u) => uboGap(u) === null);
    case 'shareholding-confirm':
      return s.shareholdingConfirmed;
    case 'entity-documents':
      return s.entityRequiredDocsOnFile;
    case 'entity-doc-confirm':
      return s.entityDocsConfirmed;
    case 'decision':
      return isFinalDecision(s.decision);
    case 'report':
      return false;
  }
}

/**
 * The entity's steps for navigation. A step is blocked while anything earlier is outstanding. The
 * `decision` step is blocked until approval is possible; Declined and Refer stay possible earlier
 * (see checkEntityAction). The report can be previewed at any time once the entity exists.
 */
export function entitySteps(s: EntityWorkflowState): EntityStepView[] {
  const items = entityOutstanding(s);
  const defs = s.showOrganigram ? ENTITY_STEPS_PATH_B : ENTITY_STEPS_PATH_A;
  return defs.map((def) => {
    const view: EntityStepView = { ...def, status: 'available' };
    if (def.id === 'people')
      view.people = s.ubos.map((u) => ({ id: u.id, name: u.name, steps: uboSteps(s, u) }));
    if (entityStepDone(s, def.id)) return { ...view, status: 'done' };
    const blocker =
      def.id === 'report' ? firstBefore(items, entityPos, 'kyb') : firstBefore(items, entityPos, def.id);
    if (blocker) return { ...view, status: 'blocked', blockedBy: blocker.hint };
    if (def.id === 'sanctions-review' && s.sanctionsResultsHeld === false)
      return { ...view, status: 'blocked', blockedBy: WAITING_FOR_SCREENING };
    return view;
  });
}

export type EntityAction =
  | { type: 'kyb' }
  | { type: 'sanctions-review' }
  | { type: 'ubo-create' }
  | { type: 'ubo-update'; uboId: string }
  | { type: 'ubo-delete'; uboId: string }
  | { type: 'verify-organigram' }
  | { type: 'ubo-pep-confirm'; uboId: string }
  | { type: 'ubo-doc-upload'; uboId: string }
  | { type: 'ubo-doc-confirm'; uboId: string }
  | { type: 'shareholding-confirm' }
  | { type: 'entity-doc-upload' }
  | { type: 'entity-doc-confirm' }
  | { type: 'decision'; decision: OnboardingDecisionValue };

export type EntityActionType = EntityAction['type'];

/** Step before which nothing may be outstanding, and the words for the action in messages. */
function gateOf<Id extends string>(
  jobs: ReadonlyArray<{ action: string | null; gate: string | null; refusal: Phrase | null }>,
  action: string,
  name: string,
): { step: Id; phrase: string } {
  const row = jobs.find((j) => j.action === action)!;
  return { step: row.gate as Id, phrase: phrase(row.refusal ?? '', name) };
}

const entityGate = (a: EntityAction, name: string) => gateOf<EntityStepId>(ENTITY_JOBS, a.type, name);

/**
 * Whether the service accepts an action now (contract §5): `{ok: true}`, or the status and a message
 * naming what is missing. A record with a final decision (Approved or Declined) no longer changes:
 * another decision is 403, any other action 409. An unknown UBO id is 404.
 */
export function checkEntityAction(s: EntityWorkflowState, a: EntityAction): CheckResult {
  if (a.type === 'decision' && isFinalDecision(s.decision)) {
    return {
      ok: false,
      status: 403,
      message: `The onboarding decision is final: the entity is already ${s.decision}`,
    };
  }
  // The published text for any node change once the tree is final, also after the decision.
  if (
    a.type === 'verify-organigram' &&
    s.showOrganigram &&
    (s.organigramVerified || s.shareholdingConfirmed)
  ) {
    return conflict(ORGANIGRAM_ERRORS.finalised);
  }
  if (a.type !== 'decision' && isFinalDecision(s.decision)) {
    return conflict(`The entity is already ${s.decision}: it can no longer be changed`);
  }
  if (s.created === false) return conflict('The entity must be created first');
  if (a.type === 'decision' && a.decision !== 'Approved') return OK;

  let ubo: UboWorkflowState | undefined;
  if ('uboId' in a) {
    ubo = s.ubos.find((u) => u.id === a.uboId);
    if (!ubo) return { ok: false, status: 404, message: 'Owner not found on this entity' };
  }
  const name = ubo?.name ?? '';

  if (a.type === 'ubo-create' && s.showOrganigram) {
    return conflict(
      'This entity type uses an ownership tree: owners are created by verify-organigram, not ubo-create',
    );
  }
  if (a.type === 'ubo-delete' && s.showOrganigram) {
    return conflict('This entity type uses an ownership tree: owners cannot be deleted one by one');
  }
  if (a.type === 'verify-organigram' && !s.showOrganigram) {
    return conflict(
      'This entity type has a flat owner list: add owners with ubo-create, there is no ownership tree to verify',
    );
  }

  const gate = entityGate(a, name);
  const blocker = firstBefore(entityOutstanding(s), entityPos, gate.step);
  if (blocker) {
    return conflict(
      a.type === 'decision'
        ? `The entity cannot be approved yet: ${blocker.subject} must be ${blocker.verb} first`
        : `${blocker.subject} must be ${blocker.verb} before ${gate.phrase}`,
    );
  }

  switch (a.type) {
    case 'sanctions-review':
      return s.sanctionsResultsHeld === false
        ? conflict(
            `${WAITING_FOR_SCREENING}: the sanctions review can be recorded once they are on this device`,
          )
        : OK;
    case 'ubo-create':
      return s.shareholdingConfirmed
        ? conflict('Shareholding has already been confirmed: owners can no longer be added')
        : OK;
    case 'ubo-delete':
      return s.shareholdingConfirmed
        ? conflict('Shareholding has already been confirmed: owners can no longer be removed')
        : OK;
    case 'ubo-update':
      return s.shareholdingConfirmed
        ? conflict(`Shareholding has already been confirmed: the details of ${name} can no longer be changed`)
        : OK;
    case 'verify-organigram':
      if (s.organigramVerified || s.shareholdingConfirmed) return conflict(ORGANIGRAM_ERRORS.finalised);
      // The registry's directors must be in the tree by their uboID, or verifying would add them twice.
      return s.registryAnswered === false
        ? conflict(
            "Waiting for the registry's directors from the service: place them in the tree before it is verified",
          )
        : OK;
    case 'ubo-pep-confirm':
      if (!ubo?.detailsCompleted)
        return conflict(`The details of ${name} must be completed before the PEP review`);
      if (ubo.docsConfirmed || s.shareholdingConfirmed) {
        return conflict(
          `The documents of ${name} are already confirmed: the PEP review can no longer change`,
        );
      }
      if (ubo.screeningHeld === false)
        return conflict(
          `${waitingForScreeningOf(name)}: the PEP review can be recorded once they are on this device`,
        );
      return OK;
    case 'ubo-doc-confirm':
      if (!ubo) return conflict('Owner not found');
      if (!ubo.detailsCompleted)
        return conflict(`The details of ${name} must be completed before ${gate.phrase}`);
      if (!ubo.pepConfirmed)
        return conflict(`The PEP review of ${name} must be completed before ${gate.phrase}`);
      if (!ubo.requiredDocsOnFile) {
        return conflict(withList(`Required documents of ${name} are not on file yet`, ubo.missingDocs));
      }
      return OK;
    default:
      return OK;
  }
}

// ---------------------------------------------------------------- individual

export const INDIVIDUAL_STEPS: ReadonlyArray<StepDef<IndividualStepId>> = stepDefs(INDIVIDUAL_STEP_ROWS);

export interface IndividualWorkflowState {
  /** False for a case captured on the device and not yet created on the service; default true. */
  created?: boolean;
  /** False while the AML screening results are not on the device; default true. */
  screeningHeld?: boolean;
  /** False while the credit bureau's answer is not on the device; default true. */
  bureauAnswered?: boolean;
  amlScreened: boolean;
  externallyValidated: boolean;
  pepDecided: boolean;
  band: BandOrUndetermined;
  requiredDocsOnFile: boolean;
  /** Names of the band's required groups not yet on file. */
  missingDocs?: string[];
  docsConfirmed: boolean;
  decision: OnboardingDecisionValue | null;
}

const INDIVIDUAL_ORDER = INDIVIDUAL_STEPS.map((s) => s.id);

/** What the PEP and sanctions decision still waits for from the service, or null. */
function individualWaitingFor(s: IndividualWorkflowState): string | null {
  const screening = s.screeningHeld === false;
  const bureau = s.bureauAnswered === false;
  if (screening && bureau)
    return "Waiting for screening results and the credit bureau's answer from the service";
  if (screening) return WAITING_FOR_SCREENING;
  if (bureau) return "Waiting for the credit bureau's answer from the service";
  return null;
}
const individualPos = (id: IndividualStepId): number => INDIVIDUAL_ORDER.indexOf(id);

const individualPending = (id: IndividualStepId, missing?: readonly string[]) =>
  pending(INDIVIDUAL_STEP_ROWS, id, id, '', missing);

function individualOutstanding(s: IndividualWorkflowState): Array<Outstanding<IndividualStepId>> {
  const out: Array<Outstanding<IndividualStepId>> = [];
  if (s.created === false) out.push(individualPending('create'));
  if (!s.amlScreened) out.push(individualPending('aml-screening'));
  if (!s.externallyValidated) out.push(individualPending('external-validation'));
  // As for the entity: a decision waiting for the service's answers does not hold up capturing the
  // documents, only confirming them.
  if (!s.pepDecided) {
    const decision = individualPending('pep-decision');
    const waiting = individualWaitingFor(s);
    out.push(waiting ? { ...decision, step: 'documents', hint: waiting } : decision);
  }
  if (!s.requiredDocsOnFile) out.push(individualPending('documents', s.missingDocs));
  if (!s.docsConfirmed) out.push(individualPending('confirm-docs'));
  return out;
}

export function isIndividualComplete(s: IndividualWorkflowState): boolean {
  return individualOutstanding(s).length === 0;
}

function individualStepDone(s: IndividualWorkflowState, id: IndividualStepId): boolean {
  switch (id) {
    case 'create':
      return s.created !== false;
    case 'aml-screening':
      return s.amlScreened;
    case 'external-validation':
      return s.externallyValidated;
    case 'pep-decision':
      return s.pepDecided;
    case 'documents':
      return s.requiredDocsOnFile;
    case 'confirm-docs':
      return s.docsConfirmed;
    case 'decision':
      return isFinalDecision(s.decision);
    case 'report':
      return false;
  }
}

export function individualSteps(s: IndividualWorkflowState): Array<StepView<IndividualStepId>> {
  const items = individualOutstanding(s);
  return INDIVIDUAL_STEPS.map((def) => {
    if (individualStepDone(s, def.id)) return { ...def, status: 'done' };
    const blocker =
      def.id === 'report'
        ? firstBefore(items, individualPos, 'aml-screening')
        : firstBefore(items, individualPos, def.id);
    if (blocker) return { ...def, status: 'blocked', blockedBy: blocker.hint };
    const waiting = def.id === 'pep-decision' ? individualWaitingFor(s) : null;
    return waiting ? { ...def, status: 'blocked', blockedBy: waiting } : { ...def, status: 'available' };
  });
}

export type IndividualAction =
  | { type: 'update' }
  | { type: 'aml-screening' }
  | { type: 'external-validation' }
  | { type: 'pep-sanctions-decision' }
  | { type: 'documents' }
  | { type: 'confirm-docs' }
  | { type: 'decision'; decision: OnboardingDecisionValue };

export type IndividualActionType = IndividualAction['type'];

export function checkIndividualAction(s: IndividualWorkflowState, a: IndividualAction): CheckResult {
  if (a.type === 'decision' && isFinalDecision(s.decision)) {
    return {
      ok: false,
      status: 403,
      message: `The onboarding decision is final: the client is already ${s.decision}`,
    };
  }
  if (a.type !== 'decision' && isFinalDecision(s.decision)) {
    return conflict(`The client is already ${s.decision}: the record can no longer be changed`);
  }
  if (s.created === false) return conflict('The client record must be created first');
  if (a.type === 'decision' && a.decision !== 'Approved') return OK;
  const gate = gateOf<IndividualStepId>(INDIVIDUAL_JOBS, a.type, '');
  const blocker = firstBefore(individualOutstanding(s), individualPos, gate.step);
  const waiting = a.type === 'pep-sanctions-decision' ? individualWaitingFor(s) : null;
  if (!blocker && waiting)
    return conflict(`${waiting}: the PEP and sanctions decision can be recorded once it is on this device`);
  if (!blocker) return OK;
  return conflict(
    a.type === 'decision'
      ? `The client cannot be approved yet: ${blocker.subject} must be ${blocker.verb} first`
      : `${blocker.subject} must be ${blocker.verb} before ${gate.phrase}`,
  );
}
