// Who a document (or a draft) belongs to, as its rows say it: the entity, one of its people, or the
// individual client.
import { z } from 'zod';
import type { DocumentOwner } from '../../../../shared/ipc/model.js';

export const DocumentOwnerSchema: z.ZodType<DocumentOwner> = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('entity') }),
  z.object({ kind: z.literal('ubo'), uboId: z.string() }),
  z.object({ kind: z.literal('individual') }),
]);
