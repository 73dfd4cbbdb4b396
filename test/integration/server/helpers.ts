// Shared plumbing of the sandbox integration tests: start an instance on port 0 with a temporary
// data folder, talk to it over real HTTP with the global fetch, and drive common workflow steps.
import type { SandboxHandle, StartSandboxOptions } from '../../../server/index.js';
import { getToken } from '../../support/get-token.js';
import { startTestSandbox as startSharedSandbox } from '../../support/sandbox.js';
import { controlHeaders } from '../../support/sandbox.js';

export { getToken };

export type Json = Record<string, unknown>;

export interface Reply<T = Json> {
  status: number;
  body: T;
  headers: Headers;
  bytes: Buffer;
}

export interface TestSandbox {
  sandbox: SandboxHandle;
  url: string;
  /** A client authenticated as the seeded demo partner. */
  api: Client;
  stop(): Promise<void>;
}

/** test/support's sandbox with a client for the demo partner and a rate limit workflow tests never reach. */
export async function startTestSandbox(opts: StartSandboxOptions = {}): Promise<TestSandbox> {
  // The rate limit is tested on its own; workflow tests would otherwise share one partner's budget.
  const started = await startSharedSandbox({ rateLimit: { max: 100_000 }, ...opts });
  const sandbox = started.handle!;
  return {
    sandbox,
    url: started.url,
    api: new Client(started.url, await getToken(started.url, started.clientId, started.clientSecret)),
    stop: () => started.dispose(),
  };
}

export interface NewPartner {
  partnerId: string;
  clientId: string;
  clientSecret: string;
  balance: number;
  client: Client;
}

export async function createPartner(url: string, body: Json = {}): Promise<NewPartner> {
  const res = await fetch(`${url}/sandbox/v1/partners`, {
    method: 'POST',
    headers: { ...controlHeaders(url), 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Test Partner', ...body }),
  });
  const created = (await res.json()) as Omit<NewPartner, 'client'>;
  if (res.status !== 201) throw new Error(`partner create failed: ${res.status} ${JSON.stringify(created)}`);
  return { ...created, client: new Client(url, await getToken(url, created.clientId, created.clientSecret)) };
}

async function toReply<T>(res: Response): Promise<Reply<T>> {
  const bytes = Buffer.from(await res.arrayBuffer());
  const type = res.headers.get('content-type') ?? '';
  let body: unknown = null;
  if (type.includes('json') && bytes.length > 0) body = JSON.parse(bytes.toString('utf8'));
  return { status: res.status, body: body as T, headers: res.headers, bytes };
}

export interface UploadFile {
  bytes: Uint8Array;
  filename: string;
  type?: string;
}

export class Client {
  constructor(
    readonly url: string,
    readonly token: string,
  ) {}

  async request<T = Json>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply<T>> {
    const init: RequestInit = { method, headers: { authorization: `Bearer ${this.token}`, ...headers } };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
    }
    return toReply<T>(await fetch(`${this.url}${path}`, init));
  }

  get<T = Json>(path: string): Promise<Reply<T>> {
    return this.request<T>('GET', path);
  }

  post<T = Json>(path: string, body?: unknown): Promise<Reply<T>> {
    return this.request<T>('POST', path, body);
  }

  patch<T = Json>(path: string, body?: unknown): Promise<Reply<T>> {
    return this.request<T>('PATCH', path, body);
  }

  delete<T = Json>(path: string): Promise<Reply<T>> {
    return this.request<T>('DELETE', path);
  }

  async upload<T = Json>(
    path: string,
    fields: Record<string, string>,
    file?: UploadFile,
    fileField = 'file',
  ): Promise<Reply<T>> {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    if (file)
      form.append(
        fileField,
        new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }),
        file.filename,
      );
    return toReply<T>(
      await fetch(`${this.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.token}` },
        body: form,
      }),
    );
  }
}

// ------------------------------------------------------------------ files

export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(32, 1),
]);
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32, 2)]);
export const TEXT = Buffer.from('This is a plain text file pretending to be a PDF.\n', 'utf8');

export const pdfFile = (filename = 'document.pdf'): UploadFile => ({
  bytes: PDF,
  filename,
  type: 'application/pdf',
});

// ------------------------------------------------------------------ bodies

/** Lookup ids of the shipped fixtures (server/fixtures/lookups.ts). */
export const TYPES = { privateCompany: 1, trustOwned: 4, layered: 5, foreign: 7 } as const;

export const KYB: Json = {
  sameEntityName: false,
  entityTradingName: 'Acme Trading',
  entityTelNumber: '+27 11 555 0100',
  physicalAddress1: '1 Main Road',
  physicalAddress2: 'Sandton',
  physicalAddress3: 'Johannesburg',
  zipCode: '2196',
  addressCountry: 1,
  countriesTransactedWith: [1, 2, 11],
  entityIndustry: 7,
  entityIndustryDescription: 'Software development',
  transactionFrequency: 2,
  transactionType: 1,
  transactionFundingSource: 1,
  sourceFundingDescription: 'Client payments',
  transactionSourceWealth: 1,
  sourceWealthDescription: 'Retained profits',
  additionalVerification: false,
  transactionConsistent: 'true',
  entityDetailsConfirmed: true,
  customQuestions: { 'Has a compliance officer': true },
};

