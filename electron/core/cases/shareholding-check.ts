// Path A's shareholding total (shared/domain/shareholding.ts): an owner whose share takes the total over
// 100 % is refused when saved, under the shareholding field; the confirmation checks the total again.
import type { UboBody } from '../../../shared/api/index.js';
import { shareholdingSummary, type HolderShare } from '../../../shared/domain/index.js';
import { DeskError } from '../../../shared/ipc/errors.js';
import type { StoredUbo } from './store/people.js';

type Details = Pick<UboBody, 'firstName' | 'lastName' | 'isShareholder' | 'shareholderPercentage'>;

const holderShare = (d: Details): HolderShare => ({
  name: `${d.firstName} ${d.lastName}`.trim(),
  percentage: d.isShareholder === false ? undefined : d.shareholderPercentage,
});

export function checkShareholdingTotal(ubos: readonly StoredUbo[]): void {
  const summary = shareholdingSummary(ubos.filter((u) => !u.removed).map((u) => holderShare(u.data.details)));
  if (summary.problem) throw new DeskError('not-allowed', summary.problem);
}

/**
 * Refuses saving `body` as the owner `uboId` (undefined: a new one) when it raises the total over 100 %.
 * A save that lowers or keeps the total passes, so a list that came over 100 % from elsewhere can be put right.
 */
export function checkOwnerShare(ubos: readonly StoredUbo[], uboId: string | undefined, body: Details): void {
  const present = ubos.filter((u) => !u.removed);
  const now = shareholdingSummary(present.map((u) => holderShare(u.data.details)));
  const after = present.map((u) => (u.id === uboId ? holderShare(body) : holderShare(u.data.details)));
  if (uboId === undefined || !present.some((u) => u.id === uboId)) after.push(holderShare(body));
  const summary = shareholdingSummary(after, 'save');
  if (summary.problem && summary.total > now.total) {
    throw new DeskError('not-allowed', summary.problem, [
      { path: 'body.shareholderPercentage', message: summary.problem },
    ]);
  }
}
