import { z } from 'zod';
import { BoolTextSchema, MAX_FREE_TEXT, UuidSchema, requiredText } from './common.js';

/** Error texts published in entity-api.md; the sandbox sends them verbatim as `message`. */
export const ORGANIGRAM_ERRORS = {
  notRootArray: 'entityOrganigram must be an array whose first node is the Root',
  finalised: 'Organigram has already been finalised',
  missingTrustTypes: 'Missing trust relationship types',
} as const;

export const SHAREHOLDER_TYPES = ['Root', 'Individual', 'Trust', 'Entity'] as const;
export const ShareholderTypeSchema = z.enum(SHAREHOLDER_TYPES);
export type ShareholderType = z.infer<typeof ShareholderTypeSchema>;

export const MAX_ORGANIGRAM_DEPTH = 20;
export const MAX_ORGANIGRAM_NODES = 1000;

const percentage = z.number().min(0).max(100);

const TrustRelatedPartyTypeItems = z
  .array(z.object({ id: z.number().int().positive(), name: z.string().min(1) }))
  .min(1);

/** A JSON array of {id, name} serialised to a string, as published. A raw array is refused. */
const trustRelatedPartyTypesText = z
  .string({ error: 'trustRelatedPartyTypes must be a string holding a JSON array of {id, name}' })
  .max(MAX_FREE_TEXT)
  .superRefine((text, ctx) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'trustRelatedPartyTypes must hold valid JSON' });
      return;
    }
    if (!TrustRelatedPartyTypeItems.safeParse(parsed).success) {
      ctx.addIssue({
        code: 'custom',
        message: 'trustRelatedPartyTypes must hold a non-empty JSON array of {id: integer, name: string}',
      });
    }
  });

export const OrganigramNodeRequestSchema = z.object({
  guid: UuidSchema,
  parentGUID: UuidSchema.nullish(),
  shareholderType: ShareholderTypeSchema,
  shareholderEntityName: requiredText().optional(),
  shareholderTrustName: requiredText().optional(),
  firstName: requiredText().optional(),
  lastName: requiredText().optional(),
  uboID: UuidSchema.nullish(),
  shareholderPercentage: percentage.optional(),
  uboPercentage: percentage.optional(),
  isTrustMember: z.boolean().optional(),
  isDirector: z.boolean().optional(),
  hasResolution: BoolTextSchema.optional(),
  trustRelatedPartyTypes: trustRelatedPartyTypesText.optional(),
  get children() {
    return z.array(OrganigramNodeRequestSchema).default([]);
  },
  // Summary lists on the Root: the service rebuilds them, so their contents are not checked.
  ubos: z.array(z.unknown()).optional(),
  trustUbos: z.array(z.unknown()).optional(),
});
export type OrganigramNodeRequest = z.infer<typeof OrganigramNodeRequestSchema>;
/** The one ownership-tree node type: a node as validated, children always an array. */
export type OrganigramNode = OrganigramNodeRequest;
/** A node as written before validation (children may be left out); the ownership maths accept it. */
export type OrganigramNodeInput = z.input<typeof OrganigramNodeRequestSchema>;

type Path = (string | number)[];

