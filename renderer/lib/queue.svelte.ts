// The queue screen's state: the rows of the active environment's queue near what the screen shows,
// kept current by the core's deltas (queue.changed): a changed row is patched, a sent one dropped,
// and the rows are read again only when a delta cannot say where they now stand (a new job inside
// the rows held, a job gone before them, another environment). Each change costs the same with
// ten thousand queued items as with ten.
import type { JobView, QueueChanged } from '../../shared/ipc/index.js';
import { call, desk, messageOf } from './desk.js';
import { groupByCase } from './queue-groups.js';
import { covers, rowsToRead, type RowRange } from './virtual-window.js';

/** Rows read beyond what the screen shows, so that scrolling a little or a drain needs no read. */
export const READ_MARGIN = 40;
/** What the screen shows before it has measured itself. */
const FIRST_ROWS: RowRange = { start: 0, end: 20 };

export class QueueState {
  /** The rows held, in queue order, the first being row `offset` of the queue. */
  rows = $state<JobView[]>([]);
  offset = $state(0);
  /** How many jobs the queue holds. */
  total = $state(0);
  error = $state<string | null>(null);
  loaded = $state(false);
  /** How many times the rows were read from the core (for tests and the bench). */
  reads = $state(0);

  failed = $derived(this.rows.filter((j) => j.state === 'failed'));
  byCase = $derived(groupByCase(this.rows));

  private wanted: RowRange = FIRST_ROWS;
  private reading: Promise<void> | null = null;
  private readAgain = false;

  start(): () => void {
    void this.load();
    return desk().on('queue.changed', (delta) => this.apply(delta));
  }

  /** The rows the screen draws now; read when the rows held do not cover them. */
  show(range: RowRange): void {
    this.wanted = range;
    if (!covers(this.held(), this.clamped(range))) void this.load();
  }

  /** The held row at queue position `index`, or undefined while it is being read. */
  rowAt(index: number): JobView | undefined {
    return this.rows[index - this.offset];
  }

  /** Applies what changed; reads again only what a delta cannot place. */
  apply(delta: QueueChanged): void {
    const before = this.total;
    this.total = delta.total;
    if (delta.reset || !this.loaded) {
      void this.load();
      return;
    }
    // Plain look-ups, not state: a delta names a handful of jobs and the screen holds a few dozen.
    const held = this.rows.map((r) => r.id);
    const heldEnd = this.offset + this.rows.length;
    const changed = (id: string) => delta.changed.find((j) => j.id === id);
    this.rows = this.rows.filter((r) => !delta.removed.includes(r.id)).map((r) => changed(r.id) ?? r);
    // Jobs are only ever added at the end of the queue.
    const added = delta.total - (before - delta.removed.length);
    const mustRead =
      // A job gone that was not held may have stood before the rows held: they moved up.
      (this.offset > 0 && delta.removed.some((id) => !held.includes(id))) ||
      // A new job lands at the end: inside the rows held when they reach the end.
      (added > 0 && heldEnd >= before && delta.changed.some((j) => !held.includes(j.id))) ||
      !covers(this.held(), this.clamped(this.wanted));
    if (mustRead || this.reading) void this.load();
  }

  /** Reads the rows around what the screen shows; a change announced meanwhile is read once more. */
  load(): Promise<void> {
    if (this.reading) {
      this.readAgain = true;
      return this.reading;
    }
    this.reading = (async () => {
      do {
        this.readAgain = false;
        await this.read();
      } while (this.readAgain);
    })().finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  private held(): RowRange {
    return { start: this.offset, end: this.offset + this.rows.length };
  }

  private clamped(range: RowRange): RowRange {
    const end = Math.min(range.end, this.total);
    return { start: Math.min(range.start, end), end };
  }

  private async read(): Promise<void> {
    try {
      const { total } = await call('queue.count', {});
      // Scrolled past the end (items were sent meanwhile): read the last rows instead.
      const span = Math.max(this.wanted.end - this.wanted.start, 1);
      const from = Math.min(this.wanted.start, Math.max(0, total - span));
      const range = rowsToRead({ start: from, end: from + span }, total, READ_MARGIN);
      const limit = range.end - range.start;
      const rows = await call('queue.list', { offset: range.start, limit });
      this.reads++;
      // The count and the rows are two reads: a short answer says exactly where the queue ends.
      this.total = rows.length < limit ? range.start + rows.length : Math.max(total, range.start + limit);
      this.offset = range.start;
      this.rows = rows;
      this.error = null;
    } catch (e) {
      this.error = messageOf(e);
    } finally {
      this.loaded = true;
    }
  }

  async run(action: () => Promise<unknown>): Promise<void> {
    try {
      await action();
      this.error = null;
    } catch (e) {
      this.error = messageOf(e);
    }
  }
}
