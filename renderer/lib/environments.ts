// Words for the work other environment profiles hold: the cases list and the queue show the
// active environment's work only, and say what is elsewhere rather than mixing it in.
import type { Elsewhere } from '../../shared/ipc/index.js';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "3 cases and 5 unsent items under Live — switch to see them", one line per profile. */
export function elsewhereLine(entry: Elsewhere): string {
  const parts = [plural(entry.cases, 'case', 'cases')];
  if (entry.unsent > 0) parts.push(plural(entry.unsent, 'unsent item', 'unsent items'));
  const what = parts.join(' and ');
  return entry.profileName === null
    ? `${what} under an environment that was removed from this laptop`
    : `${what} under ${entry.profileName} — switch to see them`;
}

/** The entries worth a line: those holding cases. */
export function elsewhereWithWork(elsewhere: readonly Elsewhere[]): Elsewhere[] {
  return elsewhere.filter((e) => e.cases > 0 || e.unsent > 0);
}