function checkTree(nodes: OrganigramNodeRequest[], ctx: z.RefinementCtx): void {
  const first = nodes[0];
  if (first === undefined || first.shareholderType !== 'Root') {
    ctx.addIssue({ code: 'custom', path: ['entityOrganigram'], message: ORGANIGRAM_ERRORS.notRootArray });
    return;
  }
  const seen = new Set<string>();
  let count = 0;
  const topLevel: { node: OrganigramNodeRequest; path: Path }[] = [];

  const visit = (
    node: OrganigramNodeRequest,
    path: Path,
    parent: OrganigramNodeRequest | undefined,
    depth: number,
  ) => {
    count += 1;
    if (seen.has(node.guid)) {
      ctx.addIssue({
        code: 'custom',
        path: [...path, 'guid'],
        message: `guid ${node.guid} is used by more than one node`,
      });
    }
    seen.add(node.guid);
    if (node.shareholderType === 'Root' && node !== first) {
      ctx.addIssue({
        code: 'custom',
        path: [...path, 'shareholderType'],
        message: 'Only the first node may be the Root',
      });
    }
    if (parent !== undefined && node.parentGUID != null && node.parentGUID !== parent.guid) {
      ctx.addIssue({
        code: 'custom',
        path: [...path, 'parentGUID'],
        message: "parentGUID must be the guid of the node's parent",
      });
    }
    if (node.shareholderType === 'Individual') {
      for (const field of ['firstName', 'lastName'] as const) {
        if (node[field] === undefined) {
          ctx.addIssue({
            code: 'custom',
            path: [...path, field],
            message: `${field} is required on an Individual node`,
          });
        }
      }
      if (parent?.shareholderType === 'Trust' && node.trustRelatedPartyTypes === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [...path, 'trustRelatedPartyTypes'],
          message: ORGANIGRAM_ERRORS.missingTrustTypes,
        });
      }
    }
    if (node.shareholderType === 'Trust' && node.shareholderTrustName === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [...path, 'shareholderTrustName'],
        message: 'shareholderTrustName is required on a Trust node',
      });
    }
    if (node.shareholderType === 'Entity' && node.shareholderEntityName === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [...path, 'shareholderEntityName'],
        message: 'shareholderEntityName is required on an Entity node',
      });
    }
    if (depth >= MAX_ORGANIGRAM_DEPTH && node.children.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: [...path, 'children'],
        message: `The ownership tree may be at most ${MAX_ORGANIGRAM_DEPTH} levels deep`,
      });
      return;
    }
    node.children.forEach((child, i) => visit(child, [...path, 'children', i], node, depth + 1));
  };

  nodes.forEach((node, i) => {
    const path: Path = ['entityOrganigram', i];
    if (i > 0) topLevel.push({ node, path });
    visit(node, path, undefined, 1);
  });

  // Nodes listed after the Root at the top level hang off a node named by their parentGUID.
  for (const { node, path } of topLevel) {
    if (node.parentGUID == null || !seen.has(node.parentGUID)) {
      ctx.addIssue({
        code: 'custom',
        path: [...path, 'parentGUID'],
        message: 'A node after the Root must name an existing parentGUID',
      });
    }
  }
  if (count > MAX_ORGANIGRAM_NODES) {
    ctx.addIssue({
      code: 'custom',
      path: ['entityOrganigram'],
      message: `The ownership tree may hold at most ${MAX_ORGANIGRAM_NODES} nodes`,
    });
  }
}

export const VerifyOrganigramRequestSchema = z
  .object({
    entityOrganigram: z.array(OrganigramNodeRequestSchema, { error: ORGANIGRAM_ERRORS.notRootArray }),
  })
  .superRefine((value, ctx) => checkTree(value.entityOrganigram, ctx));
export type VerifyOrganigramRequest = z.infer<typeof VerifyOrganigramRequestSchema>;

export const OrganigramUboSummarySchema = z.looseObject({
  uboID: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  shareholderPercentage: z.union([z.number(), z.string()]).nullish(),
  verified: z.boolean(),
});
export type OrganigramUboSummary = z.infer<typeof OrganigramUboSummarySchema>;

export const OrganigramNodeResponseSchema = z.looseObject({
  id: z.string(),
  parentID: z.string().nullish(),
  trustID: z.string().nullish(),
  shareholderType: z.string(),
  shareholderEntityName: z.string().nullish(),
  shareholderTrustName: z.string().nullish(),
  firstName: z.string().nullish(),
  lastName: z.string().nullish(),
  uboID: z.string().nullish(),
  shareholderPercentage: z.number().nullish(),
  uboPercentage: z.number().nullish(),
  isTrustMember: z.boolean().nullish(),
  isDirector: z.boolean().nullish(),
  hasResolution: z.union([BoolTextSchema, z.boolean()]).nullish(),
  trustRelatedPartyTypes: z.unknown().optional(),
  riskStatus: z.string().nullish(),
  ubos: z.array(OrganigramUboSummarySchema).optional(),
  trustUbos: z.array(z.looseObject({})).optional(),
  get children() {
    return z.array(OrganigramNodeResponseSchema).default([]);
  },
});
export type OrganigramNodeResponse = z.infer<typeof OrganigramNodeResponseSchema>;

export const VerifyOrganigramResponseSchema = z.looseObject({
  entityOrganigram: z.array(OrganigramNodeResponseSchema),
  riskStatus: z.string(),
  riskDescription: z.string(),
});
export type VerifyOrganigramResponse = z.infer<typeof VerifyOrganigramResponseSchema>;
