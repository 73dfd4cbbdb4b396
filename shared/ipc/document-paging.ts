// How many documents the case's answer and a page of `cases.documents` carry; apart from the schemas
// (model.ts) so the screens read them without loading zod.

/** How many documents a case's answer carries for each owner; the screen asks for the rest as it scrolls. */
export const DOCUMENTS_FIRST_PAGE = 50;
/** The most documents one `cases.documents` answers. */
export const DOCUMENTS_PAGE_MAX = 200;
