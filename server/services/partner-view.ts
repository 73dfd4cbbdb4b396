// How a partner is shown outside the store: never with its secret hash.
import type { Partner } from '../store/partners.js';

export interface PartnerView {
  id: string;
  partnerId: string;
  name: string;
  clientId: string;
  balance: number;
  riskSettings: { mediumFrom: number | null; highFrom: number };
}

export function partnerView(partner: Partner): PartnerView {
  return {
    id: partner.id,
    partnerId: partner.id,
    name: partner.name,
    clientId: partner.clientId,
    balance: partner.balance,
    riskSettings: { ...partner.riskSettings },
  };
}
