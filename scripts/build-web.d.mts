export const ROOT: string;
export const HOST_OUT: string;
export const HOST_CLI: string;
export function upToDate(outDir: string, sources: string[], root?: string): boolean;
export function stamp(outDir: string): void;
export function compileForNode(
  entries: readonly string[],
  outDir: string,
  options?: { quiet?: boolean },
): string[];
export function buildRendererIfStale(): boolean;
export function buildHostIfStale(): boolean;
