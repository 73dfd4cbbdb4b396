// The upload bars: progress from the core's queue.progress events, per document and per job.
import { describe, expect, it } from 'vitest';
import { UploadProgress } from '../../../../renderer/lib/progress.svelte.js';
import { installFakeDesk } from './fake-desk.js';

describe('UploadProgress', () => {
  it('shows how much of a document has been sent as the core reports it', async () => {
    const fake = installFakeDesk();
    const progress = new UploadProgress();
    progress.start();
    fake.emit('queue.progress', { jobId: 'j1', documentId: 'd1', sent: 10, total: 40 });
    fake.emit('queue.progress', { jobId: 'j1', documentId: 'd1', sent: 30, total: 40 });
    expect(progress.byDocument.d1).toEqual({ sent: 30, total: 40 });
    expect(progress.byJob.j1).toEqual({ sent: 30, total: 40 });
  });
});
