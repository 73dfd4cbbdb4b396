// One open case on screen, read again when the core says it (or its queued items) changed: at once
// for a lone change, at most every 250 ms while a drain keeps changing it, never two reads at a time,
// and each read says which documents the changes since the last one named.
import { describe, expect, it } from 'vitest';
import { CaseStore } from '../../../../renderer/lib/case-store.svelte.js';
import { installFakeDesk } from './fake-desk.js';

const delta = { version: 1, total: 3, changed: [], removed: ['j1'], reset: false };

describe('CaseStore', () => {
  it('shows the fresh case after the core changes it, and ignores other cases', async () => {
    const fake = installFakeDesk();
    let title = 'Acme (Pty) Ltd';
    fake.answer('cases.get', (input) => ({ id: (input as { caseId: string }).caseId, title }));
    const store = new CaseStore('case-1');
    const stop = store.start();
    await expect.poll(() => store.detail?.title).toBe('Acme (Pty) Ltd');

    title = 'Acme Holdings (Pty) Ltd';
    fake.emit('case.changed', { caseId: 'case-2', documentIds: ['other'] });
    fake.emit('case.changed', { caseId: 'case-1', documentIds: ['d1'] });
    await expect.poll(() => store.detail?.title).toBe('Acme Holdings (Pty) Ltd');
    expect(store.changes.documentIds).toEqual(['d1']);
    expect(fake.calls.filter((c) => c.channel === 'cases.get')).toHaveLength(2);
    stop();
  });

  it('reads again when a queue delta names its case, never for another case', async () => {
    const fake = installFakeDesk();
    fake.answer('cases.get', () => ({ id: 'case-1', title: 'Acme' }));
    const store = new CaseStore('case-1');
    const stop = store.start();
    await expect.poll(() => store.detail).not.toBeNull();
    const reads = () => fake.calls.filter((c) => c.channel === 'cases.get').length;

    fake.emit('queue.changed', { ...delta, caseIds: ['case-2'] });
    fake.emit('queue.changed', { ...delta, version: 2, caseIds: ['case-2', 'case-1'] });
    await expect.poll(() => store.changes.version).toBe(2);
    expect(reads()).toBe(2);

    fake.emit('queue.changed', { ...delta, version: 3, caseIds: [], reset: true });
    await expect.poll(reads).toBe(3);
    stop();
  });

  it('coalesces a burst of changes into few reads, each naming every document changed since the last', async () => {
    const fake = installFakeDesk();
    let answering: (() => void) | null = null;
    fake.answer(
      'cases.get',
      () => new Promise((resolve) => (answering = () => resolve({ id: 'case-1', title: 'Acme' }))),
    );
    const store = new CaseStore('case-1');
    const stop = store.start();
    await expect.poll(() => answering).not.toBeNull();
    answering!();
    await expect.poll(() => store.changes.version).toBe(1);
    const reads = () => fake.calls.filter((c) => c.channel === 'cases.get').length;

    // A drain: forty changes, and queue deltas, while the first read triggered by them is slow.
    answering = null;
    fake.emit('case.changed', { caseId: 'case-1', documentIds: ['d0'] });
    await expect.poll(() => answering).not.toBeNull();
    for (let i = 1; i < 40; i++) {
      fake.emit('case.changed', { caseId: 'case-1', documentIds: [`d${i}`] });
      fake.emit('queue.changed', { ...delta, caseIds: ['case-1'] });
    }
    expect(reads()).toBe(2);
    const first = answering!;
    answering = null;
    first();
    await expect.poll(() => store.changes.documentIds).toEqual(['d0']);
    // One more read for all that came while the first ran, after the gap.
    await expect.poll(() => answering).not.toBeNull();
    answering!();
    await expect.poll(() => store.changes.version).toBe(3);
    expect(store.changes.documentIds).toEqual(Array.from({ length: 39 }, (_, i) => `d${i + 1}`));
    expect(reads()).toBe(3);

    // A change too large to name: the next read says so, and a list then reads all it holds again.
    answering = null;
    fake.emit('case.changed', { caseId: 'case-1', documentIds: ['d40'] });
    fake.emit('case.changed', { caseId: 'case-1', documentIds: null });
    await expect.poll(() => answering).not.toBeNull();
    answering!();
    await expect.poll(() => store.changes.version).toBe(4);
    expect(store.changes.documentIds).toBeNull();
    stop();
  });

  it('stops following the core once the screen closes', async () => {
    const fake = installFakeDesk();
    fake.answer('cases.get', () => ({ id: 'case-1', title: 'Acme' }));
    const store = new CaseStore('case-1');
    const stop = store.start();
    await expect.poll(() => store.detail).not.toBeNull();
    stop();
    fake.emit('case.changed', { caseId: 'case-1', documentIds: [] });
    fake.emit('queue.changed', { ...delta, caseIds: ['case-1'] });
    // Another store on the same core still hears the next change: the first has had its chance.
    const other = new CaseStore('case-1');
    const stopOther = other.start();
    await expect.poll(() => other.detail).not.toBeNull();
    fake.emit('case.changed', { caseId: 'case-1', documentIds: [] });
    await expect.poll(() => other.changes.version).toBe(2);
    stopOther();
    expect(store.changes.version).toBe(1);
    expect(fake.calls).toHaveLength(3);
  });
});
