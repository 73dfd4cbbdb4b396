// The provider's secrets, made fresh at every start: the ID token signing key (RS256, which every
// OpenID client accepts by default) and the key that signs its cookies. Nothing is kept, so ID
// tokens and sessions of an earlier run no longer verify after a restart.
import { generateKeyPair, randomBytes, randomUUID, type JsonWebKey, type KeyObject } from 'node:crypto';

export interface ProviderKeys {
  signingKeys: { keys: JsonWebKey[] };
  cookieKeys: string[];
}

export async function generateProviderKeys(): Promise<ProviderKeys> {
  const { privateKey } = await new Promise<{ privateKey: KeyObject }>((resolve, reject) =>
    generateKeyPair('rsa', { modulusLength: 2048 }, (error, _publicKey, key) =>
      error ? reject(error) : resolve({ privateKey: key }),
    ),
  );
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' };
  return { signingKeys: { keys: [jwk] }, cookieKeys: [randomBytes(32).toString('base64url')] };
}
