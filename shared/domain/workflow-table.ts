// The workflow of each case kind as one table (contract.md §5, the ordering tables of entity-api.md
// and individual-api.md). Everything that depends on the order reads it from here: the step lists
// and the service's gates (workflow.ts, which the sandbox answers 409 with), the queue's ranks and
// what a waiting job says (electron/core/sync), and which step shows which queued job (case views).
//
// `*_STEP_ROWS` is the order a case goes through: the service accepts an action once nothing before
// its gate step is outstanding. `*_QUEUE` is the order the queue sends a case's jobs in, one group
// per rank. The two differ on purpose where the queue is stricter than the service (a person's
// documents go after their PEP review; the ownership tree goes before the people it creates); a
// test checks that the queue never sends a job before one its gate requires.
import type { EntityActionType, IndividualActionType } from './workflow.js';

/** A phrase that may name the person the job is about. */
export type Phrase = string | ((person: string) => string);

export const phrase = (p: Phrase, person: string): string => (typeof p === 'string' ? p : p(person));

/**
 * What a step says while it is outstanding: as the condition in the service's 409 ("<subject> must
 * be <verb> before …") and as the hint on the steps it holds up. Where `listed`, the names of what
 * is missing follow (in brackets in the subject, after a colon in the hint).
 */
export interface Outstanding {
  subject: Phrase;
  verb: string;
  hint: Phrase;
  listed?: true;
}

export interface WorkflowStep<Id extends string> {
  id: Id;
  label: string;
  /** Entity steps that exist on one path only: a flat owner list, or an ownership tree. */
  path?: 'owner-list' | 'ownership-tree';
  /** Absent where the step is never outstanding by itself (the people step, the decision, the report). */
  outstanding?: Outstanding;
}

export interface WorkflowJob<
  Kind extends string,
  Step extends string,
  Action extends string,
  PersonStep extends string = never,
> {
  kind: Kind;
  /** The steps that show this job as queued until the service has it. */
  steps: readonly Step[];
  /** For a person's job: the step of that person's loop it carries. */
  personStep?: PersonStep;
  /** The service's action it sends; null for the create, which the service always takes. */
  action: Action | null;
  /** The service takes the action once nothing before this step is outstanding; otherwise 409. */
  gate: Step | null;
  /** Steps of the same person's loop the service requires first (409 otherwise). */
  personGate?: readonly PersonStep[];
  /** The action in the words of the service's 409 message ("… must be completed before <this>"). */
  refusal: Phrase | null;
  /** What a job queued behind this one says it waits for. */
  waiting: Phrase;
  /** Uploads of one owner run side by side; other jobs of one rank and scope run in order. */
  upload?: true;
  /**
   * A decision other than Approved: the service takes it once the record exists, so the queue
   * sends it right after this job (the create) instead of in its rank.
   */
  otherDecisionsAfter?: Kind;
}

// ---------------------------------------------------------------- entity

export const ENTITY_STEP_ROWS = [
  {
    id: 'create',
    label: 'Create the entity',
    outstanding: { subject: 'The entity', verb: 'created', hint: 'Create the entity first' },
  },
  {
    id: 'kyb',
    label: 'Business details (KYB)',
    outstanding: { subject: 'KYB', verb: 'completed', hint: 'Complete the KYB details first' },
  },
  {
    id: 'sanctions-review',
    label: 'Sanctions and adverse media review',
    outstanding: {
      subject: 'The sanctions review',
      verb: 'completed',
      hint: 'Complete the sanctions review first',
    },
  },
  {
    id: 'owners',
    label: 'Directors and owners',
    path: 'owner-list',
    outstanding: { subject: 'At least one owner', verb: 'added', hint: 'Add at least one owner first' },
  },
  // Takes the place of `owners` on the ownership-tree path; the two never both apply.
  {
    id: 'organigram',
    label: 'Ownership tree',
    path: 'ownership-tree',
    outstanding: {
      subject: 'The ownership tree',
      verb: 'verified',
      hint: 'Verify the ownership tree first',
    },
  },
  { id: 'people', label: 'Each person: details, PEP review, documents' },
  {
    id: 'shareholding-confirm',
    label: 'Confirm shareholding',
    outstanding: {
      subject: 'Shareholding',
      verb: 'confirmed',
      hint: 'Waiting for shareholding confirmation',
    },
  },
  {
    id: 'entity-documents',
    label: 'Entity documents',
    outstanding: {
      subject: 'The required entity documents',
      verb: 'uploaded',
      hint: 'Upload the required entity documents',
      listed: true,
    },
  },
  {
    id: 'entity-doc-confirm',
    label: 'Confirm entity documents',
    outstanding: {
      subject: 'The entity documents',
      verb: 'confirmed',
      hint: 'Confirm the entity documents',
    },
  },
  { id: 'decision', label: 'Onboarding decision' },
  { id: 'report', label: 'Report' },
] as const satisfies ReadonlyArray<WorkflowStep<string>>;

