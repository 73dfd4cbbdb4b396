// Every schema exported by shared/api must have example cases; a new schema without them fails here.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as api from '../../../shared/api/index.js';
import { authCases } from './cases/auth.cases.js';
import { bankCases } from './cases/bank.cases.js';
import { commonCases } from './cases/common.cases.js';
import { documentsCases } from './cases/documents.cases.js';
import { entityCases } from './cases/entity.cases.js';
import { errorsCases } from './cases/errors.cases.js';
import { individualCases } from './cases/individual.cases.js';
import { lookupsCases } from './cases/lookups.cases.js';
import { organigramCases } from './cases/organigram.cases.js';
import type { CaseTable } from './cases/runner.js';
import { sandboxCases } from './cases/sandbox.cases.js';
import { screeningCases } from './cases/screening.cases.js';
import { uboCases } from './cases/ubo.cases.js';
import { webhooksCases } from './cases/webhooks.cases.js';

const tables: CaseTable[] = [
  commonCases,
  authCases,
  errorsCases,
  lookupsCases,
  screeningCases,
  entityCases,
  uboCases,
  documentsCases,
  organigramCases,
  individualCases,
  bankCases,
  webhooksCases,
  sandboxCases,
];
const covered = new Map<string, CaseTable>();
for (const table of tables) for (const name of Object.keys(table)) covered.set(name, table);

const exportedSchemas = Object.keys(api).filter((name) => name.endsWith('Schema'));

describe('schema coverage', () => {
  it('finds the exported schemas', () => {
    expect(exportedSchemas.length).toBeGreaterThan(100);
  });

  it.each(exportedSchemas)('%s has example cases', (name) => {
    expect(covered.has(name), `${name} is exported but has no cases in test/unit/api/cases`).toBe(true);
    const cases = covered.get(name)?.[name];
    expect(cases?.valid.length).toBeGreaterThan(0);
    expect(cases?.invalid.length).toBeGreaterThan(0);
  });

  it.each([...covered.keys()])('%s in the case tables is an exported schema', (name) => {
    expect((api as Record<string, unknown>)[name]).toBeInstanceOf(z.ZodType);
  });
});
