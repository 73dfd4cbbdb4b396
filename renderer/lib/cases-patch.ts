// What a `case.changed` does to the rows the cases screen holds: a row that changed in place is
// patched; when a row may have moved, left the filter or joined it, the window is read again.
import type { CaseSummary, CasesPage } from '../../shared/ipc/index.js';

export type CasesPatch =
  | { reread: true }
  | { reread: false; patches: Array<{ index: number; row: CaseSummary }>; needsReview: number };

/**
 * `rows` are the rows held, by index; `asked` the changed ids sent with `cases.list {ids}` and
 * `answer` what it said (the asked cases that still match the filters, the new total).
 */
export function casesPatch(
  rows: Readonly<Record<number, CaseSummary>>,
  total: number,
  asked: readonly string[],
  answer: CasesPage,
): CasesPatch {
  if (answer.total !== total) return { reread: true };
  const held = new Map<string, number>();
  let oldest: string | null = null;
  for (const [key, row] of Object.entries(rows)) {
    held.set(row.id, Number(key));
    if (oldest === null || row.updatedAt < oldest) oldest = row.updatedAt;
  }
  const returned = new Map(answer.cases.map((c) => [c.id, c]));
  const patches: Array<{ index: number; row: CaseSummary }> = [];
  for (const id of asked) {
    const index = held.get(id);
    const row = returned.get(id);
    if (index === undefined) {
      // Not held: it matters only if it now sorts among the rows held.
      if (row && oldest !== null && row.updatedAt >= oldest) return { reread: true };
      continue;
    }
    // Held but no longer matching, or newer (the list is newest first): its place changed.
    if (!row || row.updatedAt !== rows[index]!.updatedAt) return { reread: true };
    patches.push({ index, row });
  }
  return { reread: false, patches, needsReview: answer.needsReview };
}
