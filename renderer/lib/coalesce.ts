// A reload asked for by a burst of events (a drain changes cases many times a second) runs at once
// for the first, then at most once per `gapMs`, never two at a time, and once more after an event
// that came while it ran, so the screen ends on the latest state without reloading per event.

export interface Coalesced {
  trigger(): void;
  cancel(): void;
}

export function coalesce(task: () => Promise<void>, gapMs: number, now: () => number = Date.now): Coalesced {
  let pending = false;
  let running = false;
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastEnd = Number.NEGATIVE_INFINITY;

  const schedule = (): void => {
    if (running || timer || cancelled) return;
    timer = setTimeout(() => void run(), Math.max(0, lastEnd + gapMs - now()));
  };

  const run = async (): Promise<void> => {
    timer = null;
    if (!pending || cancelled) return;
    pending = false;
    running = true;
    try {
      await task();
    } finally {
      running = false;
      lastEnd = now();
      if (pending) schedule();
    }
  };

  return {
    trigger() {
      pending = true;
      schedule();
    },
    cancel() {
      cancelled = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
