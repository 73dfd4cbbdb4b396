// The renderer's build: a static bundle in dist/renderer, loaded from app:// in Electron and from
// the headless host's loopback server, so every URL is relative (base './').
import { defineConfig, type Plugin } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

/** V8's explicit compile hint: every function of the file is compiled while it streams in. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Marks the chunks the first screen runs (the entry and what it imports statically) for eager
 * compilation. Chromium then compiles them on a background thread while they download, instead of
 * compiling each function on the main thread the first time it is called while the app mounts
 * (~400 functions, 30-40 ms before the first rows). The lazy screens stay lazily compiled.
 */
function compileFirstScreenEagerly(): Plugin {
  return {
    name: 'fica-desk:compile-first-screen-eagerly',
    apply: 'build',
    enforce: 'post',
    // After Vite's own passes, which put the lazy chunks' table at the top of the entry.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const queue = Object.values(bundle).flatMap((file) =>
          file.type === 'chunk' && file.isEntry ? [file.fileName] : [],
        );
        const seen = new Set<string>();
        while (queue.length > 0) {
          const name = queue.shift()!;
          const chunk = bundle[name];
          if (seen.has(name) || chunk?.type !== 'chunk') continue;
          seen.add(name);
          // The hint must be the file's first line (no source map is built, so no line shifts).
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
          queue.push(...chunk.imports);
        }
      },
    },
  };
}

export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [svelte(), compileFirstScreenEagerly()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'es2022',
    // The polyfill would be injected as script; Chromium supports modulepreload natively.
    modulePreload: { polyfill: false },
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // The pdf.js worker ships as .mjs; served as .js it gets a JavaScript MIME type from any
        // static server (Electron's app:// protocol and the headless host alike).
        assetFileNames: (asset) =>
          asset.names.some((n) => n.endsWith('.mjs'))
            ? 'assets/[name]-[hash].js'
            : 'assets/[name]-[hash][extname]',
      },
    },
  },
  worker: { format: 'es' },
});