export const uboBody = (firstName: string, lastName: string, extra: Json = {}): Json => ({
  firstName,
  lastName,
  addressLine1: '2 Oak Street',
  addressZipCode: '2000',
  addressCountry: 1,
  clientSACitizen: true,
  idNumber: '8001015009087',
  shareholderPercentage: '50',
  isDirector: false,
  isShareholder: true,
  ...extra,
});

export const REVIEWED = { adverseSearchKYC: false, pepConfirmReviewed: true };

// ------------------------------------------------------------------ workflow steps

export interface CreatedEntity {
  id: string;
  createdUbos: Array<{
    uboUUID: string;
    firstName: string;
    lastName: string;
    isDirector: boolean;
    shareholderType: string;
  }>;
  [key: string]: unknown;
}

export async function createEntity(api: Client, body: Json = {}): Promise<CreatedEntity> {
  const res = await api.post<CreatedEntity>('/api/v1/entity', {
    entityRegName: 'Acme Holdings',
    entityRegNumber: '2015/000000/07',
    entityType: TYPES.privateCompany,
    ...body,
  });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Create, KYB and sanctions review: the state from which owners may be added. */
export async function entityReadyForOwners(api: Client, body: Json = {}): Promise<CreatedEntity> {
  const entity = await createEntity(api, body);
  await expectStatus(api.patch(`/api/v1/entity/${entity.id}/kyb`, KYB), 200);
  await expectStatus(api.patch(`/api/v1/entity/${entity.id}/sanctions-review`, REVIEWED), 200);
  return entity;
}

export async function expectStatus<T>(pending: Promise<Reply<T>>, status: number): Promise<Reply<T>> {
  const res = await pending;
  if (res.status !== status)
    throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
  return res;
}

/** Individual document groups each band requires (fixtures): group id -> a type id of it. */
const UBO_GROUPS: Record<string, Array<[number, number]>> = {
  'Low Risk': [[1, 1]],
  'Medium Risk': [
    [1, 1],
    [2, 4],
  ],
  'High Risk': [
    [1, 3],
    [2, 4],
    [3, 7],
  ],
};

const ENTITY_GROUPS: Record<string, Array<[number, number]>> = {
  'Low Risk': [[1, 1]],
  'Medium Risk': [
    [1, 1],
    [2, 4],
  ],
  'High Risk': [
    [1, 1],
    [2, 4],
    [3, 7],
    [4, 9],
  ],
};

/** PEP confirm, the band's documents, confirm: one person's loop after their details are in. */
export async function finishPerson(api: Client, uboId: string, review: Json = REVIEWED): Promise<string> {
  const pep = await expectStatus(
    api.patch<{ riskStatus: string }>(`/api/v1/entity/${uboId}/ubo-pep-confirm`, review),
    200,
  );
  for (const [group, type] of UBO_GROUPS[pep.body.riskStatus] ?? []) {
    await expectStatus(
      api.upload(
        `/api/v1/entity/${uboId}/ubo-doc-upload`,
        { documents: JSON.stringify({ individualDocsID: group, IndividualDocTypesID: type }) },
        pdfFile(`person-${group}.pdf`),
      ),
      201,
    );
  }
  await expectStatus(
    api.patch(`/api/v1/entity/${uboId}/ubo-doc-confirm`, { docsUploadedReviewed: true }),
    200,
  );
  return pep.body.riskStatus;
}

/** Entity documents of the band, then entity-doc-confirm. */
export async function finishEntityDocuments(api: Client, entityId: string, band: string): Promise<void> {
  for (const [group, type] of ENTITY_GROUPS[band] ?? []) {
    await expectStatus(
      api.upload(
        `/api/v1/entity/${entityId}/entity-doc`,
        { documents: JSON.stringify({ entityDocsID: group, entityDocTypesID: type }) },
        pdfFile(`entity-${group}.pdf`),
      ),
      201,
    );
  }
  await expectStatus(
    api.patch(`/api/v1/entity/${entityId}/entity-doc-confirm`, { docsUploadedReviewed: true }),
    200,
  );
}

/** The published error shape of every non-upload error. */
export function isErrorBody(body: unknown, status?: number): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Json;
  return (
    typeof b.statusCode === 'number' &&
    typeof b.message === 'string' &&
    typeof b.error === 'string' &&
    (status === undefined || b.statusCode === status)
  );
}

export function isUploadErrorBody(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Json;
  return (
    b.status === 400 &&
    typeof b.error === 'string' &&
    (b.details === undefined || typeof b.details === 'string')
  );
}
