import { describe, expect, it } from 'vitest';
import { z } from 'zod';

export type IssuePath = readonly PropertyKey[];

export interface SchemaCases {
  /** Inputs the schema must accept. */
  valid: unknown[];
  /** Inputs the schema must refuse, each with the path of an issue it must report. */
  invalid: { value: unknown; path: IssuePath; why: string }[];
}

export type CaseTable = Record<string, SchemaCases>;

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
}

/** Runs every case of `table` against the schema of the same name exported by `module`. */
export function runCases(module: Record<string, unknown>, table: CaseTable): void {
  for (const [name, cases] of Object.entries(table)) {
    describe(name, () => {
      const schema = module[name];
      it('is an exported zod schema', () => {
        expect(schema).toBeInstanceOf(z.ZodType);
      });
      if (!(schema instanceof z.ZodType)) return;
      it.each(cases.valid.map((value, i) => [i, value] as const))('accepts valid example %i', (_i, value) => {
        const result = schema.safeParse(value);
        expect(result.success, result.success ? '' : describeIssues(result.error)).toBe(true);
      });
      it.each(cases.invalid.map((c) => [c.why, c] as const))('refuses: %s', (_why, c) => {
        const result = schema.safeParse(c.value);
        expect(result.success).toBe(false);
        if (result.success) return;
        const paths = result.error.issues.map((issue) => issue.path);
        expect(paths).toContainEqual([...c.path]);
      });
    });
  }
}

/** Issues of a failed parse as `path: message` pairs, for precise assertions. */
export function issuesOf(schema: z.ZodType, value: unknown): { path: string; message: string }[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}
