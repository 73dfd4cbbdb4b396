import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import * as common from '../../../shared/api/common.js';
import { PageQuerySchema, customQuestions, pageOf } from '../../../shared/api/common.js';
import { commonCases } from './cases/common.cases.js';
import { runCases } from './cases/runner.js';

runCases(common, commonCases);

describe('PageQuerySchema', () => {
  it('defaults take to 50 and skip to 0', () => {
    expect(PageQuerySchema.parse({})).toEqual({ take: 50, skip: 0 });
  });

  it('coerces query-string numbers', () => {
    expect(PageQuerySchema.parse({ take: '100', skip: '30' })).toEqual({ take: 100, skip: 30 });
  });

  it('accepts exactly the take values 1..100', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), (take) => {
        const ok = PageQuerySchema.safeParse({ take: String(take) }).success;
        expect(ok).toBe(take >= 1 && take <= 100);
      }),
    );
  });
});

describe('pageOf', () => {
  const Page = pageOf(z.looseObject({ id: z.number() }));

  it('parses {data, count, take, skip} and keeps extra fields', () => {
    const page = Page.parse({ data: [{ id: 1 }], count: 1, take: 50, skip: 0, next: null });
    expect(page.data[0]?.id).toBe(1);
    expect(page).toHaveProperty('next', null);
  });

  it('reports the path of a bad item', () => {
    const result = Page.safeParse({ data: [{ id: 'x' }], count: 1, take: 50, skip: 0 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['data', 0, 'id']);
  });
});

describe('customQuestions', () => {
  it('accepts plain answers', () => {
    expect(customQuestions.safeParse({ q1: 'yes', q2: 2, q3: true, q4: null, q5: ['a'] }).success).toBe(true);
  });

  it('refuses nested objects and more than 200 answers', () => {
    expect(customQuestions.safeParse({ q1: { deep: 1 } }).success).toBe(false);
    const many = Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`q${i}`, 'x']));
    expect(customQuestions.safeParse(many).success).toBe(false);
  });
});
