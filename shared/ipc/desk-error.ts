// The failure class and its codes without zod, so the renderer's first screen can throw and test
// DeskErrors before any schema is loaded; errors.ts builds the schemas from these codes.
import type { DeskErrorBody } from './errors.js';

export const DESK_ERROR_CODES = [
  'invalid-input',
  'not-found',
  'not-allowed',
  'conflict',
  /** The case belongs to another environment profile than the active one. */
  'other-environment',
  'offline',
  'needs-sign-in',
  'refused',
  'unknown-channel',
  'internal',
] as const;
export type DeskErrorCode = (typeof DESK_ERROR_CODES)[number];

/** Thrown by core handlers for failures a person should read; anything else becomes 'internal'. */
export class DeskError extends Error {
  readonly code: DeskErrorCode;
  readonly issues: DeskErrorBody['issues'];

  constructor(code: DeskErrorCode, message: string, issues?: DeskErrorBody['issues']) {
    super(message);
    this.name = 'DeskError';
    this.code = code;
    this.issues = issues;
  }

  toBody(): DeskErrorBody {
    return this.issues
      ? { code: this.code, message: this.message, issues: this.issues }
      : { code: this.code, message: this.message };
  }

  static fromBody(body: DeskErrorBody): DeskError {
    return new DeskError(body.code, body.message, body.issues);
  }
}
