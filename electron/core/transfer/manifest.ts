// What an exported-work archive holds besides the files: the cases with unsent jobs, as this
// laptop stores them (decrypted; the archive's own encryption protects them), their people,
// documents, drafts and jobs, and the environment profile each case belongs to. Read back through
// these schemas, so a damaged or foreign manifest is refused before anything is written.
import { z } from 'zod';
import { PartnerSchema } from '../../../shared/api/index.js';
import { DocPairSchema, DocumentOwnerSchema, DocumentStateSchema } from '../../../shared/ipc/model.js';
import { CaseDataSchema, DraftPageRecordSchema, UboDataSchema } from '../cases/case-data.js';
import { ProfileKindSchema } from '../db/profiles.js';
import { JobPayloadSchema } from '../jobs/job-kinds.js';

const Id = z.string().min(1).max(100);
const VaultId = z.string().regex(/^[0-9a-f]{32}$/);

export const ArchiveProfileSchema = z.object({
  id: Id,
  name: z.string().min(1).max(100),
  kind: ProfileKindSchema,
  baseUrl: z.string().max(2000),
  tokenUrl: z.string().max(2000).nullable(),
  /**
   * The partner the environment's service account belongs to, as the exporting laptop knew it: the
   * importing laptop checks a person's sign-in against it before it has credentials of its own.
   */
  partner: PartnerSchema.nullable().optional(),
});

export const ArchiveCaseSchema = z.object({
  id: Id,
  kind: z.enum(['entity', 'individual']),
  profileId: Id.nullable(),
  title: z.string(),
  clientReference: z.string(),
  status: z.string(),
  serverId: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  blockedReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  data: CaseDataSchema,
  ubos: z.array(
    z.object({
      id: Id,
      position: z.number().int(),
      serverId: z.string().nullable(),
      origin: z.enum(['registry', 'manual', 'organigram']),
      removed: z.boolean(),
      data: UboDataSchema,
    }),
  ),
  documents: z.array(
    z.object({
      id: Id,
      owner: DocumentOwnerSchema,
      pairs: z.array(DocPairSchema),
      filename: z.string(),
      mimeType: z.string(),
      size: z.number().int().nonnegative(),
      sha256: z.string(),
      pageCount: z.number().int(),
      vaultId: VaultId.nullable(),
      state: DocumentStateSchema,
      error: z.string().nullable(),
      serverIds: z.array(z.number().int()),
      capturedAt: z.string(),
      removed: z.boolean(),
    }),
  ),
  drafts: z.array(
    z.object({
      id: Id,
      owner: DocumentOwnerSchema,
      pages: z.array(DraftPageRecordSchema),
      createdAt: z.string(),
    }),
  ),
  jobs: z.array(
    z.object({
      id: Id,
      payload: JobPayloadSchema,
      state: z.enum(['ready', 'running', 'failed']),
      attempts: z.number().int().nonnegative(),
      idempotencyKey: z.string().min(1),
      maybeSent: z.boolean(),
      error: z.string().nullable(),
      errorPermanent: z.boolean(),
      createdAt: z.string(),
    }),
  ),
});
export type ArchiveCase = z.infer<typeof ArchiveCaseSchema>;

/** The files follow the manifest in this order, each exactly `size` bytes (the archive's tags vouch for them). */
export const ArchiveFileSchema = z.object({
  vaultId: VaultId,
  caseId: Id,
  size: z.number().int().nonnegative(),
});
export type ArchiveFile = z.infer<typeof ArchiveFileSchema>;

export const ArchiveManifestSchema = z.object({
  format: z.literal('fica-desk unsent work'),
  version: z.literal(1),
  exportedAt: z.string(),
  exportedBy: z.string().nullable(),
  profiles: z.array(ArchiveProfileSchema),
  cases: z.array(ArchiveCaseSchema),
  files: z.array(ArchiveFileSchema),
});
export type ArchiveManifest = z.infer<typeof ArchiveManifestSchema>;
