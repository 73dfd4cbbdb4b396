import { z } from 'zod';

// Provider internals are opaque; the named fields are what a viewer shows when they are present.
export const ScreeningMatchSchema = z.looseObject({
  name: z.string().nullish(),
  matchType: z.string().nullish(),
  score: z.number().nullish(),
  source: z.string().nullish(),
  title: z.string().nullish(),
  url: z.string().nullish(),
  snippet: z.string().nullish(),
});
export type ScreeningMatch = z.infer<typeof ScreeningMatchSchema>;

export const AmlScreeningResultSchema = z.looseObject({
  matchedNumber: z.number().int().nonnegative(),
  matchedEntities: z.array(ScreeningMatchSchema),
  webSearchResults: z.array(ScreeningMatchSchema),
});
export type AmlScreeningResult = z.infer<typeof AmlScreeningResultSchema>;

/** Entity-level screening: the individual's AML shape, every part optional because the
 * published documents call it only "an object". */
export const SanctionsSearchResultsSchema = z.looseObject({
  matchedNumber: z.number().int().nonnegative().optional(),
  matchedEntities: z.array(ScreeningMatchSchema).optional(),
  webSearchResults: z.array(ScreeningMatchSchema).optional(),
});
export type SanctionsSearchResults = z.infer<typeof SanctionsSearchResultsSchema>;
