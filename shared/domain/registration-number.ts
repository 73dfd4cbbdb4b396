// South African company registration numbers: YYYY/NNNNNN/NN (year of registration, number, type suffix).

export type RegistrationNumberParse =
  { ok: true; year: number; number: string; suffix: string } | { ok: false; reason: string };

/**
 * `number` and `suffix` stay text so their leading zeros survive (the sandbox treats `000000` as
 * "not found in the registry"); Number(number) gives the value.
 */
export function parseCompanyRegistrationNumber(
  value: string,
  today: Date = new Date(),
): RegistrationNumberParse {
  const m = typeof value === 'string' ? /^(\d{4})\/(\d{6})\/(\d{2})$/.exec(value.trim()) : null;
  if (!m)
    return { ok: false, reason: 'A registration number has the form YYYY/NNNNNN/NN, e.g. 2015/123456/07' };
  const year = Number(m[1]);
  const current = today.getUTCFullYear();
  if (year < 1800 || year > current) {
    return { ok: false, reason: `The year of registration must be from 1800 to ${current}` };
  }
  return { ok: true, year, number: m[2] ?? '', suffix: m[3] ?? '' };
}
