// How a person is named in labels, waiting phrases, audit lines and reports: first and last name,
// either one alone when the other is blank, and a caller-chosen phrase when both are.
export interface NameParts {
  firstName?: string | null;
  lastName?: string | null;
}

export function personName(details: NameParts | null | undefined, fallback = 'this person'): string {
  const parts = [details?.firstName, details?.lastName].map((p) => p?.trim() ?? '').filter((p) => p !== '');
  return parts.join(' ') || fallback;
}