export type EntityStepId = (typeof ENTITY_STEP_ROWS)[number]['id'];

/** One person's loop on the `people` step. */
export const PERSON_STEP_ROWS = [
  {
    id: 'details',
    label: 'Personal details',
    outstanding: {
      subject: (who) => `The details of ${who}`,
      verb: 'completed',
      hint: (who) => `Complete the details of ${who}`,
    },
  },
  {
    id: 'pep-review',
    label: 'PEP and sanctions review',
    outstanding: {
      subject: (who) => `The PEP review of ${who}`,
      verb: 'completed',
      hint: (who) => `Waiting for the PEP review of ${who}`,
    },
  },
  {
    id: 'documents',
    label: 'Documents',
    outstanding: {
      subject: (who) => `The required documents of ${who}`,
      verb: 'uploaded',
      hint: (who) => `Upload the required documents of ${who}`,
      listed: true,
    },
  },
  {
    id: 'doc-confirm',
    label: 'Confirm documents',
    outstanding: {
      subject: (who) => `The documents of ${who}`,
      verb: 'confirmed',
      hint: (who) => `Confirm the documents of ${who}`,
    },
  },
] as const satisfies ReadonlyArray<WorkflowStep<string>>;

export type UboStepId = (typeof PERSON_STEP_ROWS)[number]['id'];

type EntityJob = WorkflowJob<string, EntityStepId, EntityActionType, UboStepId>;

export const ENTITY_QUEUE = [
  [
    {
      kind: 'entity.create',
      steps: ['create'],
      action: null,
      gate: null,
      refusal: null,
      waiting: 'waiting for the entity to be created',
    },
  ],
  [
    {
      kind: 'entity.kyb',
      steps: ['kyb'],
      action: 'kyb',
      gate: 'kyb',
      refusal: 'the KYB details can be captured',
      waiting: 'waiting for the KYB details to be sent',
    },
  ],
  [
    {
      kind: 'entity.sanctions-review',
      steps: ['sanctions-review'],
      action: 'sanctions-review',
      gate: 'sanctions-review',
      refusal: 'the sanctions review',
      waiting: 'waiting for the sanctions review',
    },
  ],
  // Before the people: verifying the tree creates them on the service.
  [
    {
      kind: 'entity.verify-organigram',
      steps: ['organigram'],
      action: 'verify-organigram',
      gate: 'owners',
      refusal: 'the ownership tree can be verified',
      waiting: 'waiting for the ownership tree to be verified',
    },
  ],
  [
    {
      kind: 'ubo.create',
      steps: ['owners', 'people'],
      personStep: 'details',
      action: 'ubo-create',
      gate: 'owners',
      refusal: 'owners can be added',
      waiting: (who) => `waiting for ${who} to be added`,
    },
    {
      kind: 'ubo.update',
      steps: ['owners', 'people'],
      personStep: 'details',
      action: 'ubo-update',
      gate: 'owners',
      refusal: (who) => `the details of ${who} can be changed`,
      waiting: (who) => `waiting for the details of ${who}`,
    },
    {
      kind: 'ubo.delete',
      steps: ['owners'],
      action: 'ubo-delete',
      gate: 'owners',
      refusal: (who) => `${who} can be removed`,
      waiting: (who) => `waiting for ${who} to be removed`,
    },
  ],
  [
    {
      kind: 'ubo.pep-confirm',
      steps: ['people'],
      personStep: 'pep-review',
      action: 'ubo-pep-confirm',
      gate: 'owners',
      personGate: ['details'],
      refusal: (who) => `the PEP review of ${who}`,
      waiting: (who) => `waiting for PEP review of ${who}`,
    },
  ],
  // After the PEP review (stricter than the service): the review sets the band that names the documents.
  [
    {
      kind: 'ubo.doc-upload',
      steps: ['people'],
      personStep: 'documents',
      action: 'ubo-doc-upload',
      gate: 'owners',
      refusal: (who) => `documents of ${who} can be uploaded`,
      waiting: (who) => `waiting for the documents of ${who}`,
      upload: true,
    },
  ],
  [
    {
      kind: 'ubo.doc-confirm',
      steps: ['people'],
      personStep: 'doc-confirm',
      action: 'ubo-doc-confirm',
      gate: 'owners',
      personGate: ['details', 'pep-review', 'documents'],
      refusal: (who) => `the documents of ${who} can be confirmed`,
      waiting: (who) => `waiting for document confirmation of ${who}`,
    },
  ],
  [
    {
      kind: 'entity.shareholding-confirm',
      steps: ['shareholding-confirm'],
      action: 'shareholding-confirm',
      gate: 'shareholding-confirm',
      refusal: 'shareholding can be confirmed',
      waiting: 'waiting for shareholding confirmation',
    },
  ],
  [
    {
      kind: 'entity.doc-upload',
      steps: ['entity-documents'],
      action: 'entity-doc-upload',
      gate: 'entity-documents',
      refusal: 'entity documents can be uploaded',
      waiting: 'waiting for the entity documents',
      upload: true,
    },
  ],
  [
    {
      kind: 'entity.doc-confirm',
      steps: ['entity-doc-confirm'],
      action: 'entity-doc-confirm',
      gate: 'entity-doc-confirm',
      refusal: 'the entity documents can be confirmed',
      waiting: 'waiting for the entity documents to be confirmed',
    },
  ],
  [
    {
      kind: 'entity.decision',
      steps: ['decision'],
      action: 'decision',
      gate: 'decision',
      refusal: 'the entity can be approved',
      waiting: 'waiting for the decision to be sent',
      otherDecisionsAfter: 'entity.create',
    },
  ],
] as const satisfies ReadonlyArray<ReadonlyArray<EntityJob>>;

