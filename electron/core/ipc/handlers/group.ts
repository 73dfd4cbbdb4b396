// What every handler group shares: the slice of the one handler table it answers, and the small
// answers and copies several groups give.
import { DeskError } from '../../../../shared/ipc/errors.js';
import type { ChannelName } from '../../../../shared/ipc/contract.js';
import type { CaseDetail } from '../../../../shared/ipc/model.js';
import type { CaseViews } from '../../cases/case-views.js';
import type { HandlerTable } from '../dispatch.js';

/** The handlers of the channels named `<prefix>.…` (and of any channels listed). */
export type HandlersOf<Prefix extends string, Also extends ChannelName = never> = Pick<
  HandlerTable,
  Extract<ChannelName, `${Prefix}.${string}`> | Also
>;

export const OK = { ok: true as const };

/** Bytes on their own ArrayBuffer, as the contract's Uint8Array type (and structured clone) want. */
export const copy = (bytes: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(bytes);

/** The case as its screen shows it, refused when it is not on this laptop. */
export function caseDetail(views: Pick<CaseViews, 'detail'>, caseId: string): CaseDetail {
  const view = views.detail(caseId);
  if (!view) throw new DeskError('not-found', 'This case does not exist on this laptop.');
  return view;
}
