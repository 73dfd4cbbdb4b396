import { describe, expect, it } from 'vitest';
import { caseHref, parseRoute, routeHref, type Route } from '../../../renderer/lib/routes.js';

describe('hash routes', () => {
  it('opens the cases list for an empty hash', () => {
    expect(parseRoute('')).toEqual({ name: 'cases' });
    expect(parseRoute('#/')).toEqual({ name: 'cases' });
    expect(parseRoute('#/cases')).toEqual({ name: 'cases' });
  });

  it('reads case, step and person', () => {
    expect(parseRoute('#/case/abc')).toEqual({ name: 'case', id: 'abc', step: null, sub: null });
    expect(parseRoute('#/case/abc/people/u1')).toEqual({
      name: 'case',
      id: 'abc',
      step: 'people',
      sub: 'u1',
    });
    expect(parseRoute('#/case/abc/report')).toEqual({ name: 'report', id: 'abc' });
  });

  it('round-trips every route through its href', () => {
    const routes: Route[] = [
      { name: 'cases' },
      { name: 'new-entity' },
      { name: 'new-individual' },
      { name: 'queue' },
      { name: 'settings' },
      { name: 'report', id: 'x y' },
      { name: 'case', id: 'c/1', step: 'kyb', sub: null },
      { name: 'case', id: 'c1', step: 'people', sub: 'p 1' },
      { name: 'desk' },
      { name: 'desk-case', kind: 'entity', serverId: '7f3c0c52-1c5e-4a7e-9d0f-3b8f2a1e6c11' },
      { name: 'desk-report', kind: 'individual', serverId: 'a b' },
    ];
    for (const r of routes) expect(parseRoute(routeHref(r))).toEqual(r);
  });

  it('reports unknown paths as not found', () => {
    expect(parseRoute('#/nowhere/at/all')).toEqual({ name: 'not-found', path: 'nowhere/at/all' });
    expect(parseRoute('#/case/%E0%A4%A')).toMatchObject({ name: 'not-found' });
    expect(parseRoute('#/desk/trust/abc')).toMatchObject({ name: 'not-found' });
    expect(parseRoute('#/desk/entity/abc/documents')).toMatchObject({ name: 'not-found' });
  });

  it('builds case links', () => {
    expect(caseHref('a', 'people', 'b')).toBe('#/case/a/people/b');
    expect(caseHref('a')).toBe('#/case/a');
  });
});
