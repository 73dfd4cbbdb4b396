// The cases screen's first rows, asked for beside the app's status when the app opens on it: the
// rows then arrive while the page is still being built instead of one round trip after it.
import type { CasesListRequest, CasesPage } from '../../shared/ipc/index.js';
import { call } from './desk.js';

/** An answer older than this may miss a change made meanwhile: the screen asks again. */
const FRESH_MS = 2000;

let early: { at: number; request: string; answer: Promise<CasesPage> } | null = null;

/**
 * Asks for the first page the screen will show; refused while nobody is signed in, which is fine.
 * Settles (never rejects) when the answer is in.
 */
export function askFirstCases(request: CasesListRequest): Promise<void> {
  const answer = call('cases.list', request);
  early = { at: Date.now(), request: JSON.stringify(request), answer };
  return answer.then(
    () => undefined,
    () => undefined,
  );
}

/** The early answer for exactly this request, once and while fresh; otherwise null. */
export function takeFirstCases(request: CasesListRequest): Promise<CasesPage> | null {
  const taken = early;
  early = null;
  if (!taken || Date.now() - taken.at > FRESH_MS || JSON.stringify(request) !== taken.request) return null;
  // Refused (nobody was signed in yet when asked): the screen asks itself.
  return taken.answer.catch(() => call('cases.list', request));
}
