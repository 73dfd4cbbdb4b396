// A sandbox clock a test moves on (StartSandboxOptions.clock is its `now`): real time plus what the
// test has added, so the order of events stays real while a token, a window or a schedule runs out
// at once, without the test waiting for it.
export function movableClock(): { now: () => number; advance(ms: number): void } {
  let ahead = 0;
  return {
    now: () => Date.now() + ahead,
    advance(ms: number) {
      ahead += ms;
    },
  };
}
