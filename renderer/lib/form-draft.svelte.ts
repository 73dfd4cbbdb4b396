// A form's unsaved input, kept on this laptop as the person types (a short pause after the last
// key) and given back when they return, also after a restart. Saving the form clears it. A draft
// is never "saved": the banner says it is kept here, not saved to the case and not sent.
import type { FormDraftRef } from '../../shared/ipc/index.js';
import { onDestroy } from 'svelte';
import { call, messageOf } from './desk.js';

export class FormDraft<T> {
  /** When the input was last kept on this laptop; null when there is no draft. */
  keptAt = $state<string | null>(null);
  /** The form opened with input kept from before (another visit, or before a restart). */
  restored = $state(false);
  error = $state<string | null>(null);

  private timer: ReturnType<typeof setTimeout> | null = null;
  private pending: T | null = null;
  private lastKept: string | null = null;
  private loaded = false;
  /** The form as it opened, and its latest input before the kept draft was read. */
  private opened: string | null = null;
  private early: T | null = null;

  constructor(
    readonly ref: FormDraftRef,
    private readonly delayMs = 400,
  ) {
    // A form left within the pause after the last key keeps that input too. Outside a component
    // (a test of the class) there is nothing to leave, and Svelte refuses onDestroy.
    try {
      onDestroy(() => void this.flush());
    } catch {
      /* not in a component */
    }
  }

  /** The kept input, if any. Keeping starts only after this, so the form's blank start never overwrites it. */
  async load(): Promise<T | null> {
    try {
      const draft = await call('formDrafts.get', this.ref);
      this.loaded = true;
      if (draft.data === null) {
        // Typed before the answer came: kept now rather than lost.
        const early = this.early;
        if (early !== null && JSON.stringify(early) !== this.opened) this.keep(early);
        return null;
      }
      this.lastKept = JSON.stringify(draft.data);
      this.keptAt = draft.savedAt;
      this.restored = true;
      return draft.data as T;
    } catch (e) {
      this.loaded = true;
      this.error = messageOf(e);
      return null;
    }
  }

  /** Keeps the input shortly after the last change; an unchanged form is not written again. */
  keep(value: T): void {
    const text = JSON.stringify(value);
    if (!this.loaded) {
      this.opened ??= text;
      this.early = value;
      return;
    }
    if (text === this.lastKept) return;
    // With no draft kept, the form as it opened holds nothing to keep (e.g. right after a discard).
    if (this.lastKept === null && text === this.opened) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      this.pending = null;
      return;
    }
    this.pending = value;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), this.delayMs);
  }

  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const value = this.pending;
    this.pending = null;
    if (value === null) return;
    const text = JSON.stringify(value);
    try {
      const kept = await call('formDrafts.save', { ...this.ref, data: JSON.parse(text) });
      this.lastKept = text;
      this.keptAt = kept.savedAt;
      this.error = null;
    } catch (e) {
      this.error = `Your input could not be kept on this laptop: ${messageOf(e)}`;
    }
  }

  /** The form was saved: its draft has served. */
  async cleared(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending = null;
    this.lastKept = null;
    this.keptAt = null;
    this.restored = false;
    await call('formDrafts.clear', this.ref).catch(() => undefined);
  }
}
