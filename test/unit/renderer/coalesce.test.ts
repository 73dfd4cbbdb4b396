import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalesce } from '../../../renderer/lib/coalesce.js';

describe('coalesced reloads', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const counting = () => {
    const runs: number[] = [];
    const task = vi.fn(async () => {
      runs.push(Date.now());
    });
    return { runs, task };
  };

  it('reloads at once for the first event of a quiet screen', async () => {
    const { task } = counting();
    const c = coalesce(task, 1000);
    c.trigger();
    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('reloads a burst of events at most once per gap, ending on the latest state', async () => {
    const { runs, task } = counting();
    const c = coalesce(task, 1000);
    const start = Date.now();
    for (let i = 0; i < 40; i++) {
      c.trigger();
      await vi.advanceTimersByTimeAsync(50);
    }
    await vi.advanceTimersByTimeAsync(2000);
    // 40 events over 2 s: the first at once, then one per second, and one after the last event.
    expect(task.mock.calls.length).toBeLessThanOrEqual(4);
    expect(runs.at(-1)! - start).toBeGreaterThanOrEqual(1950);
    for (let i = 1; i < runs.length; i++) expect(runs[i]! - runs[i - 1]!).toBeGreaterThanOrEqual(1000);
  });

  it('never runs two reloads at once', async () => {
    let active = 0;
    let most = 0;
    const c = coalesce(async () => {
      active++;
      most = Math.max(most, active);
      await new Promise((r) => setTimeout(r, 1500));
      active--;
    }, 100);
    for (let i = 0; i < 10; i++) {
      c.trigger();
      await vi.advanceTimersByTimeAsync(300);
    }
    await vi.advanceTimersByTimeAsync(5000);
    expect(most).toBe(1);
  });

  it('does nothing once cancelled', async () => {
    const { task } = counting();
    const c = coalesce(task, 1000);
    c.cancel();
    c.trigger();
    await vi.advanceTimersByTimeAsync(2000);
    expect(task).not.toHaveBeenCalled();
  });
});
