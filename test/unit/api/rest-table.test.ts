// The REST table (shared/api/routes.ts) is the one list of the service's routes: the sandbox serves
// exactly its routes, the core's client calls nothing else, and every answer the client takes is
// parsed by the entry's schema, so an answer of the wrong shape is refused rather than used.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LOOKUP_NAMES, REST_TABLE, ROUTES, routePath, type RestRoute } from '../../../shared/api/routes.js';
import { ServiceClient, type UploadFile } from '../../../electron/core/api/client.js';
import { buildApp } from '../../../server/app.js';
import { resolveConfig } from '../../../server/config.js';
import { OIDC_PREFIX } from '../../../server/http/server-url.js';

/** "METHOD /full/path/:param" of a table entry, as Fastify names a route. */
const routeKey = (route: RestRoute) => `${route.method} ${route.base}${route.path}`;

/** The routes a Fastify instance serves, read from its route tree (`printRoutes`). */
function servedRoutes(tree: string): string[] {
  const served: string[] = [];
  const prefixes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    prefixes.length = depth;
    const path = (prefixes[depth - 1] ?? '') + match[2]!;
    prefixes[depth] = path;
    for (const method of match[3]?.split(', ') ?? []) served.push(`${method} ${path}`);
  }
  return served;
}

describe('the sandbox serves the REST table', () => {
  let served: string[];
  beforeAll(async () => {
    const { app } = await buildApp(resolveConfig({ mode: 'sandbox' }));
    await app.ready();
    served = servedRoutes(app.printRoutes({ commonPrefix: false }));
    await app.close();
  }, 60_000);

  it('reads the served routes', () => {
    expect(served).toContain('POST /api/v1/entity');
    expect(served.length).toBeGreaterThan(REST_TABLE.length);
  });

  it('serves every route of the table', () => {
    const missing = REST_TABLE.map(routeKey).filter((key) => !served.includes(key));
    expect(missing).toEqual([]);
  });

  // HEAD comes with every GET; the staff sign-in's OpenID Connect pages are the browser's, not the API.
  it('serves no route that the table does not hold', () => {
    const table = new Set(REST_TABLE.map(routeKey));
    const extra = served.filter(
      (key) =>
        !key.startsWith('HEAD ') && !key.split(' ')[1]!.startsWith(`${OIDC_PREFIX}/`) && !table.has(key),
    );
    expect(extra).toEqual([]);
  });

  it('holds each method and path once', () => {
    const keys = REST_TABLE.map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('each answer of the table has a schema', () => {
  it.each(REST_TABLE.map((route) => [routeKey(route), route] as const))(
    '%s answers with a schema that refuses a bare number',
    (_key, route) => {
      expect(route.answer).not.toBeInstanceOf(z.ZodUnknown);
      expect(route.answer).not.toBeInstanceOf(z.ZodAny);
      expect(route.answer.safeParse(12345).success).toBe(false);
    },
  );
});

describe('routePath', () => {
  it('fills each parameter, encoded, under the route base', () => {
    expect(routePath(ROUTES.getIndividualDocument, { id: 'a b/c', docId: 7 })).toBe(
      '/api/v1/individual/a%20b%2Fc/documents/7',
    );
    expect(routePath(ROUTES.token, {})).toBe('/oauth/token');
    expect(routePath(ROUTES.setStaffPassword, { partnerId: 'p', userId: 'u' })).toBe(
      '/sandbox/v1/partners/p/users/u/password',
    );
  });
});

describe("the core's client", () => {
  const requests: Array<{ method: string; path: string }> = [];
  let server: Server;
  let client: ServiceClient;

  beforeAll(async () => {
    // Every request is answered 200 with a bare number, which fits no answer of the table.
    server = createServer((req, res) => {
      requests.push({ method: req.method ?? '', path: new URL(req.url ?? '/', 'http://x').pathname });
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('12345'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    client = new ServiceClient({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      tokens: { getToken: async () => 'token', invalidate: () => undefined },
    });
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const ID = '11111111-1111-4111-8111-111111111111';
  const file: UploadFile = {
    open: async function* () {
      yield Buffer.from('%PDF-1.4\n');
    },
    size: 9,
    filename: 'scan.pdf',
    mimeType: 'application/pdf',
  };
  const pair = { individualDocsID: 1, IndividualDocTypesID: 1 };
  const review = { adverseSearchKYC: false, pepConfirmReviewed: true };
  const ubo = { firstName: 'Thandi', lastName: 'Mokoena' } as Parameters<ServiceClient['createUbo']>[1];

  // Every public method of the client, called once (a new method without a line here does not compile).
  const calls: Record<
    Exclude<keyof ServiceClient, 'http' | 'lookup'>,
    (c: ServiceClient) => Promise<unknown>
  > = {
    createEntity: (c) =>
      c.createEntity({ entityRegName: 'Acme', entityRegNumber: '2015/123456/07', entityType: 1 }),
    listEntities: (c) => c.listEntities({ take: 10 }),
    getEntity: (c) => c.getEntity(ID),
    saveKyb: (c) => c.saveKyb(ID, {} as Parameters<ServiceClient['saveKyb']>[1]),
    sanctionsReview: (c) => c.sanctionsReview(ID, review),
    updateExternalSystemId: (c) => c.updateExternalSystemId(ID, 'ext-1'),
    shareholdingConfirm: (c) => c.shareholdingConfirm(ID),
    entityDecision: (c) => c.entityDecision(ID, { onboardingDecision: 'Refer', referComments: 'why' }),
    entityReport: (c) => c.entityReport(ID),
    listUbos: (c) => c.listUbos(ID),
    getUbo: (c) => c.getUbo(ID),
    deleteUbo: (c) => c.deleteUbo(ID),
    createUbo: (c) => c.createUbo(ID, ubo),
    updateUbo: (c) => c.updateUbo(ID, ubo),
    uboPepConfirm: (c) => c.uboPepConfirm(ID, review),
    uboProfileImage: (c) => c.uboProfileImage(ID),
    uploadUboDocument: (c) => c.uploadUboDocument(ID, file, pair),
    getUboDocument: (c) => c.getUboDocument(7),
    deleteUboDocument: (c) => c.deleteUboDocument(7),
    uboDocConfirm: (c) => c.uboDocConfirm(ID),
    uploadEntityDocument: (c) => c.uploadEntityDocument(ID, file, { entityDocsID: 1, entityDocTypesID: 1 }),
    getEntityDocument: (c) => c.getEntityDocument(7),
    documentStream: async (c) => {
      const { bytes } = await c.documentStream({ kind: 'individual', individualId: ID, docId: 7 });
      for await (const chunk of bytes) void chunk;
    },
    deleteEntityDocument: (c) => c.deleteEntityDocument(7),
    entityDocConfirm: (c) => c.entityDocConfirm(ID),
    verifyOrganigram: (c) => c.verifyOrganigram(ID, []),
    createIndividual: (c) =>
      c.createIndividual({
        firstName: 'Thabo',
        lastName: 'Nkosi',
        clientSACitizen: true,
        idNumber: '8001015009087',
      }),
    listIndividuals: (c) => c.listIndividuals({ take: 10 }),
    getIndividual: (c) => c.getIndividual(ID),
    updateIndividual: (c) => c.updateIndividual(ID, { firstName: 'Thabo' }),
    amlScreening: (c) => c.amlScreening(ID),
    externalValidation: (c) => c.externalValidation(ID, {}),
    pepSanctionsDecision: (c) =>
      c.pepSanctionsDecision(ID, {
        pepConfirmReviewed: true,
        adverseSearchKYC: false,
      } as Parameters<ServiceClient['pepSanctionsDecision']>[1]),
    uploadIndividualDocument: (c) => c.uploadIndividualDocument(ID, file, [pair]),
    getIndividualDocument: (c) => c.getIndividualDocument(ID, 7),
    deleteIndividualDocument: (c) => c.deleteIndividualDocument(ID, 7),
    confirmIndividualDocs: (c) => c.confirmIndividualDocs(ID, ID),
    individualDecision: (c) => c.individualDecision(ID, { onboardingDecision: 'Refer' }),
    individualReport: (c) => c.individualReport(ID),
    verifyBankAccount: (c) =>
      c.verifyBankAccount(ID, { accountNumber: '1234567890' } as Parameters<
        ServiceClient['verifyBankAccount']
      >[1]),
    listSubscriptions: (c) => c.listSubscriptions(),
    createSubscription: (c) =>
      c.createSubscription({ name: 'All', url: 'https://example.org/hooks', enabled: true, eventTypes: [] }),
    updateSubscription: (c) => c.updateSubscription(ID, { enabled: false }),
    deleteSubscription: (c) => c.deleteSubscription(ID),
  };
  const everyCall: Array<[string, (c: ServiceClient) => Promise<unknown>]> = [
    ...Object.entries(calls),
    ...LOOKUP_NAMES.map(
      (name) => [`lookup(${name})`, (c: ServiceClient) => c.lookup(name)] as [string, typeof calls.getEntity],
    ),
  ];

  /** The table entries a request is an instance of. */
  const entriesOf = (method: string, path: string) =>
    REST_TABLE.filter(
      (route) =>
        route.method === method &&
        new RegExp(`^${(route.base + route.path).replace(/:[A-Za-z0-9]+/g, '[^/]+')}$`).test(path),
    );

  it.each(everyCall)(
    '%s sends one request of the table and refuses an answer its schema refuses',
    async (_name, call) => {
      const before = requests.length;
      await expect(call(client)).rejects.toThrow(/was not understood/);
      const sent = requests.slice(before);
      expect(sent).toHaveLength(1);
      expect(entriesOf(sent[0]!.method, sent[0]!.path)).toHaveLength(1);
    },
  );
});
