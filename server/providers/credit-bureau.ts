// Simulated credit bureau for external validation (contract §9), used by the individual API.
import { parseSouthAfricanId } from '../../shared/domain/sa-id.js';

export type BureauAnswer =
  | { kind: 'invalid'; reason: string }
  | { kind: 'not-found'; idNumber: string }
  | { kind: 'verified'; idNumber: string; birthDate: string; gender: 'Female' | 'Male' };

export function lookupConsumer(idNumber: string): BureauAnswer {
  const parsed = parseSouthAfricanId(idNumber);
  if (!parsed.ok) return { kind: 'invalid', reason: parsed.reason };
  if (idNumber.slice(6, 10) === '0000') return { kind: 'not-found', idNumber };
  return { kind: 'verified', idNumber, birthDate: parsed.birthDate, gender: parsed.gender };
}
