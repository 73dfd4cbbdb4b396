// The shared domain rules the renderer uses live, re-exported in one place.
export {
  effectiveOwnership,
  parseCompanyRegistrationNumber,
  parseSouthAfricanId,
  parseTrustRelatedPartyTypes,
  serialiseTrustRelatedPartyTypes,
} from '../../shared/domain/index.js';
export type { EffectiveOwnership } from '../../shared/domain/index.js';
