// The service's lookup lists for the active profile: cached in SQLite so capture works offline,
// parsed once into memory, refreshed from the service on request or after sign-in.
import { LOOKUPS, type LookupName, type Partner } from '../../../shared/api/index.js';
import { emptyLookupBundle, type LookupBundle } from '../../../shared/ipc/contract.js';
import type { ServiceClient } from '../api/client.js';
import type { LookupsCacheRepository } from '../db/index.js';

const BUNDLE_KEYS = {
  entityTypes: 'entityTypes',
  trustRelatedPartyTypes: 'trustRelatedPartyTypes',
  entityDocGroups: 'entityDocs',
  entityDocTypes: 'entityDocTypes',
  individualDocGroups: 'individualDocs',
  individualDocTypes: 'individualDocTypes',
  countries: 'countries',
  industries: 'industries',
  transactionFrequencies: 'transactionFrequencies',
  transactionTypes: 'transactionTypes',
  fundingSources: 'fundingSources',
  sourcesOfWealth: 'sourcesOfWealth',
  employmentStatuses: 'employmentStatuses',
  foreignOfficialTypes: 'foreignOfficialTypes',
  users: 'users',
  partner: 'partner',
} as const satisfies Record<Exclude<keyof LookupBundle, 'fetchedAt'>, LookupName>;

export class LookupService {
  private memo = new Map<string, LookupBundle>();

  constructor(private readonly cache: LookupsCacheRepository) {}

  current(profileId: string | null): LookupBundle {
    if (!profileId) return emptyLookupBundle();
    const held = this.memo.get(profileId);
    if (held) return held;
    const bundle = emptyLookupBundle();
    const record = bundle as unknown as Record<string, unknown>;
    let fetchedAt: string | null = null;
    for (const [key, name] of Object.entries(BUNDLE_KEYS)) {
      const cached = this.cache.get(profileId, name, LOOKUPS[name].answer);
      if (!cached) continue;
      record[key] = cached.body;
      if (!fetchedAt || cached.fetchedAt < fetchedAt) fetchedAt = cached.fetchedAt;
    }
    bundle.fetchedAt = fetchedAt;
    this.memo.set(profileId, bundle);
    return bundle;
  }

  /** Fetches every list; a list the service does not offer keeps its cached copy. */
  async refresh(profileId: string, api: ServiceClient): Promise<LookupBundle> {
    const names = Object.values(BUNDLE_KEYS);
    const results = await Promise.allSettled(names.map((name) => api.lookup(name)));
    const firstFailure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    // The essential lists must arrive; optional ones (users, partner) may be missing on a service.
    if (firstFailure && results.slice(0, 6).some((r) => r.status === 'rejected')) throw firstFailure.reason;
    results.forEach((result, i) => {
      if (result.status === 'fulfilled') this.cache.put(profileId, names[i]!, result.value);
    });
    this.memo.delete(profileId);
    return this.current(profileId);
  }

  /**
   * The partner the profile's service credentials belong to: the cached one, else asked of the
   * service and kept (it is one of the look-ups). Throws when the service cannot say.
   */
  async partnerOf(profileId: string, api: ServiceClient): Promise<string> {
    const known = this.current(profileId).partner?.id;
    if (known) return known;
    const partner = await api.lookup('partner');
    this.cache.put(profileId, 'partner', partner);
    this.memo.delete(profileId);
    return partner.id;
  }

  /** Keeps a partner known from elsewhere (an imported archive) for a profile that has none yet. */
  remember(profileId: string, partner: Partner): void {
    if (this.current(profileId).partner) return;
    this.cache.put(profileId, 'partner', partner);
    this.memo.delete(profileId);
  }

  forget(profileId: string): void {
    this.memo.delete(profileId);
  }
}
