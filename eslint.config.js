// Lint enforces the layer rules of design.md: which layer may import which.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import { builtinModules } from 'node:module';

// Bare built-in names are matched exactly (as `paths`): as gitignore-style patterns, `domain` or
// `events` would also match this project's own folders of that name (shared/domain).
const nodeBuiltinPaths = builtinModules
  .filter((m) => !m.startsWith('_'))
  .map((name) => ({ name, message: 'This layer runs without Node: no Node built-ins here.' }));

const noNode = {
  group: ['node:*'],
  message: 'This layer runs without Node: no Node built-ins here.',
};
const noElectron = { group: ['electron', 'electron/*'], message: 'Only electron/main and electron/preload may import Electron.' };
const noServer = { group: ['**/server/**', '**/server'], message: 'Only electron/host may start the sandbox server.' };
const noElectronLayer = { group: ['**/electron/**'], message: 'This layer may not import the desktop app.' };
const noRenderer = { group: ['**/renderer/**'], message: 'Nothing imports the renderer.' };
const nodeLibs = {
  group: ['better-sqlite3', 'keytar', 'fastify', '@fastify/*', 'sharp', 'axios', 'form-data', 'pdfkit', '@cantoo/pdf-lib'],
  message: 'This layer runs without Node: no Node-only libraries here.',
};

const restrict = (...patterns) => [
  'error',
  { patterns, ...(patterns.includes(noNode) ? { paths: nodeBuiltinPaths } : {}) },
];

export default tseslint.config(
  {
    ignores: ['node_modules/**', 'dist/**', 'out/**', 'release/**', 'artifacts/**', 'test-results/**', 'coverage/**'],
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
    files: ['server/**', 'electron/**', 'test/**', 'scripts/**', '*.config.*', '.ci/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['shared/**'],
    rules: {
      'no-restricted-imports': restrict(noNode, noElectron, noServer, noElectronLayer, noRenderer, nodeLibs),
      'no-restricted-globals': ['error', 'window', 'document', 'navigator', 'process', 'Buffer', 'require', '__dirname'],
    },
  },
  {
    files: ['renderer/**'],
    rules: {
      'no-restricted-imports': restrict(noNode, noElectron, noServer, noElectronLayer, nodeLibs),
      'no-restricted-globals': ['error', 'process', 'Buffer', 'require', '__dirname'],
    },
  },
  {
    files: ['electron/core/**'],
    rules: { 'no-restricted-imports': restrict(noElectron, noServer, noRenderer) },
  },
  {
    // The security policies are plain modules so tests can check them without Electron.
    files: ['electron/security/**'],
    rules: { 'no-restricted-imports': restrict(noElectron, noServer, noRenderer) },
  },
  {
    files: ['electron/main/**', 'electron/preload/**'],
    rules: { 'no-restricted-imports': restrict(noServer, noRenderer) },
  },
  {
    files: ['electron/host/**'],
    rules: { 'no-restricted-imports': restrict(noElectron, noRenderer) },
  },
  {
    files: ['server/**'],
    rules: { 'no-restricted-imports': restrict(noElectron, noElectronLayer, noRenderer) },
  },
);
