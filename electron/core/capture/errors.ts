// A capture refused for a reason the person at the counter can act on. `message` is shown to them
// as is, so it names their file and says what to do, never how the check works.

export type CaptureProblem = 'empty' | 'type' | 'size' | 'damaged' | 'protected';

export class CaptureError extends Error {
  override readonly name = 'CaptureError';
  constructor(
    readonly problem: CaptureProblem,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** The file name as the user knows it: no folders, no control characters, not absurdly long. */
export function displayName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const short = clean.length > 80 ? `${clean.slice(0, 77)}…` : clean;
  return short === '' ? 'The file' : `“${short}”`;
}
