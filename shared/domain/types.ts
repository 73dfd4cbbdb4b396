// The API types the domain rules read, taken from shared/api (types only) so there is one definition.
import type { RiskBand } from '../api/common.js';
import type { RiskSettings } from '../api/lookups.js';

export type { RiskBand };

/** `Undetermined` is the service's initial `riskDescription`, before any band is known. */
export type BandOrUndetermined = RiskBand | 'Undetermined';

/** A partner's risk settings; RiskSettings of shared/api fits. */
export type RiskSettingsLike = Pick<RiskSettings, 'mediumFrom' | 'highFrom'>;
