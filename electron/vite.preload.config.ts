// Bundles the preload into one CommonJS file: a sandboxed preload can require only 'electron' (and a
// few built-ins), so the contract and zod are inlined rather than imported at run time.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const fromRoot = (relative: string) => fileURLToPath(new URL(`../${relative}`, import.meta.url));

export default defineConfig({
  root: fromRoot('.'),
  // No public dir, no .env files: the preload carries nothing but code.
  publicDir: false,
  envDir: false,
  logLevel: 'warn',
  build: {
    outDir: fromRoot('dist/electron/preload'),
    emptyOutDir: true,
    target: 'chrome140',
    minify: false,
    sourcemap: false,
    // Library mode always emits a module; 'cjs' is what Electron's sandboxed preload loader runs.
    lib: {
      entry: fromRoot('electron/preload/index.ts'),
      formats: ['cjs'],
      fileName: () => 'index.cjs',
    },
    rollupOptions: {
      external: ['electron'],
    },
  },
});
