// Timeouts for tests whose work is CPU-bound, sized for a two-core machine shared with other builds,
// where such a test ran past Vitest's 5 s default. A test that only waits needs none of these: it
// waits on an event.

/** Decoding, encoding or measuring images; building, parsing or rendering PDFs; deriving keys;
 * starting a worker thread: a second or a few on a quiet machine, ten times that and more when the
 * whole suite runs on a loaded one. */
export const CPU_HEAVY = 120_000;

/** OCR or a barcode search over a 12 MP photo: 10-45 s alone on a loaded machine, past 180 s
 * beside the rest of the suite there. */
export const CPU_HEAVIEST = 600_000;
