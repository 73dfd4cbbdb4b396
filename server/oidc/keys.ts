// The provider's secrets, made fresh at every start: the ID token signing key (ES256 on P-256,
// made in a millisecond where an RSA key takes a noticeable part of a second) and the key that
// signs its cookies. Nothing is kept, so ID tokens and sessions of an earlier run no longer verify
// after a restart.
import { generateKeyPairSync, randomBytes, randomUUID, type JsonWebKey } from 'node:crypto';

export const ID_TOKEN_ALG = 'ES256';

export interface ProviderKeys {
  signingKeys: { keys: JsonWebKey[] };
  cookieKeys: string[];
}

export function generateProviderKeys(): ProviderKeys {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: ID_TOKEN_ALG, use: 'sig' };
  return { signingKeys: { keys: [jwk] }, cookieKeys: [randomBytes(32).toString('base64url')] };
}
