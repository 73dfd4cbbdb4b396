// The service's country lookup by ISO alpha-2 code, as a document names a country, and back.
interface Country {
  id: number;
  code: string;
  active?: boolean;
}

/** The lookup id of an active country with this alpha-2 code, or null. */
export function countryId(countries: readonly Country[], alpha2: string): number | null {
  return countries.find((c) => c.code === alpha2 && c.active !== false)?.id ?? null;
}

/** The alpha-2 code of the country chosen in a select (its lookup id as text); '' for none. */
export function countryCode(countries: readonly Country[], chosen: string): string {
  return countries.find((c) => String(c.id) === chosen)?.code ?? '';
}
