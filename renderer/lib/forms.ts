// Inline validation: a zod result or a DeskError's issues become one message per field.
import type { z } from 'zod';
import { inScreenWords } from '../../shared/domain/field-labels.js';
import { DeskError } from '../../shared/ipc/index.js';

export type FieldErrors = Record<string, string>;

/** First message per top-level path ("idNumber", "kyb.zipCode" → "zipCode" when prefix given). */
export function fieldErrorsFrom(
  issues: ReadonlyArray<{ path: string | ReadonlyArray<PropertyKey>; message: string }>,
  prefix = '',
): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    let path = typeof issue.path === 'string' ? issue.path : issue.path.map(String).join('.');
    if (prefix && path.startsWith(`${prefix}.`)) path = path.slice(prefix.length + 1);
    const key = path === '' ? '_form' : path;
    if (!(key in out)) out[key] = humanise(issue.message);
  }
  return out;
}

/** Validates with a schema; the data when valid, else the field messages. */
export function validate<S extends z.ZodType>(
  schema: S,
  value: unknown,
): { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, errors: fieldErrorsFrom(result.error.issues) };
}

export function errorsFromDeskError(error: unknown, prefix = ''): FieldErrors {
  if (error instanceof DeskError && error.issues && error.issues.length > 0)
    return fieldErrorsFrom(error.issues, prefix);
  return {};
}

/** Zod's wording made friendlier for the messages people see most. */
export function humanise(message: string): string {
  if (/^Too small: expected string to have >=1 characters?$/i.test(message)) return 'Required';
  if (/expected string, received undefined/i.test(message)) return 'Required';
  if (/expected number, received (undefined|NaN)/i.test(message)) return 'Required';
  if (/expected boolean, received undefined/i.test(message)) return 'Required';
  if (/^Invalid email/i.test(message)) return 'Enter a valid e-mail address';
  if (/^Invalid UUID/i.test(message)) return 'Choose a value';
  const required = /^(\w+) is required when (\w+) is (true|false)$/.exec(message);
  if (required) return 'Required';
  // Shown under its own field: "shareholderPercentage must be at most 100" reads "Must be at most 100".
  const own = /^[a-z]+[A-Z]\w* (must .*)$/.exec(message);
  if (own) return inScreenWords(own[1]!.charAt(0).toUpperCase() + own[1]!.slice(1).replace(' as text', ''));
  return inScreenWords(message);
}

/** Removes empty strings and NaN so optional fields are left out rather than sent blank. */
export function compact<T extends Record<string, unknown>>(value: T): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (v === '' || v === undefined || v === null) continue;
    if (typeof v === 'number' && Number.isNaN(v)) continue;
    out[k] = v;
  }
  return out as Partial<T>;
}

/** A select's value as a lookup id, undefined when nothing is chosen. */
export function lookupValue(value: string | number | null | undefined): number | undefined {
  if (value === '' || value === null || value === undefined) return undefined;
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** Active look-up records as select options. */
export function options(
  list: ReadonlyArray<{ id: number; name: string; active?: boolean }>,
): Array<{ value: number; label: string }> {
  return list.filter((item) => item.active !== false).map((item) => ({ value: item.id, label: item.name }));
}

export const idText = (value: number | null | undefined): string =>
  value === null || value === undefined ? '' : String(value);
