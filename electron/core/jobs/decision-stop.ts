// The words a job is stopped with when its case was decided (cases/finality.ts stops them), and
// how the queue's counts tell such a job from one the service refused.

const DECISION_STOP = 'Not sent: ';

/** True for the reason a job was stopped with because its case was decided (stopReason's words). */
export const isDecisionStop = (reason: string | null | undefined): boolean =>
  reason?.startsWith(DECISION_STOP) === true &&
  / the application is (already )?(Approved|Declined)/.test(reason);

export const stopReason = (decision: 'Approved' | 'Declined', learned: boolean): string =>
  learned
    ? `Not sent: the service says the application is already ${decision}, so this change can no longer be made`
    : `Not sent: the application is ${decision}, so this change can no longer be made`;
