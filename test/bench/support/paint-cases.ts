/** The title of the paint bench's i-th case; the newest come first on the cases screen. */
export const paintCaseTitle = (i: number): string => `Paint ${String(i).padStart(4, '0')} Holdings`;
