// Simulated companies registry (contract §9): answers are derived from the registration number.
import { parseCompanyRegistrationNumber } from '../../shared/domain/registration-number.js';

export interface RegistryDirector {
  firstName: string;
  lastName: string;
}

export type RegistryAnswer =
  | { kind: 'invalid'; reason: string }
  | { kind: 'not-found'; response: Record<string, unknown> }
  | {
      kind: 'found';
      commercialName: string;
      response: Record<string, unknown>;
      directors: RegistryDirector[];
    };

const FIRST_NAMES = [
  'Thabo',
  'Naledi',
  'Johan',
  'Ayesha',
  'Sipho',
  'Lerato',
  'Pieter',
  'Zanele',
  'Rajesh',
  'Mandla',
  'Karin',
  'Bongani',
];
const LAST_NAMES = [
  'Nkosi',
  'van der Merwe',
  'Naidoo',
  'Dlamini',
  'Botha',
  'Mokoena',
  'Pillay',
  'Khumalo',
  'Smith',
  'Molefe',
  'Pretorius',
  'Zulu',
];

export function lookupCompany(registrationNumber: string, registeredName: string): RegistryAnswer {
  const parsed = parseCompanyRegistrationNumber(registrationNumber);
  if (!parsed.ok) return { kind: 'invalid', reason: parsed.reason };
  const number = trimmed(registrationNumber);
  if (parsed.number === '000000') {
    return {
      kind: 'not-found',
      response: {
        found: false,
        status: 'Not Found',
        registrationNumber: number,
        message: `Registration number ${number} was not found in the companies registry`,
      },
    };
  }
  const n = Number(parsed.number);
  const count = (n % 3) + 1;
  // Names are a function of the number alone, so every run imports the same directors.
  const directors = Array.from({ length: count }, (_, i) => ({
    firstName: FIRST_NAMES[(n + i * 5) % FIRST_NAMES.length] ?? 'Director',
    lastName: LAST_NAMES[(Math.floor(n / 7) + i * 3) % LAST_NAMES.length] ?? 'Unknown',
  }));
  const commercialName = registeredName.trim().toUpperCase();
  return {
    kind: 'found',
    commercialName,
    directors,
    response: {
      found: true,
      status: 'Found',
      registrationNumber: number,
      registeredName: commercialName,
      registrationDate: `${parsed.year}-03-01`,
      enterpriseStatus: 'In Business',
      directors: directors.map((d) => ({ ...d, status: 'Active' })),
    },
  };
}

const trimmed = (s: string): string => s.trim();
