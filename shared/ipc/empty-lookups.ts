// The look-ups before any has been fetched, without zod: the first screen starts from these.
import type { LookupBundle } from './contract.js';

/** What the app knows before any look-up has been fetched. */
export function emptyLookupBundle(): LookupBundle {
  return {
    entityTypes: [],
    trustRelatedPartyTypes: [],
    entityDocGroups: [],
    entityDocTypes: [],
    individualDocGroups: [],
    individualDocTypes: [],
    countries: [],
    industries: [],
    transactionFrequencies: [],
    transactionTypes: [],
    fundingSources: [],
    sourcesOfWealth: [],
    employmentStatuses: [],
    foreignOfficialTypes: [],
    users: [],
    partner: null,
    fetchedAt: null,
  };
}
