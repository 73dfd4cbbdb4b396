// The renderer's plain guards and the core's zod schemas must accept the same answers: a drift would
// let the first screen read what the schema refuses, or refuse what the core sends.
import { describe, expect, it } from 'vitest';
import { DeskErrorBodySchema, IpcResultSchema } from '../../../shared/ipc/errors.js';
import { isDeskErrorBody, isIpcResult } from '../../../shared/ipc/result-guards.js';

const bodies: unknown[] = [
  { code: 'offline', message: 'No connection.' },
  { code: 'invalid-input', message: 'Check the fields.', issues: [{ path: 'a.b', message: 'Required' }] },
  { code: 'invalid-input', message: 'Check.', issues: [] },
  { code: 'internal', message: 'x', extra: 'ignored' },
  { code: 'not-a-code', message: 'x' },
  { code: 'offline' },
  { code: 'offline', message: 3 },
  { code: 'offline', message: 'x', issues: [{ path: 1, message: 'y' }] },
  { code: 'offline', message: 'x', issues: 'none' },
  { code: 'offline', message: 'x', issues: null },
  null,
  'offline',
  [],
  new Error('boom'),
];

const results: unknown[] = [
  { ok: true, value: { rows: [1, 2] } },
  { ok: true, value: null },
  { ok: true },
  { ok: false, error: { code: 'not-found', message: 'No such case.' } },
  { ok: false, error: { code: 'nope', message: 'No such case.' } },
  { ok: false },
  { ok: 'yes', value: 1 },
  { value: 1 },
  [true],
  null,
  42,
  ...bodies.map((error) => ({ ok: false, error })),
];

describe('the IPC result guards', () => {
  it('accept and refuse exactly the error bodies the schema does', () => {
    for (const body of bodies)
      expect([body, isDeskErrorBody(body)]).toEqual([body, DeskErrorBodySchema.safeParse(body).success]);
    expect(bodies.filter(isDeskErrorBody)).toHaveLength(4);
  });

  it('accept and refuse exactly the results the schema does', () => {
    for (const result of results)
      expect([result, isIpcResult(result)]).toEqual([result, IpcResultSchema.safeParse(result).success]);
    expect(results.filter(isIpcResult)).toHaveLength(7);
  });
});
