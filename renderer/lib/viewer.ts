// Page and zoom arithmetic of the report viewer.
export type ZoomDirection = 'in' | 'out';
export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;

export function clampPage(n: number, count: number): number {
  if (!Number.isFinite(n) || count <= 0) return 1;
  return Math.max(1, Math.min(count, Math.round(n)));
}

export function nextZoom(current: number, direction: ZoomDirection): number {
  if (direction === 'in')
    return ZOOM_STEPS.find((z) => z > current + 1e-9) ?? ZOOM_STEPS[ZOOM_STEPS.length - 1]!;
  return [...ZOOM_STEPS].reverse().find((z) => z < current - 1e-9) ?? ZOOM_STEPS[0];
}
