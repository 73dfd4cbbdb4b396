// "Edit details" of an individual: only the fields that changed are sent, validated as the core will.
import { IndividualUpdateRequestSchema, type IndividualUpdateRequest } from '../../shared/api/index.js';
import { validate, type FieldErrors } from './forms.js';

export interface DetailsForm {
  firstName: string;
  lastName: string;
  clientEmail: string;
  clientPhone: string;
  externalSystemId: string;
}

/** The form's starting values from the case as created. */
export function detailsFormFrom(create: {
  firstName: string;
  lastName: string;
  clientEmail?: string | undefined;
  telNumber?: string | undefined;
  externalSystemId?: string | undefined;
}): DetailsForm {
  return {
    firstName: create.firstName,
    lastName: create.lastName,
    clientEmail: create.clientEmail ?? '',
    clientPhone: create.telNumber ?? '',
    externalSystemId: create.externalSystemId ?? '',
  };
}

export type DetailsResult =
  | { ok: true; changes: IndividualUpdateRequest }
  | { ok: false; errors: FieldErrors }
  | { ok: false; unchanged: true };

/** The changed fields, trimmed; a cleared name is an error (names are required), not a change. */
export function detailChanges(original: DetailsForm, form: DetailsForm): DetailsResult {
  const changes: Record<string, string> = {};
  for (const key of Object.keys(form) as Array<keyof DetailsForm>) {
    const value = form[key].trim();
    if (value !== original[key].trim()) changes[key] = value;
  }
  if (Object.keys(changes).length === 0) return { ok: false, unchanged: true };
  const result = validate(IndividualUpdateRequestSchema, changes);
  if (!result.ok) return { ok: false, errors: result.errors };
  return { ok: true, changes: result.data };
}
