// An access token for a partner from the sandbox's OAuth2 client-credentials endpoint, over real HTTP.
export async function getToken(url: string, clientId: string, clientSecret: string): Promise<string> {
  const res = await fetch(`${url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: clientSecret,
    }),
  });
  const body = (await res.json()) as { access_token?: unknown };
  if (res.status !== 200 || typeof body.access_token !== 'string') {
    throw new Error(`token request failed: ${res.status} ${JSON.stringify(body)}`);
  }
  return body.access_token;
}
