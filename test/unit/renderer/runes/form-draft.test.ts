// A form's unsaved input kept on this laptop: restored on return, written a moment after typing
// stops, never lost when typed before the kept draft was read, and cleared once the form is saved.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormDraft } from '../../../../renderer/lib/form-draft.svelte.js';
import { installFakeDesk, runEverythingPending, type FakeDesk } from './fake-desk.js';

const ref = { form: 'individual.new' as const, caseId: null, subject: '' };

function keptStore(fake: FakeDesk, initial: unknown = null) {
  let kept: unknown = initial;
  fake.answer('formDrafts.get', () => ({
    data: kept,
    savedAt: kept === null ? null : '2026-11-24T08:00:00.000Z',
  }));
  fake.answer('formDrafts.save', (input) => {
    kept = (input as { data: unknown }).data;
    return { data: kept, savedAt: '2026-11-24T08:01:00.000Z' };
  });
  fake.answer('formDrafts.clear', () => {
    kept = null;
    return { ok: true };
  });
  return { kept: () => kept };
}

describe('FormDraft', () => {
  afterEach(() => vi.useRealTimers());

  it('gives back the input kept before, and says it was restored', async () => {
    const fake = installFakeDesk();
    keptStore(fake, { firstName: 'Ayanda' });
    const draft = new FormDraft<{ firstName: string }>(ref, 1);
    expect(await draft.load()).toEqual({ firstName: 'Ayanda' });
    expect(draft.restored).toBe(true);
  });

  it('keeps only the latest input, once typing pauses', async () => {
    const fake = installFakeDesk();
    const store = keptStore(fake);
    const draft = new FormDraft<{ firstName: string }>(ref, 5);
    await draft.load();
    draft.keep({ firstName: 'A' });
    draft.keep({ firstName: 'Ay' });
    await expect.poll(() => store.kept()).toEqual({ firstName: 'Ay' });
    expect(fake.calls.filter((c) => c.channel === 'formDrafts.save')).toHaveLength(1);
    expect(draft.keptAt).toBe('2026-11-24T08:01:00.000Z');
  });

  it('keeps what was typed before the kept draft was read', async () => {
    const fake = installFakeDesk();
    const store = keptStore(fake);
    const draft = new FormDraft<{ firstName: string }>(ref, 1);
    draft.keep({ firstName: '' });
    draft.keep({ firstName: 'Quick' });
    await draft.load();
    await expect.poll(() => store.kept()).toEqual({ firstName: 'Quick' });
  });

  it('does not write an untouched form', async () => {
    vi.useFakeTimers();
    const fake = installFakeDesk();
    const store = keptStore(fake);
    const draft = new FormDraft<{ firstName: string }>(ref);
    draft.keep({ firstName: '' });
    await draft.load();
    await runEverythingPending();
    expect(fake.calls.some((c) => c.channel === 'formDrafts.save')).toBe(false);
    // The same wait does see a change written.
    draft.keep({ firstName: 'Ayanda' });
    await runEverythingPending();
    expect(store.kept()).toEqual({ firstName: 'Ayanda' });
  });

  it('writes nothing back when a discarded draft leaves the form as it opened', async () => {
    const fake = installFakeDesk();
    const store = keptStore(fake, { firstName: 'Ayanda' });
    const draft = new FormDraft<{ firstName: string }>(ref, 1);
    draft.keep({ firstName: '' });
    await draft.load();
    // Discarded: the draft goes, and the form is emptied again.
    await draft.cleared();
    draft.keep({ firstName: '' });
    await new Promise((r) => setTimeout(r, 20));
    expect(fake.calls.some((c) => c.channel === 'formDrafts.save')).toBe(false);
    expect(store.kept()).toBeNull();
    expect(draft.keptAt).toBeNull();
    // Typing again after the discard is kept as before.
    draft.keep({ firstName: 'B' });
    await expect.poll(() => store.kept()).toEqual({ firstName: 'B' });
  });

  it('is cleared once the form is saved', async () => {
    const fake = installFakeDesk();
    const store = keptStore(fake, { firstName: 'Ayanda' });
    const draft = new FormDraft<{ firstName: string }>(ref, 1);
    await draft.load();
    await draft.cleared();
    expect(store.kept()).toBeNull();
    expect(draft.keptAt).toBeNull();
    expect(draft.restored).toBe(false);
  });
});
