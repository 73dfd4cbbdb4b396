// Failures cross the IPC boundary as data, never as stack traces or Node errors.
import { z } from 'zod';

export const DeskErrorCodeSchema = z.enum([
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
]);
export type DeskErrorCode = z.infer<typeof DeskErrorCodeSchema>;

export const DeskErrorBodySchema = z.object({
  code: DeskErrorCodeSchema,
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type DeskErrorBody = z.infer<typeof DeskErrorBodySchema>;

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

export const IpcResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: DeskErrorBodySchema }),
]);
export type IpcResult = z.infer<typeof IpcResultSchema>;

/** Turns zod issues into the field messages forms show inline. */
export function issuesFromZod(error: z.ZodError): NonNullable<DeskErrorBody['issues']> {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}
