// Path A's shareholding confirmation refused while the owners' percentages add up to more than 100 %.
import { shareholdingSummary } from '../../../shared/domain/index.js';
import { DeskError } from '../../../shared/ipc/errors.js';
import type { StoredUbo } from './case-store.js';

export function checkShareholdingTotal(ubos: readonly StoredUbo[]): void {
  const summary = shareholdingSummary(
    ubos
      .filter((u) => !u.removed)
      .map((u) => ({
        name: `${u.data.details.firstName} ${u.data.details.lastName}`.trim(),
        percentage: u.data.details.isShareholder === false ? undefined : u.data.details.shareholderPercentage,
      })),
  );
  if (summary.problem) throw new DeskError('not-allowed', summary.problem);
}
