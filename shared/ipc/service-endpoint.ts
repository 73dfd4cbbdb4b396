// Test and live environments carry real credentials, tokens and clients' personal data, so their
// service and token addresses must be https. Only the sandbox, which runs on this laptop, may use
// plain http. The core applies this rule to every profile it stores; the contract applies it too,
// so the Settings screen shows the message beside the field.

export type EndpointField = 'baseUrl' | 'tokenUrl' | 'issuerUrl';

const HTTPS_ONLY_KINDS: readonly string[] = ['test', 'live'];

/** Why this address cannot be stored for a profile of this kind, or null when it can. */
export function plainHttpEndpointProblem(
  kind: string,
  field: EndpointField,
  url: string | null | undefined,
): string | null {
  if (!HTTPS_ONLY_KINDS.includes(kind) || url === null || url === undefined) return null;
  if (/^https:\/\//i.test(url.trim())) return null;
  if (field === 'baseUrl') return `The ${kind} environment must use https://`;
  return field === 'tokenUrl'
    ? `The ${kind} environment's token URL must use https://`
    : `The ${kind} environment's sign-in address must use https://`;
}

/** Every problem of a profile's addresses, with the field each belongs to. */
export function plainHttpEndpointIssues(profile: {
  kind: string;
  baseUrl?: string | null;
  tokenUrl?: string | null;
  issuerUrl?: string | null;
}): Array<{ path: EndpointField; message: string }> {
  const issues: Array<{ path: EndpointField; message: string }> = [];
  for (const field of ['baseUrl', 'tokenUrl', 'issuerUrl'] as const) {
    const message = plainHttpEndpointProblem(profile.kind, field, profile[field]);
    if (message) issues.push({ path: field, message });
  }
  return issues;
}
