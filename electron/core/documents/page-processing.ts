// Pages waiting to be prepared after their picked file was sealed into the vault: one at a time, in
// the order they were picked, so capturing twenty 40 MB files holds one of them in memory, not
// twenty. Only ids wait here; the files wait in the vault, so the queue costs nothing per MB.

export interface PageJob {
  draftId: string;
  pageId: string;
}

export class PageProcessingQueue {
  private readonly waiting: PageJob[] = [];
  /** Pages waiting or being prepared. */
  private readonly pending = new Map<string, PageJob>();
  private readonly waiters = new Set<{ draftId: string; done: () => void }>();
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly prepare: (job: PageJob) => Promise<void>,
    /** A failure `prepare` did not turn into the page's state; the next page is prepared anyway. */
    private readonly failed: (job: PageJob, error: unknown) => void,
  ) {}

  /** Queues the page unless it is already waiting or being prepared. */
  add(job: PageJob): void {
    if (this.stopped || this.pending.has(job.pageId)) return;
    this.pending.set(job.pageId, job);
    this.waiting.push(job);
    this.running ??= this.drain();
  }

  has(pageId: string): boolean {
    return this.pending.has(pageId);
  }

  /** Resolves once no page of the draft is waiting or being prepared. */
  settled(draftId: string): Promise<void> {
    if (![...this.pending.values()].some((job) => job.draftId === draftId)) return Promise.resolve();
    return new Promise((done) => this.waiters.add({ draftId, done }));
  }

  /** Takes no more pages and waits for the one being prepared; the rest stay "processing" on disk. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const job of this.waiting.splice(0)) this.pending.delete(job.pageId);
    await this.running;
    this.wake();
  }

  private async drain(): Promise<void> {
    for (let job = this.waiting.shift(); job; job = this.waiting.shift()) {
      await this.prepare(job).catch((error: unknown) => this.failed(job, error));
      this.pending.delete(job.pageId);
      this.wake();
    }
    this.running = null;
  }

  private wake(): void {
    const busy = new Set([...this.pending.values()].map((job) => job.draftId));
    for (const waiter of this.waiters) {
      if (busy.has(waiter.draftId) && !this.stopped) continue;
      this.waiters.delete(waiter);
      waiter.done();
    }
  }
}
