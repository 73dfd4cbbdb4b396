// The shared domain rules the renderer uses live, re-exported in one place.
// eslint-disable-next-line no-restricted-imports -- the Node built-in "domain" pattern (domain/*) also matches shared/domain by name; shared/domain is pure and runtime-neutral.
export {
  effectiveOwnership,
  parseCompanyRegistrationNumber,
  parseSouthAfricanId,
  parseTrustRelatedPartyTypes,
  serialiseTrustRelatedPartyTypes,
} from '../../shared/domain/index.js';
// eslint-disable-next-line no-restricted-imports -- see above.
export type { EffectiveOwnership } from '../../shared/domain/index.js';
