// Failures cross the IPC boundary as data, never as stack traces or Node errors.
import { z } from 'zod';
import { DESK_ERROR_CODES } from './desk-error.js';

export { DeskError } from './desk-error.js';

export const DeskErrorCodeSchema = z.enum(DESK_ERROR_CODES);

export const DeskErrorBodySchema = z.object({
  code: DeskErrorCodeSchema,
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type DeskErrorBody = z.infer<typeof DeskErrorBodySchema>;

export const IpcResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: DeskErrorBodySchema }),
]);
export type IpcResult = z.infer<typeof IpcResultSchema>;

/** Turns zod issues into the field messages forms show inline. */
export function issuesFromZod(error: z.ZodError): NonNullable<DeskErrorBody['issues']> {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}
