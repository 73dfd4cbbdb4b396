// Upload progress from the core's queue.progress events, by document and by job.
import type { Progress } from '../../shared/ipc/index.js';
import { desk } from './desk.js';

export class UploadProgress {
  byDocument = $state<Record<string, Progress>>({});
  byJob = $state<Record<string, Progress>>({});
  private started = false;

  start(): void {
    if (this.started) return;
    this.started = true;
    desk().on('queue.progress', ({ jobId, documentId, sent, total }) => {
      this.byJob = { ...this.byJob, [jobId]: { sent, total } };
      if (documentId) this.byDocument = { ...this.byDocument, [documentId]: { sent, total } };
    });
  }
}

export const uploads = new UploadProgress();
