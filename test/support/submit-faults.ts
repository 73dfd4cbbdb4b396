// Faults at each step of submitting a document draft (DraftService.submit): the assembled file
// sealed into the vault, the document row, its upload job, the case's touch, the audit line, the
// draft's removal, and the removal of the draft's files from the vault afterwards. SQL steps are
// caught by temporary triggers on the core's own connection (so nothing of the core is changed);
// vault steps by wrapping the vault's methods. A fault either throws (the step fails) or SIGKILLs
// the process on the spot (a crash).
import type { Core } from '../../electron/core/index.js';

export const SUBMIT_STEPS = [
  'vault.import',
  'document',
  'job',
  'case',
  'audit',
  'draft',
  'vault.remove',
] as const;
export type SubmitStep = (typeof SUBMIT_STEPS)[number];
export type FaultKind = 'throw' | 'kill';

/** The SQL statement each database step runs, as a trigger sees it. */
const SQL_STEPS: Partial<Record<SubmitStep, string>> = {
  document: 'BEFORE INSERT ON documents',
  job: 'BEFORE INSERT ON jobs',
  case: 'BEFORE UPDATE ON cases',
  audit: 'BEFORE INSERT ON audit_log',
  draft: 'BEFORE DELETE ON drafts',
};

export class InjectedFault extends Error {
  override readonly name = 'InjectedFault';
  constructor(readonly step: SubmitStep) {
    super(`Injected fault at ${step}`);
  }
}

/**
 * Arms one fault at `step` of the next submit; answers a function that disarms it and tells
 * whether the step was reached.
 */
export function armSubmitFault(core: Core, step: SubmitStep, kind: FaultKind): () => boolean {
  let reached = false;
  const strike = (): void => {
    reached = true;
    if (kind === 'kill') process.kill(process.pid, 'SIGKILL');
    throw new InjectedFault(step);
  };
  const { db, vault } = core.internals;
  const sql = SQL_STEPS[step];
  if (sql) {
    db.function('submit_fault', { varargs: false, deterministic: false }, () => {
      strike();
      return null;
    });
    db.exec(`CREATE TEMP TRIGGER submit_fault ${sql} BEGIN SELECT submit_fault(); END`);
    return () => {
      db.exec('DROP TRIGGER IF EXISTS temp.submit_fault');
      return reached;
    };
  }
  // An own property in front of the class's method; deleting it brings the method back.
  const method = step === 'vault.import' ? 'importFile' : 'remove';
  Object.defineProperty(vault, method, { configurable: true, value: async () => strike() });
  return () => {
    Reflect.deleteProperty(vault, method);
    return reached;
  };
}
