// Page operations of a document draft: pure, so they are tested without a browser.
export type Rotation = 0 | 90 | 180 | 270;

export function rotateClockwise(rotation: Rotation): Rotation {
  return ((rotation + 90) % 360) as Rotation;
}

/** Moves the page at `index` by `delta` places, staying inside the list. */
export function movePage<T>(pages: readonly T[], index: number, delta: number): T[] {
  const out = [...pages];
  const target = Math.max(0, Math.min(out.length - 1, index + delta));
  if (index < 0 || index >= out.length || target === index) return out;
  const [page] = out.splice(index, 1);
  out.splice(target, 0, page as T);
  return out;
}

export function withoutPage<T extends { id: string }>(pages: readonly T[], id: string): T[] {
  return pages.filter((p) => p.id !== id);
}

/** A file's display name for the assembled document. */
export function documentFilename(
  typeName: string | undefined,
  pageCount: number,
  firstSource: string | undefined,
): string {
  const base =
    (typeName ?? firstSource ?? 'document').replace(/[^\p{L}\p{N} ._-]+/gu, ' ').trim() || 'document';
  const single =
    pageCount === 1 && firstSource ? firstSource.replace(/[^\p{L}\p{N} ._-]+/gu, ' ').trim() : null;
  return single ?? `${base}.pdf`;
}

/** Accepted by the service, judged from the name only as a hint; the core checks the content. */
export const ACCEPT = '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg';

/** Why a file over the owner's limit cannot be added, with both sizes. */
export function tooLargeMessage(size: number, limit: number): string {
  const mb = (n: number): string => `${(n / (1024 * 1024)).toFixed(1)} MB`;
  return `The file is too large: ${mb(size)}, and the limit is ${mb(limit)}. Scan it at a lower resolution or split it.`;
}
