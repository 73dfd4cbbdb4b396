// The cases screen's rows: the whole filtered list stands behind a virtualised table, and only the
// pages of rows near the viewport are read from the core. A `case.changed` patches the row it names,
// or reads the window again when that row may have moved, joined or left the list.
import type { CaseSummary, CasesListRequest } from '../../shared/ipc/index.js';
import { casesPatch } from './cases-patch.js';
import { coalesce } from './coalesce.js';
import { call, desk, messageOf } from './desk.js';
import { takeFirstCases } from './first-cases.js';
import { pagesCovering } from './virtual-window.js';

/** Rows read per call: a window of the screen is one or two pages. */
export const CASES_WINDOW_PAGE = 50;
/** The most changed cases asked for at once (the core's page limit); more read the window again. */
const MOST_IDS = 200;

export type CasesFilter = Pick<CasesListRequest, 'kind' | 'status' | 'search'>;

export class CasesList {
  /**
   * The rows read so far, by their index in the filtered list. Replaced, never changed in place: a
   * row that did not change stays the same object, so the screen redraws only the rows that did
   * (and a page of rows costs no deep proxy of every field).
   */
  rows = $state.raw<Readonly<Record<number, CaseSummary>>>({});
  total = $state(0);
  /** Applications with something a person must look at, whatever the filters. */
  needsReview = $state(0);
  loaded = $state(false);
  error = $state<string | null>(null);

  private filter: CasesFilter = {};
  private generation = 0;
  // Bookkeeping, not shown: plain sets on purpose.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  private readonly pages = new Set<number>();
  private shown = { start: 0, end: CASES_WINDOW_PAGE };
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  private readonly changed = new Set<string>();
  private readonly refresh = coalesce(() => this.refreshChanged(), 250);

  /** Follows `case.changed`; returns the unsubscribe. */
  start(): () => void {
    const off = desk().on('case.changed', ({ caseId }) => {
      this.changed.add(caseId);
      this.refresh.trigger();
    });
    return () => {
      off();
      this.refresh.cancel();
    };
  }

  /** New filters (or environment): the list is read again from its first rows. */
  async setFilter(filter: CasesFilter): Promise<void> {
    this.filter = filter;
    this.shown = { start: 0, end: Math.max(CASES_WINDOW_PAGE, this.shown.end - this.shown.start) };
    await this.reread(true);
  }

  /** The rows the screen puts in the DOM: pages not read yet are asked for. */
  async show(start: number, end: number): Promise<void> {
    this.shown = { start, end };
    const generation = this.generation;
    const missing = pagesCovering(start, end, CASES_WINDOW_PAGE).filter((offset) => !this.pages.has(offset));
    await Promise.all(missing.map((offset) => this.readPage(offset, generation)));
  }

  private async readPage(offset: number, generation: number): Promise<void> {
    this.pages.add(offset);
    try {
      const request = { ...this.filter, offset, limit: CASES_WINDOW_PAGE };
      const page = await (takeFirstCases(request) ?? call('cases.list', request));
      if (generation !== this.generation) return;
      this.total = page.total;
      this.needsReview = page.needsReview;
      const rows = { ...this.rows };
      page.cases.forEach((row, i) => (rows[offset + i] = row));
      for (const key of Object.keys(rows)) if (Number(key) >= page.total) delete rows[Number(key)];
      this.rows = rows;
      this.error = null;
    } catch (e) {
      if (generation !== this.generation) return;
      this.pages.delete(offset);
      this.error = messageOf(e);
    } finally {
      if (generation === this.generation) this.loaded = true;
    }
  }

  /**
   * Reads the window again. The rows shown stay until their page answers (no flash); rows outside
   * the window are dropped, or all of them when the filter changed.
   */
  private async reread(filterChanged = false): Promise<void> {
    const generation = ++this.generation;
    this.pages.clear();
    // An empty list draws no rows, yet its first page is where a new case appears: read at least that.
    const { start, end } = this.shown;
    const window = pagesCovering(start, Math.max(end, start + 1), CASES_WINDOW_PAGE);
    if (filterChanged) this.rows = {};
    else {
      const first = window[0] ?? 0;
      const last = (window.at(-1) ?? 0) + CASES_WINDOW_PAGE;
      const rows = { ...this.rows };
      for (const key of Object.keys(rows))
        if (Number(key) < first || Number(key) >= last) delete rows[Number(key)];
      this.rows = rows;
    }
    await Promise.all(window.map((offset) => this.readPage(offset, generation)));
  }

  private async refreshChanged(): Promise<void> {
    const ids = [...this.changed];
    this.changed.clear();
    if (ids.length === 0) return;
    if (ids.length > MOST_IDS) return this.reread();
    const generation = this.generation;
    try {
      const answer = await call('cases.list', { ...this.filter, ids });
      if (generation !== this.generation) return;
      const patch = casesPatch(this.rows, this.total, ids, answer);
      if (patch.reread) return await this.reread();
      this.needsReview = patch.needsReview;
      if (patch.patches.length > 0) {
        const rows = { ...this.rows };
        for (const { index, row } of patch.patches) rows[index] = row;
        this.rows = rows;
      }
    } catch (e) {
      this.error = messageOf(e);
    }
  }
}
