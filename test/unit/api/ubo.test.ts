import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as ubo from '../../../shared/api/ubo.js';
import { UboBodySchema, UboRecordSchema } from '../../../shared/api/ubo.js';
import { citizenUbo, uboCases, uboRecord } from './cases/ubo.cases.js';
import { issuesOf, runCases } from './cases/runner.js';

runCases(ubo, uboCases);

describe('UboBodySchema citizenship rule', () => {
  it('names the missing field in its message', () => {
    expect(issuesOf(UboBodySchema, { firstName: 'A', lastName: 'B', clientSACitizen: true })).toEqual([
      { path: 'idNumber', message: 'idNumber is required when clientSACitizen is true' },
    ]);
    expect(issuesOf(UboBodySchema, { firstName: 'A', lastName: 'B', clientSACitizen: false })).toEqual([
      { path: 'passportNumber', message: 'passportNumber is required when clientSACitizen is false' },
      { path: 'passportCountry', message: 'passportCountry is required when clientSACitizen is false' },
    ]);
  });

  it('accepts a body exactly when the identity fields of its citizenship are present', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (citizen, hasId, hasPassport, hasCountry) => {
          const body = {
            firstName: 'A',
            lastName: 'B',
            clientSACitizen: citizen,
            ...(hasId ? { idNumber: '8001015009087' } : {}),
            ...(hasPassport ? { passportNumber: 'NX1' } : {}),
            ...(hasCountry ? { passportCountry: 5 } : {}),
          };
          const ok = UboBodySchema.safeParse(body).success;
          expect(ok).toBe(citizen ? hasId : hasPassport && hasCountry);
        },
      ),
    );
  });

  it('treats a blank idNumber as missing', () => {
    expect(UboBodySchema.safeParse({ ...citizenUbo, idNumber: '   ' }).success).toBe(false);
  });

  it('strips unknown fields from the body', () => {
    expect(UboBodySchema.parse({ ...citizenUbo, isAdmin: true })).not.toHaveProperty('isAdmin');
  });
});

describe('UboRecordSchema', () => {
  it('keeps unknown fields and defaults documents', () => {
    const record = UboRecordSchema.parse({ ...uboRecord, documents: undefined, faceMatch: 'ok' });
    expect(record.documents).toEqual([]);
    expect(record).toHaveProperty('faceMatch', 'ok');
  });
});
