// The renderer's build: a static bundle in dist/renderer, loaded from app:// in Electron and from
// the headless host's loopback server, so every URL is relative (base './').
import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [svelte()],
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
