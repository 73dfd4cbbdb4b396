// The lookups under /api/v1/settings/ parse with the client's schemas and meet contract §9.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOOKUPS, LOOKUP_PATHS, type LookupName, type LookupValue } from '../../../shared/api/routes.js';
import {
  requiredEntityDocGroups,
  requiredIndividualDocGroups,
  typesForGroup,
} from '../../../shared/domain/documents.js';
import { startTestSandbox, type TestSandbox } from './helpers.js';

let t: TestSandbox;

beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(async () => {
  await t.stop();
});

async function lookup<N extends LookupName>(name: N): Promise<LookupValue<N>> {
  const res = await t.api.get<unknown>(LOOKUP_PATHS[name]);
  expect(res.status).toBe(200);
  return LOOKUPS[name].answer.parse(res.body) as LookupValue<N>;
}

describe('settings lookups', () => {
  it('answers every published and contract lookup path with its schema', async () => {
    for (const name of Object.keys(LOOKUPS) as LookupName[]) await lookup(name);
  });

  it('ships the entity types contract §9 asks for', async () => {
    const types = await lookup('entityTypes');
    expect(types.some((t) => !t.foreignEntityType && !t.showOrganigram)).toBe(true);
    expect(types.some((t) => !t.foreignEntityType && t.showOrganigram)).toBe(true);
    expect(types.some((t) => t.foreignEntityType)).toBe(true);
  });

  it('ships trust related party types', async () => {
    const names = (await lookup('trustRelatedPartyTypes')).map((t) => t.name.toLowerCase());
    expect(names).toEqual(expect.arrayContaining(['founder', 'trustee', 'beneficiary', 'protector']));
  });

  it('has document groups for every band, more for High than for Low, and several types per group', async () => {
    const entityGroups = await lookup('entityDocs');
    const entityTypes = await lookup('entityDocTypes');
    const individualGroups = await lookup('individualDocs');
    const individualTypes = await lookup('individualDocTypes');
    for (const band of ['Low Risk', 'Medium Risk', 'High Risk'] as const) {
      expect(requiredEntityDocGroups(band, entityGroups).length).toBeGreaterThan(0);
      expect(requiredIndividualDocGroups(band, individualGroups).length).toBeGreaterThan(0);
    }
    expect(requiredEntityDocGroups('High Risk', entityGroups).length).toBeGreaterThan(
      requiredEntityDocGroups('Low Risk', entityGroups).length,
    );
    expect(requiredIndividualDocGroups('High Risk', individualGroups).length).toBeGreaterThan(
      requiredIndividualDocGroups('Low Risk', individualGroups).length,
    );
    for (const g of entityGroups) expect(typesForGroup(g.id, entityTypes).length).toBeGreaterThanOrEqual(2);
    for (const g of individualGroups)
      expect(typesForGroup(g.id, individualTypes).length).toBeGreaterThanOrEqual(2);
  });

  it('ships real countries with ISO codes, some of them high risk', async () => {
    const countries = await lookup('countries');
    expect(countries.find((c) => c.code === 'ZA')?.name).toBe('South Africa');
    expect(countries.filter((c) => c.highRisk).length).toBeGreaterThanOrEqual(2);
    expect(new Set(countries.map((c) => c.code)).size).toBe(countries.length);
  });
});
