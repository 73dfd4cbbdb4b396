import { describe, expect, it } from 'vitest';
import { createQuitGuard } from '../../../electron/main/quit-guard.js';

function quitEvent() {
  const event = { prevented: 0, preventDefault: () => void event.prevented++ };
  return event;
}

describe('quit guard', () => {
  it('holds the quit until the core has shut down, then quits once', async () => {
    let finishShutdown: () => void = () => undefined;
    const calls: string[] = [];
    const guard = createQuitGuard({
      shutdown: () => {
        calls.push('shutdown');
        return new Promise<void>((resolve) => (finishShutdown = resolve));
      },
      quit: () => calls.push('quit'),
    });

    const first = quitEvent();
    guard(first);
    const second = quitEvent();
    guard(second);
    expect(first.prevented).toBe(1);
    expect(second.prevented).toBe(1);
    expect(calls).toStrictEqual(['shutdown']);

    finishShutdown();
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toStrictEqual(['shutdown', 'quit']);

    // The quit it issued comes back through before-quit and must go through.
    const last = quitEvent();
    guard(last);
    expect(last.prevented).toBe(0);
  });

  it('still quits when shutdown fails, and reports the failure', async () => {
    const errors: unknown[] = [];
    let quits = 0;
    const guard = createQuitGuard({
      shutdown: () => Promise.reject(new Error('disk full')),
      quit: () => void quits++,
      onError: (error) => errors.push(error),
    });
    guard(quitEvent());
    await new Promise((resolve) => setImmediate(resolve));
    expect(quits).toBe(1);
    expect(errors).toHaveLength(1);
  });
});
