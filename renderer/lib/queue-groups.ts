// Jobs grouped by their case, in the order the core listed them.
import type { JobView } from '../../shared/ipc/index.js';

export function groupByCase(
  jobs: readonly JobView[],
): Array<{ caseId: string; caseTitle: string; jobs: JobView[] }> {
  const groups = new Map<string, { caseId: string; caseTitle: string; jobs: JobView[] }>();
  for (const job of jobs) {
    let g = groups.get(job.caseId);
    if (!g) {
      g = { caseId: job.caseId, caseTitle: job.caseTitle, jobs: [] };
      groups.set(job.caseId, g);
    }
    g.jobs.push(job);
  }
  return [...groups.values()];
}
