// Quitting waits for the core: 'before-quit' is cancelled once, core.shutdown() lets in-flight jobs
// record their state, then the app quits for real. A second quit request while waiting is absorbed.

export interface QuitEventLike {
  preventDefault(): void;
}

export function createQuitGuard(options: {
  shutdown: () => Promise<void>;
  quit: () => void;
  onError?: (error: unknown) => void;
}): (event: QuitEventLike) => void {
  let state: 'running' | 'stopping' | 'stopped' = 'running';
  return (event) => {
    if (state === 'stopped') return;
    event.preventDefault();
    if (state === 'stopping') return;
    state = 'stopping';
    options
      .shutdown()
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        state = 'stopped';
        options.quit();
      });
  };
}
