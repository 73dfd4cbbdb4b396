// One open case on screen, reloaded when the core says it (or its queued items) changed.
import { describe, expect, it } from 'vitest';
import { CaseStore } from '../../../../renderer/lib/case-store.svelte.js';
import { installFakeDesk } from './fake-desk.js';

describe('CaseStore', () => {
  it('shows the fresh case after the core changes it, and ignores other cases', async () => {
    const fake = installFakeDesk();
    let title = 'Acme (Pty) Ltd';
    fake.answer('cases.get', (input) => ({ id: (input as { caseId: string }).caseId, title }));
    const store = new CaseStore('case-1');
    const stop = store.start();
    await expect.poll(() => store.detail?.title).toBe('Acme (Pty) Ltd');

    title = 'Acme Holdings (Pty) Ltd';
    fake.emit('case.changed', { caseId: 'case-2' });
    await Promise.resolve();
    expect(fake.calls.filter((c) => c.channel === 'cases.get')).toHaveLength(1);

    fake.emit('case.changed', { caseId: 'case-1' });
    await expect.poll(() => store.detail?.title).toBe('Acme Holdings (Pty) Ltd');
    stop();
  });

  it('reloads when a queue delta names its case, never for another case', async () => {
    const fake = installFakeDesk();
    fake.answer('cases.get', () => ({ id: 'case-1', title: 'Acme' }));
    const store = new CaseStore('case-1');
    const stop = store.start();
    await expect.poll(() => store.detail).not.toBeNull();
    const reads = () => fake.calls.filter((c) => c.channel === 'cases.get').length;
    const delta = { version: 1, total: 3, changed: [], removed: ['j1'], reset: false };

    fake.emit('queue.changed', { ...delta, caseIds: ['case-2'] });
    await Promise.resolve();
    expect(reads()).toBe(1);

    fake.emit('queue.changed', { ...delta, version: 2, caseIds: ['case-2', 'case-1'] });
    await expect.poll(reads).toBe(2);

    fake.emit('queue.changed', { ...delta, version: 3, caseIds: [], reset: true });
    await expect.poll(reads).toBe(3);
    stop();
  });

  it('stops following the core once the screen closes', async () => {
    const fake = installFakeDesk();
    fake.answer('cases.get', () => ({ id: 'case-1', title: 'Acme' }));
    const store = new CaseStore('case-1');
    const stop = store.start();
    await expect.poll(() => store.detail).not.toBeNull();
    stop();
    fake.emit('case.changed', { caseId: 'case-1' });
    fake.emit('queue.changed', {
      version: 1,
      total: 0,
      changed: [],
      removed: [],
      caseIds: ['case-1'],
      reset: false,
    });
    expect(fake.calls).toHaveLength(1);
  });
});
