// Timeouts for tests whose work is CPU-bound, sized for a two-core machine shared with other builds,
// where such a test ran past Vitest's 5 s default. A test that only waits needs none of these: it
// waits on an event.

/** Decoding, encoding or measuring images; building, parsing or rendering PDFs; deriving keys;
 * starting a worker thread: a few seconds on a quiet machine, five to ten times that when loaded. */
export const CPU_HEAVY = 60_000;

/** OCR or a barcode search over a 12 MP photo, or a property test of many encryptions: tens of
 * seconds when the machine is loaded. */
export const CPU_HEAVIEST = 180_000;
