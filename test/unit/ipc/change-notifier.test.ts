// How often the screens hear that a case changed: a person's own change at once, a drain a few
// times a second however many of its jobs finish (each told change makes an open case screen read
// the case again), and what each telling names: the case's documents written since the last one.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChangeNotifier } from '../../../electron/core/ipc/change-notifier.js';
import { CoreEvents } from '../../../electron/core/ipc/events.js';
import type { Status } from '../../../shared/ipc/model.js';

function notifier() {
  const events = new CoreEvents();
  const told: { at: number; caseId: string; documentIds: string[] | null }[] = [];
  const refreshed: string[] = [];
  /** Documents written per case since it was last told, as DocumentStore.takeChangedDocuments keeps them. */
  const written = new Map<string, string[] | null>();
  events.on('case.changed', ({ caseId, documentIds }) => told.push({ at: Date.now(), caseId, documentIds }));
  const changes = new ChangeNotifier({
    events,
    status: () => ({}) as Status,
    refreshCaseStatus: (caseId) => refreshed.push(caseId),
    changedDocuments: (caseId) => {
      const ids = written.has(caseId) ? written.get(caseId)! : [];
      written.delete(caseId);
      return ids;
    },
    // No queue screen listens here: the queue's delta is dropped, never built.
    queue: {
      caseChanged: () => undefined,
      build: () => {
        throw new Error('no queue screen listens');
      },
      drop: () => undefined,
    },
  });
  return { changes, told, refreshed, written };
}

describe('case changes told to the screens', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tells a lone change within 50 ms, its status row refreshed first', () => {
    const { changes, told, refreshed } = notifier();
    changes.caseChanged('case-a');
    vi.advanceTimersByTime(49);
    expect(told).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(told.map((t) => t.caseId)).toEqual(['case-a']);
    expect(refreshed).toEqual(['case-a']);
    changes.close();
  });

  it('tells a drain finishing a job every 10 ms at most every 250 ms, each case once per telling', () => {
    const { changes, told } = notifier();
    for (let ms = 0; ms < 2000; ms += 10) {
      changes.caseChanged(ms % 20 === 0 ? 'case-a' : 'case-b');
      vi.advanceTimersByTime(10);
    }
    vi.advanceTimersByTime(300);
    const tellings = [...new Set(told.map((t) => t.at))];
    expect(tellings.length).toBeLessThanOrEqual(9);
    for (let i = 1; i < tellings.length; i++)
      expect(tellings[i]! - tellings[i - 1]!).toBeGreaterThanOrEqual(250);
    // Every change was told: the last telling names both cases.
    expect(
      told
        .filter((t) => t.at === tellings.at(-1))
        .map((t) => t.caseId)
        .sort(),
    ).toEqual(['case-a', 'case-b']);
    changes.close();
  });

  it("names in each telling the case's documents written since the last, or null for too many", () => {
    const { changes, told, written } = notifier();
    written.set('case-a', ['doc-1', 'doc-2']);
    changes.caseChanged('case-a');
    vi.advanceTimersByTime(50);
    written.set('case-a', ['doc-3']);
    changes.caseChanged('case-a');
    changes.caseChanged('case-b');
    vi.advanceTimersByTime(250);
    written.set('case-a', null);
    changes.caseChanged('case-a');
    vi.advanceTimersByTime(250);
    expect(told.map(({ caseId, documentIds }) => ({ caseId, documentIds }))).toEqual([
      { caseId: 'case-a', documentIds: ['doc-1', 'doc-2'] },
      { caseId: 'case-a', documentIds: ['doc-3'] },
      { caseId: 'case-b', documentIds: [] },
      { caseId: 'case-a', documentIds: null },
    ]);
    changes.close();
  });

  it('tells a change that follows a quiet spell within 50 ms again', () => {
    const { changes, told } = notifier();
    changes.caseChanged('case-a');
    vi.advanceTimersByTime(1000);
    changes.caseChanged('case-a');
    vi.advanceTimersByTime(50);
    expect(told).toHaveLength(2);
    expect(told[1]!.at - told[0]!.at).toBe(1000);
    changes.close();
  });
});
