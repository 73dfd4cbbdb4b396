// Screens other than the first one (the cases list) are their own chunks: the page the app opens on
// evaluates a fraction of the code, without zod, and the rest loads while staff read their cases.
/** One screen loaded on first use; once loaded it is handed out at once, so it renders in the same frame. */
export class LazyScreen<C> {
  private loaded: C | null = null;
  private loading: Promise<C> | null = null;

  constructor(private readonly load: () => Promise<{ default: C }>) {}

  /** The screen when loaded, else the promise of it: `{#await}` renders the first without waiting. */
  get ready(): C | Promise<C> {
    if (this.loaded) return this.loaded;
    // zod is configured before a screen's schemas are built: the first screen never loads zod.
    this.loading ??= import('./zod-config.js')
      .then(() => this.load())
      .then(
        (module) => (this.loaded = module.default),
        (error: unknown) => {
          // A failed fetch (the app was updated, the host went away) is tried again next time.
          this.loading = null;
          throw error;
        },
      );
    return this.loading;
  }

  /** Starts loading without waiting; a failure is reported when the screen is opened. */
  preload(): void {
    const ready = this.ready;
    if (ready instanceof Promise) ready.catch(() => undefined);
  }
}

/** Loads the given screens once the browser is idle (soon after the first screen has painted). */
export function preloadWhenIdle(screens: readonly LazyScreen<unknown>[]): void {
  const start = () => screens.forEach((screen) => screen.preload());
  const idle = (
    globalThis as { requestIdleCallback?: (run: () => void, options: { timeout: number }) => number }
  ).requestIdleCallback;
  if (idle) idle.call(globalThis, start, { timeout: 2000 });
  else setTimeout(start, 200);
}