// ---------------------------------------------------------------- individual

export const INDIVIDUAL_STEP_ROWS = [
  {
    id: 'create',
    label: 'Create the client',
    outstanding: { subject: 'The client record', verb: 'created', hint: 'Create the client first' },
  },
  {
    id: 'aml-screening',
    label: 'AML screening',
    outstanding: { subject: 'AML screening', verb: 'completed', hint: 'Run the AML screening first' },
  },
  {
    id: 'external-validation',
    label: 'External validation',
    outstanding: {
      subject: 'External validation',
      verb: 'completed',
      hint: 'Run the external validation first',
    },
  },
  {
    id: 'pep-decision',
    label: 'PEP and sanctions decision',
    outstanding: {
      subject: 'The PEP and sanctions decision',
      verb: 'recorded',
      hint: 'Waiting for the PEP and sanctions decision',
    },
  },
  {
    id: 'documents',
    label: 'Documents',
    outstanding: {
      subject: 'The required documents',
      verb: 'uploaded',
      hint: 'Upload the required documents',
      listed: true,
    },
  },
  {
    id: 'confirm-docs',
    label: 'Confirm documents',
    outstanding: { subject: 'The documents', verb: 'confirmed', hint: 'Confirm the documents' },
  },
  { id: 'decision', label: 'Onboarding decision' },
  { id: 'report', label: 'Report' },
] as const satisfies ReadonlyArray<WorkflowStep<string>>;

export type IndividualStepId = (typeof INDIVIDUAL_STEP_ROWS)[number]['id'];

type IndividualJob = WorkflowJob<string, IndividualStepId, IndividualActionType>;

export const INDIVIDUAL_QUEUE = [
  [
    {
      kind: 'individual.create',
      steps: ['create'],
      action: null,
      gate: null,
      refusal: null,
      waiting: 'waiting for the client to be created',
    },
  ],
  [
    {
      kind: 'individual.update',
      steps: ['create'],
      action: 'update',
      gate: 'aml-screening',
      refusal: 'the client can be changed',
      waiting: 'waiting for the client details to be sent',
    },
  ],
  [
    {
      kind: 'individual.aml-screening',
      steps: ['aml-screening'],
      action: 'aml-screening',
      gate: 'aml-screening',
      refusal: 'the AML screening',
      waiting: 'waiting for the AML screening',
    },
  ],
  [
    {
      kind: 'individual.external-validation',
      steps: ['external-validation'],
      action: 'external-validation',
      gate: 'external-validation',
      refusal: 'the external validation',
      waiting: 'waiting for the external validation',
    },
  ],
  [
    {
      kind: 'individual.pep-decision',
      steps: ['pep-decision'],
      action: 'pep-sanctions-decision',
      gate: 'pep-decision',
      refusal: 'the PEP and sanctions decision',
      waiting: 'waiting for the PEP and sanctions decision',
    },
  ],
  [
    {
      kind: 'individual.doc-upload',
      steps: ['documents'],
      action: 'documents',
      gate: 'documents',
      refusal: 'documents can be uploaded',
      waiting: 'waiting for the documents',
      upload: true,
    },
  ],
  [
    {
      kind: 'individual.confirm-docs',
      steps: ['confirm-docs'],
      action: 'confirm-docs',
      gate: 'confirm-docs',
      refusal: 'the documents can be confirmed',
      waiting: 'waiting for the documents to be confirmed',
    },
  ],
  [
    {
      kind: 'individual.decision',
      steps: ['decision'],
      action: 'decision',
      gate: 'decision',
      refusal: 'the client can be approved',
      waiting: 'waiting for the decision to be sent',
      otherDecisionsAfter: 'individual.create',
    },
  ],
] as const satisfies ReadonlyArray<ReadonlyArray<IndividualJob>>;

