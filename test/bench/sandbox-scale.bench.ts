// Sandbox lists and creates at scale: seeds 1 000 and then 100 000 entities and individuals (one
// transaction, straight into the store), then prints the median latency of every contains-filter of
// both lists and of an entity and an individual create over HTTP, at both sizes, with the ratios.
// Issue 17's targets: a filter answers in < 20 ms at 100 000, and a create at 100 000 takes at
// most 1.5 × its time at 1 000. Prints figures; it fails only when seeding or a request fails.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type SandboxHandle } from '../../server/index.js';
import type { AppContext } from '../../server/context.js';
import { EntityRepository, type Entity, type EntityFilters } from '../../server/store/entities.js';
import {
  IndividualRepository,
  type INDIVIDUAL_CONTAINS_FILTERS,
  type Individual,
} from '../../server/store/individuals.js';
import { makeSouthAfricanId } from '../../shared/domain/sa-id.js';
import { loadAverage } from './support/load-average.js';

console.log(`sandbox-scale: ${loadAverage()}`);

const SIZES = [1_000, 100_000];
const SEARCHES_PER_FILTER = 15;
const CREATES = 40;

// A fixed generator, so every run searches the same values.
let state = 17;
const random = (): number => {
  state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
  return state / 2_147_483_648;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const digits = (n: number): string => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');

const FIRST = [
  'Thandi',
  'Sipho',
  'Anele',
  'Pieter',
  'Fatima',
  'Johan',
  'Lerato',
  'Nomsa',
  'Ayesha',
  'Kobus',
  'Zanele',
  'Michael',
];
const LAST = [
  'Nkosi',
  'Dlamini',
  'van der Merwe',
  'Naidoo',
  'Botha',
  'Mokoena',
  'Pillay',
  'Smith',
  'Khumalo',
  'le Roux',
  'Mahlangu',
];
const WORDS = [
  'Umbrella',
  'Karoo',
  'Protea',
  'Summit',
  'Highveld',
  'Baobab',
  'Cape',
  'Ubuntu',
  'Atlas',
  'Meridian',
  'Springbok',
];
const SUFFIX = [
  'Trading',
  'Holdings',
  'Logistics',
  'Investments',
  'Foods',
  'Mining',
  'Properties',
  'Services',
];
const FICA = ['In Progress', 'Completed', 'Approved', 'Declined', 'Referred'];
const RISK = ['Undetermined', 'Low', 'Medium', 'High'];

const ENTITY_FILTERS: Record<
  Exclude<keyof EntityFilters, 'approvalDate' | 'lastUpdated' | 'nextFicaReviewDate'>,
  keyof Entity
> = {
  clientReference: 'clientReference',
  ficaStatus: 'ficaStatus',
  riskDescription: 'riskStatus',
  entityRegName: 'regName',
  entityRegNumber: 'regNumber',
  externalSystemId: 'externalSystemId',
};
const INDIVIDUAL_FILTERS: Record<keyof typeof INDIVIDUAL_CONTAINS_FILTERS, keyof Individual> = {
  externalUserID: 'externalSystemId',
  clientReference: 'clientRef',
  firstName: 'firstName',
  lastName: 'lastName',
  ficaStatus: 'ficaStatus',
  identificationNumber: 'idNumber',
  passportNumber: 'passportNumber',
  riskDescription: 'riskDescription',
};

function entity(partnerId: string, n: number, at: string): Entity {
  return {
    id: randomUUID(),
    partnerId,
    entityType: 1,
    regName: `${pick(WORDS)} ${pick(WORDS)} ${pick(SUFFIX)} ${n}`,
    regNumber: `${1990 + Math.floor(random() * 35)}/${digits(6)}/07`,
    clientReference: `CR-${digits(7)}`,
    externalSystemId: `crm-${digits(9)}`,
    ficaStatus: pick(FICA),
    riskStatus: pick(RISK),
    riskReason: null,
    riskScore: null,
    registryCommercialName: null,
    registryResponse: { lookedUp: true },
    sanctionsResults: { matchedNumber: 0, matchedEntities: [], webSearchResults: [] },
    kyb: null,
    sanctionSearchCompleted: false,
    adverseSearchKYC: false,
    directorsConfirmed: false,
    organigram: null,
    organigramReviewed: false,
    shareholdersAdminConfirmed: false,
    docsUploadedReviewed: false,
    onboardingDecision: 'In Progress',
    approvedComments: null,
    declinedComments: null,
    referComments: null,
    nextFicaReviewDate: null,
    approvalDate: null,
    createdAt: at,
    lastUpdated: at,
  };
}

function individual(partnerId: string, at: string): Individual {
  const firstName = pick(FIRST);
  const lastName = pick(LAST);
  const idNumber = `${digits(6)}${digits(7)}`;
  return {
    id: randomUUID(),
    partnerId,
    externalSystemId: `crm-${digits(9)}`,
    clientRef: `REF-${digits(8)}`,
    firstName,
    lastName,
    clientEmail: `${firstName.toLowerCase()}@example.com`,
    clientPhone: null,
    idNumber,
    passportNumber: random() < 0.3 ? `A${digits(8)}` : null,
    details: { firstName, lastName, idNumber } as Individual['details'],
    ficaStatus: pick(FICA),
    riskDescription: pick(RISK),
    riskReason: null,
    amlScreening: null,
    externalValidation: null,
    pepConfirmReviewed: false,
    adverseSearchKYC: false,
    clientForeignOfficial: false,
    clientForeignOfficialType: null,
    pepDecidedBy: null,
    docsUploadedReviewed: false,
    docsReviewedBy: null,
    onboardingDecision: 'In Progress',
    additionalComments: null,
    decidedBy: null,
    approvedBy: null,
    nextFicaReviewDate: null,
    approvalDate: null,
    createdAt: at,
    lastUpdated: at,
  };
}

interface Seeded {
  entities: Entity[];
  individuals: Individual[];
}

/** Adds records up to `size` of each kind, in one transaction; keeps a sample to search for. */
function seed(ctx: AppContext, partnerId: string, from: number, size: number, seeded: Seeded): number {
  const individuals = new IndividualRepository(ctx.db);
  const started = performance.now();
  const base = Date.parse('2024-01-01T00:00:00Z');
  ctx.db.transaction(() => {
    for (let n = from; n < size; n += 1) {
      const at = new Date(base + n * 60_000).toISOString();
      const e = entity(partnerId, n, at);
      const i = individual(partnerId, at);
      ctx.entities.insert(e);
      individuals.insert(i);
      if (seeded.entities.length < 2_000 || random() < 0.01) seeded.entities.push(e);
      if (seeded.individuals.length < 2_000 || random() < 0.01) seeded.individuals.push(i);
    }
  })();
  return performance.now() - started;
}

/** A search string a person would type: 3 to 6 characters from inside a stored value, case changed. */
function searchFor(value: string | null): string {
  const text = value ?? 'none';
  const length = Math.min(text.length, 3 + Math.floor(random() * 4));
  const start = Math.floor(random() * (text.length - length + 1));
  const piece = text.slice(start, start + length);
  return random() < 0.5 ? piece.toUpperCase() : piece.toLowerCase();
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

function time(run: () => void): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

async function timeAsync(run: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

async function token(sandbox: SandboxHandle): Promise<string> {
  const res = await fetch(`${sandbox.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: sandbox.demoPartner.clientId,
      client_secret: sandbox.demoPartner.clientSecret,
    }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

async function request(url: string, auth: string, method: 'GET' | 'POST', body?: unknown): Promise<void> {
  const res = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${auth}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  await res.arrayBuffer();
  if (res.status >= 300) throw new Error(`${method} ${url} answered ${res.status}`);
}

interface Figures {
  filters: Map<string, { store: number; http: number }>;
  entityCreate: number;
  individualCreate: number;
}

async function measure(sandbox: SandboxHandle, seeded: Seeded): Promise<Figures> {
  const ctx = sandbox.context;
  const partnerId = sandbox.demoPartner.partnerId;
  const individuals = new IndividualRepository(ctx.db);
  const entities = new EntityRepository(ctx.db);
  const auth = await token(sandbox);
  const filters = new Map<string, { store: number; http: number }>();

  const lists = [
    {
      path: 'entity',
      map: ENTITY_FILTERS,
      sample: seeded.entities,
      list: (f: Record<string, string>) => entities.list(partnerId, f, 50, 0),
    },
    {
      path: 'individual',
      map: INDIVIDUAL_FILTERS,
      sample: seeded.individuals,
      list: (f: Record<string, string>) => individuals.list(partnerId, f, 50, 0),
    },
  ] as const;
  for (const { path, map, sample, list } of lists) {
    for (const [filter, field] of Object.entries(map)) {
      const store: number[] = [];
      const http: number[] = [];
      for (let k = 0; k < SEARCHES_PER_FILTER; k += 1) {
        const record = pick(sample as readonly object[]) as Record<string, unknown>;
        const value = searchFor(record[field] as string | null);
        store.push(time(() => list({ [filter]: value })));
        const query = new URLSearchParams({ [filter]: value, take: '50' });
        http.push(await timeAsync(() => request(`${sandbox.url}/api/v1/${path}?${query}`, auth, 'GET')));
      }
      filters.set(`${path} ${filter}`, { store: median(store), http: median(http) });
    }
  }

  const entityCreates: number[] = [];
  const individualCreates: number[] = [];
  for (let k = 0; k < CREATES; k += 1) {
    const entityBody = {
      entityRegName: `${pick(WORDS)} ${pick(SUFFIX)}`,
      entityRegNumber: `2015/${digits(6)}/07`,
      entityType: 1,
    };
    entityCreates.push(
      await timeAsync(() => request(`${sandbox.url}/api/v1/entity`, auth, 'POST', entityBody)),
    );
    const individualBody = {
      clientRef: `ref-${digits(8)}`,
      firstName: pick(FIRST),
      lastName: pick(LAST),
      idNumber: makeSouthAfricanId({
        birthDate: '1980-01-01',
        gender: 'Male',
        citizenship: 'citizen',
        sequence: 123,
      }),
      clientSACitizen: true,
    };
    individualCreates.push(
      await timeAsync(() => request(`${sandbox.url}/api/v1/individual`, auth, 'POST', individualBody)),
    );
  }
  // The first requests warm up the connection and the statement cache; the median absorbs them.
  return { filters, entityCreate: median(entityCreates), individualCreate: median(individualCreates) };
}

const ms = (value: number): string => `${value.toFixed(2).padStart(8)} ms`;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fica-sandbox-scale-'));
  const seeded: Seeded = { entities: [], individuals: [] };
  const figures = new Map<number, Figures>();
  try {
    let have = 0;
    for (const size of SIZES) {
      // A fresh instance per size: seeding blocks the event loop for long enough that the server
      // drops idle keep-alive connections the client would otherwise try to reuse.
      const sandbox = await startSandbox({
        port: 0,
        dataDir,
        rateLimit: { max: 1_000_000 },
        defaultBalance: 1_000_000_000,
      });
      try {
        // A large page cache for the seeding transaction: it touches every index of both tables.
        sandbox.context.db.pragma('cache_size = -262144');
        const took = seed(sandbox.context, sandbox.demoPartner.partnerId, have, size, seeded);
        sandbox.context.db.pragma('cache_size = -2000');
        have = size;
        console.log(
          `seeded ${size.toLocaleString('en')} entities and individuals (${(took / 1000).toFixed(1)} s)`,
        );
        figures.set(size, await measure(sandbox, seeded));
        console.log(`measured at ${size.toLocaleString('en')}: ${loadAverage()}`);
      } finally {
        await sandbox.stop();
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const [small, large] = SIZES.map((size) => figures.get(size) as Figures) as [Figures, Figures];
  const [smallSize, largeSize] = SIZES.map((size) => size.toLocaleString('en')) as [string, string];
  console.log(
    `\ncontains-filter latency, median of ${SEARCHES_PER_FILTER} searches (store query | HTTP request), target < 20 ms at ${largeSize}`,
  );
  console.log(`${'filter'.padEnd(34)}${`at ${smallSize}`.padStart(26)}${`at ${largeSize}`.padStart(26)}`);
  for (const [name, at] of small.filters) {
    const big = large.filters.get(name) as { store: number; http: number };
    console.log(`${name.padEnd(34)}${ms(at.store)} |${ms(at.http)}   ${ms(big.store)} |${ms(big.http)}`);
  }
  const slowest = Math.max(...[...large.filters.values()].map((f) => f.http));
  console.log(`slowest filter at ${largeSize}: ${ms(slowest).trim()} over HTTP`);
  console.log(`\ncreate latency over HTTP, median of ${CREATES} (target: ratio ≤ 1.5)`);
  for (const [name, a, b] of [
    ['entity create', small.entityCreate, large.entityCreate],
    ['individual create', small.individualCreate, large.individualCreate],
  ] as const) {
    console.log(
      `${name.padEnd(20)} at ${smallSize}:${ms(a)}   at ${largeSize}:${ms(b)}   ratio ${(b / a).toFixed(2)}`,
    );
  }
}

await main();
console.log(`sandbox-scale done: ${loadAverage()}`);
