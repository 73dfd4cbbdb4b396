// Where the built pieces sit relative to the compiled main (dist/electron/main/index.js), the same in
// development and inside the packaged asar.
import { fileURLToPath } from 'node:url';

const here = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

/** The bundled CommonJS preload (see electron/vite.preload.config.ts). */
export const PRELOAD_PATH = here('../preload/index.cjs');
/** The built renderer served by app://. */
export const RENDERER_DIR = here('../../renderer/');
