// Request parsing with zod: failures become the published 400 shape, never a 500.
import type { z } from 'zod';
import { badRequest, notFound, validationError } from './errors.js';

export function parseWith<S extends z.ZodType>(schema: S, value: unknown, prefix = ''): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationError(parsed.error, prefix);
  return parsed.data;
}

/** Deepest nesting any request body may have; schemas recurse, so deeper input is refused first. */
export const MAX_BODY_DEPTH = 64;

/** Nesting depth of a parsed JSON value, walked without recursion so hostile input cannot overflow the stack. */
export function nestingDepth(value: unknown, stopAt = MAX_BODY_DEPTH + 1): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (typeof current !== 'object' || current === null) continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest >= stopAt) return deepest;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return deepest;
}

export function checkDepth(body: unknown): void {
  if (nestingDepth(body) > MAX_BODY_DEPTH)
    throw badRequest(`The request body is nested deeper than ${MAX_BODY_DEPTH} levels`);
}

/** A JSON body must be an object; anything else (array, string, none) is refused before zod runs. */
export function jsonObject(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest('The request body must be a JSON object');
  }
  checkDepth(body);
  return body as Record<string, unknown>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id that is not a UUID names no record: the answer is the same 404 as an unknown id. */
export function uuidParam(value: string | undefined, what: string): string {
  if (!value || !UUID.test(value)) throw notFound(`${what} not found`);
  return value.toLowerCase();
}

/** A path id that must be a positive integer (document ids). */
export function intParam(value: string | undefined, what: string): number {
  if (!value || !/^[1-9][0-9]{0,14}$/.test(value)) throw notFound(`${what} not found`);
  return Number(value);
}
