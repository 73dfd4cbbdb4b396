// Reads the service's side of things with a client of its own, to check what really arrived.
import { ServiceClient } from '../../electron/core/api/client.js';
import { TokenManager } from '../../electron/core/auth/token-manager.js';
import { CredentialStore, TokenStore } from '../../electron/core/keychain/index.js';
import { memorySecretStores } from './memory-secret-store.js';
import type { TestSandbox } from './sandbox.js';

export async function serviceView(sandbox: Pick<TestSandbox, 'url' | 'clientId' | 'clientSecret'>) {
  const secrets = memorySecretStores();
  const tokens = new TokenManager({
    profileId: 'check',
    tokenUrl: `${sandbox.url}/oauth/token`,
    credentials: new CredentialStore(secrets),
    tokens: new TokenStore(secrets),
  });
  await tokens.signIn({ clientId: sandbox.clientId, clientSecret: sandbox.clientSecret });
  const api = new ServiceClient({ baseUrl: sandbox.url, tokens });
  return {
    api,
    entity: (id: string) => api.getEntity(id),
    ubo: (id: string) => api.getUbo(id),
    individual: (id: string) => api.getIndividual(id),
  };
}
