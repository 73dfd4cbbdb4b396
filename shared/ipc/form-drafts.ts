// Unsaved input of a form, kept on this laptop as the person types (electron/core/forms/).
import { z } from 'zod';

export const FORM_NAMES = [
  'individual.new',
  'individual.edit',
  'entity.new',
  'entity.kyb',
  'person',
  'organigram',
  'pep-review',
  'decision',
] as const;
export const FormNameSchema = z.enum(FORM_NAMES);

/** A draft's address: the form, its case (null before the case exists) and what in it (a person's id). */
export const FormDraftRefSchema = z.object({
  form: FormNameSchema,
  caseId: z.string().min(1).nullable(),
  subject: z.string().max(100),
});
export type FormDraftRef = z.infer<typeof FormDraftRefSchema>;

/** Input as typed: JSON values only, at most 256 KB of it. */
export const FormDraftDataSchema = z
  .json()
  .refine((value) => JSON.stringify(value).length <= 256 * 1024, 'A form draft holds at most 256 KB.');

export const FormDraftSchema = z.object({
  data: z.json().nullable(),
  /** When the draft was last kept; null when there is none. */
  savedAt: z.string().nullable(),
});
export type FormDraft = z.infer<typeof FormDraftSchema>;
