// Lint enforces the layer rules of design.md: which layer may import which.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import { allowedImportsRule } from './lint/allowed-imports-rule.js';
import { oneJobDeleterRule } from './lint/one-job-deleter-rule.js';

// The layers and what each may import: an allow-list, as VS Code's code-layering. A file in a layer
// may import its own layer, the layers and files listed, the packages listed and (where nodeBuiltins)
// Node's built-ins; anything else fails lint. Tooling (below) is unrestricted; a source file in
// neither fails lint, so a new folder of application code is given a layer before it imports
// anything. test/unit/lint probes the refused edges.
const NODE_APP_PACKAGES = [
  'zod',
  'better-sqlite3',
  'keytar',
  'axios',
  'sharp',
  '@cantoo/pdf-lib',
  'pdfjs-dist',
  // Reading identity documents at the desk: PDF417 barcodes, passport MRZ by OCR, MRZ check digits.
  'zxing-wasm',
  'tesseract.js',
  '@tesseract.js-data/eng',
  'mrz',
  // Staff sign-in: OpenID Connect code flow with PKCE through the system browser.
  'openid-client',
];
const layers = {
  // Runtime-neutral: runs in the renderer, the core and the sandbox alike. @noble/hashes is pure JS:
  // the screening fingerprint is one synchronous SHA-256 wherever it is computed.
  shared: { folders: ['shared/'], may: { layers: ['shared'], packages: ['zod', '@noble/hashes'] } },
  // Node-only code the sandbox and the core both use (SQLite migrations and statements).
  'node-shared': {
    folders: ['node-shared/'],
    may: { layers: ['node-shared', 'shared'], packages: ['better-sqlite3', 'zod'], nodeBuiltins: true },
  },
  renderer: {
    folders: ['renderer/'],
    may: { layers: ['renderer', 'shared'], packages: ['svelte', 'zod', 'pdfjs-dist'] },
  },
  // The main process's work, Electron-free: never Electron, the Electron glue, the host or the sandbox.
  'electron/core': {
    folders: ['electron/core/'],
    may: {
      layers: ['electron/core', 'shared', 'node-shared'],
      packages: NODE_APP_PACKAGES,
      nodeBuiltins: true,
    },
  },
  // Security policies are plain modules so tests can check them without Electron.
  'electron/security': {
    folders: ['electron/security/'],
    may: { layers: ['electron/security', 'shared'], nodeBuiltins: true },
  },
  'electron/main': {
    folders: ['electron/main/'],
    may: {
      layers: ['electron/main', 'electron/core', 'electron/security', 'shared'],
      // The Electron app starts the embedded sandbox through the host's one entry for it.
      files: ['electron/host/embedded-sandbox.ts'],
      packages: ['electron', 'zod'],
      nodeBuiltins: true,
    },
  },
  // The sandboxed preload: Electron and the IPC channel names, nothing else.
  'electron/preload': {
    folders: ['electron/preload/'],
    may: { layers: ['electron/preload'], files: ['shared/ipc/channels.ts'], packages: ['electron'] },
  },
  // Runs core, sandbox and renderer under plain Node: the only layer that may import the sandbox.
  'electron/host': {
    folders: ['electron/host/'],
    may: {
      layers: ['electron/host', 'electron/core', 'electron/security', 'server', 'shared', 'node-shared'],
      packages: NODE_APP_PACKAGES,
      nodeBuiltins: true,
    },
  },
  server: {
    folders: ['server/'],
    may: {
      layers: ['server', 'shared', 'node-shared'],
      packages: [
        'zod',
        'fastify',
        '@fastify/multipart',
        'better-sqlite3',
        'pdfkit',
        '@cantoo/pdf-lib',
        'oidc-provider',
      ],
      nodeBuiltins: true,
    },
  },
};

// The idle core stays small: each of these costs 4-38 MB of memory once loaded (npm run bench --
// idle-core) and is needed only when a document, an image or an identity document is handled, so
// it is imported on first use (`await import`, cached); type imports cost nothing at run time.
const LOAD_ON_FIRST_USE = 'is loaded on first use (await import, cached), so the idle core stays small.';
const heavyImports = {
  paths: ['@cantoo/pdf-lib', 'sharp', 'tesseract.js', 'mrz', 'pdfkit', 'fastify', 'openid-client'].map(
    (name) => ({
      name,
      allowTypeImports: true,
      message: `${name} ${LOAD_ON_FIRST_USE}`,
    }),
  ),
  patterns: [
    {
      group: ['pdfjs-dist', 'pdfjs-dist/*', 'zxing-wasm', 'zxing-wasm/*'],
      allowTypeImports: true,
      message: `This package ${LOAD_ON_FIRST_USE}`,
    },
  ],
};
// Only a shell that runs the training sandbox loads the sandbox's code (web server, reports).
const embeddedSandboxImport = {
  group: ['**/embedded-sandbox.js'],
  allowTypeImports: true,
  message:
    'The embedded sandbox is loaded only when it is started (await import), so the idle core stays small.',
};

const JOB_REMOVAL = 'electron/core/jobs/job-removal.ts';
const jobsPlugin = {
  rules: {
    'one-deleter': oneJobDeleterRule({ className: 'JobStore', owner: `JobRemoval (${JOB_REMOVAL})` }),
  },
};

// Not application code: tests, benches, build and CI scripts, the lint rules, the docs' examples
// and the tools' configs.
const tooling = [
  'test/',
  'scripts/',
  'lint/',
  'docs/examples/',
  '.ci/',
  '*.config.js',
  '*.config.ts',
  'electron/vite.preload.config.ts',
];

const layerPlugin = {
  rules: { 'allowed-imports': allowedImportsRule(layers, import.meta.dirname, tooling) },
};

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'dist/**',
      'out/**',
      'release/**',
      'artifacts/**',
      'test-results/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs['flat/recommended'],
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: {
      parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.svelte'] },
      globals: { ...globals.browser },
    },
  },
  {
    files: [
      'server/**',
      'electron/**',
      'node-shared/**',
      'lint/**',
      'test/**',
      'scripts/**',
      'docs/**',
      '*.config.*',
      '.ci/**',
    ],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    plugins: { layers: layerPlugin },
    rules: { 'layers/allowed-imports': 'error' },
  },
  {
    // One owner deletes jobs: a job goes with its recorded answer, a taken-back change or a person's
    // discard, all in jobs/job-removal.ts (the store's own delete lives in jobs/job-store.ts). The
    // rule follows the type JobStore with typescript-eslint's type information, whatever a store is
    // named.
    files: ['electron/**/*.ts', 'test/**/electron/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { jobs: jobsPlugin },
    rules: { 'jobs/one-deleter': 'error' },
  },
  {
    files: [JOB_REMOVAL, 'electron/core/jobs/job-store.ts'],
    rules: { 'jobs/one-deleter': 'off' },
  },
  {
    files: ['electron/core/**', 'electron/host/**', 'electron/main/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', heavyImports] },
  },
  {
    files: ['electron/host/index.ts', 'electron/main/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { ...heavyImports, patterns: [...heavyImports.patterns, embeddedSandboxImport] },
      ],
    },
  },
  {
    files: ['shared/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        'window',
        'document',
        'navigator',
        'process',
        'Buffer',
        'require',
        '__dirname',
      ],
    },
  },
  {
    files: ['renderer/**'],
    rules: { 'no-restricted-globals': ['error', 'process', 'Buffer', 'require', '__dirname'] },
  },
);