// ---------------------------------------------------------------- both

/** Deleting an uploaded document goes in turn with the uploads of its owner. */
export const DOCUMENT_DELETE = {
  kind: 'document.delete',
  sitsWith: { entity: 'entity.doc-upload', person: 'ubo.doc-upload', individual: 'individual.doc-upload' },
  waiting: 'waiting for a document to be deleted',
} as const;

type EntityRow = (typeof ENTITY_QUEUE)[number][number];
type IndividualRow = (typeof INDIVIDUAL_QUEUE)[number][number];
export type EntityJobKind = EntityRow['kind'];
export type IndividualJobKind = IndividualRow['kind'];
/** Every kind of job the queue sends; the job schema (electron/core/sync) must name exactly these. */
export type WorkflowJobKind = EntityJobKind | IndividualJobKind | (typeof DOCUMENT_DELETE)['kind'];

/** True when A and B are the same union. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// Every action of the service has exactly one row: a new action without a row does not compile.
const entityActionsCovered: Same<EntityActionType, NonNullable<EntityRow['action']>> = true;
const individualActionsCovered: Same<IndividualActionType, NonNullable<IndividualRow['action']>> = true;
void entityActionsCovered;
void individualActionsCovered;

export type AnyWorkflowJob = WorkflowJob<WorkflowJobKind, string, string, string>;

const rowsOf = (queue: ReadonlyArray<ReadonlyArray<AnyWorkflowJob>>) => queue.flat();
export const ENTITY_JOBS: readonly AnyWorkflowJob[] = rowsOf(ENTITY_QUEUE);
export const INDIVIDUAL_JOBS: readonly AnyWorkflowJob[] = rowsOf(INDIVIDUAL_QUEUE);

const rankTable = (queue: ReadonlyArray<ReadonlyArray<AnyWorkflowJob>>) =>
  queue.flatMap((group, i) => group.map((row) => [row.kind, i + 1] as const));

/**
 * Position in the case's send order, from 1 (the create). A job waits for every pending job of its
 * case with a lower rank in the same scope (the whole case, or one person).
 */
export const WORKFLOW_RANK = Object.fromEntries([
  ...rankTable(ENTITY_QUEUE),
  ...rankTable(INDIVIDUAL_QUEUE),
]) as Record<EntityJobKind | IndividualJobKind, number>;

const ROW_OF = new Map<string, AnyWorkflowJob>(
  [...ENTITY_JOBS, ...INDIVIDUAL_JOBS].map((row) => [row.kind, row]),
);

/** The table's row of a job kind (document.delete has none: it sits with its owner's uploads). */
export function workflowJob(kind: EntityJobKind | IndividualJobKind): AnyWorkflowJob {
  return ROW_OF.get(kind)!;
}

/**
 * What a job queued behind one of this kind waits for, naming the person where it is theirs
 * (`person` is asked only then: reading a name means decrypting a row).
 */
export function waitingBehind(kind: WorkflowJobKind, person: () => string): string {
  if (kind === DOCUMENT_DELETE.kind) return DOCUMENT_DELETE.waiting;
  const words = workflowJob(kind).waiting;
  return typeof words === 'string' ? words : words(person());
}

/** The job kinds a step shows as queued. */
export const jobKindsOfStep = (jobs: readonly AnyWorkflowJob[], step: string): WorkflowJobKind[] =>
  jobs.filter((row) => row.steps.includes(step)).map((row) => row.kind);

/** The job kinds one person's step shows as queued. */
export const jobKindsOfPersonStep = (step: UboStepId): WorkflowJobKind[] =>
  ENTITY_JOBS.filter((row) => row.personStep === step).map((row) => row.kind);
