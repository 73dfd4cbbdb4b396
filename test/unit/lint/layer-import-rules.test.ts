// design.md's import rules are enforced by lint as an allow-list per layer (eslint.config.js): each
// deliberate cross-layer import below must fail `npm run lint`, and the allowed ones must pass.
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImportErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter(
      (m) =>
        m.severity === 2 && (m.ruleId === 'layers/allowed-imports' || m.ruleId === 'no-restricted-globals'),
    )
    .map((m) => m.message);
}

// ESLint loads typescript-eslint and the Svelte plugin on first use: slow on a busy machine.
const SLOW = 60_000;

describe('layer import rules', () => {
  beforeAll(async () => {
    await eslint.lintText('export {};\n', { filePath: 'shared/warm-up.ts' });
  }, SLOW);

  const refused: Array<[string, string, string]> = [
    [
      'shared/domain/probe.ts',
      "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
      'shared importing node:fs',
    ],
    [
      'shared/api/probe.ts',
      "import path from 'path';\nexport const x = path;\n",
      'shared importing a bare Node built-in',
    ],
    [
      'shared/api/probe.ts',
      "import { readFile } from 'fs/promises';\nexport const x = readFile;\n",
      'shared importing a Node built-in subpath',
    ],
    [
      'renderer/lib/probe.ts',
      "import { EventEmitter } from 'events';\nexport const x = EventEmitter;\n",
      'renderer importing a bare Node built-in',
    ],
    [
      'shared/ipc/probe.ts',
      "import { app } from 'electron';\nexport const x = app;\n",
      'shared importing electron',
    ],
    [
      'shared/domain/probe.ts',
      "import Database from 'better-sqlite3';\nexport const x = Database;\n",
      'shared importing a Node-only library',
    ],
    ['shared/domain/probe.ts', 'export const x = () => window.location.href;\n', 'shared using the DOM'],
    [
      'renderer/lib/probe.ts',
      "import { join } from 'node:path';\nexport const x = join;\n",
      'renderer importing Node',
    ],
    [
      'renderer/lib/probe.ts',
      "import { startSandbox } from '../../server/index.js';\nexport const x = startSandbox;\n",
      'renderer importing the server',
    ],
    [
      'renderer/lib/probe.ts',
      "import { createCore } from '../../electron/core/index.js';\nexport const x = createCore;\n",
      'renderer importing the core',
    ],
    [
      'electron/core/sync/probe.ts',
      "import { ipcMain } from 'electron';\nexport const x = ipcMain;\n",
      'core importing electron',
    ],
    [
      'electron/core/sync/probe.ts',
      "import { startSandbox } from '../../../server/index.js';\nexport const x = startSandbox;\n",
      'core importing the server',
    ],
    [
      'electron/security/probe.ts',
      "import { session } from 'electron';\nexport const x = session;\n",
      'security policy importing electron',
    ],
    [
      'electron/main/probe.ts',
      "import { startSandbox } from '../../server/index.js';\nexport const x = startSandbox;\n",
      'main importing the server',
    ],
    [
      'server/routes/probe.ts',
      "import { createCore } from '../../electron/core/index.js';\nexport const x = createCore;\n",
      'server importing the app',
    ],
    [
      'server/routes/probe.ts',
      "import { app } from 'electron';\nexport const x = app;\n",
      'server importing electron',
    ],
    [
      'electron/core/sync/probe.ts',
      "import { createMainWindow } from '../../main/window.js';\nexport const x = createMainWindow;\n",
      'core importing electron/main',
    ],
    [
      'electron/core/sync/probe.ts',
      "import { startEmbeddedSandbox } from '../../host/embedded-sandbox.js';\nexport const x = startEmbeddedSandbox;\n",
      'core importing electron/host',
    ],
    [
      'electron/core/sync/probe.ts',
      "export { startEmbeddedSandbox } from '../../host/embedded-sandbox.js';\n",
      'core re-exporting electron/host',
    ],
    [
      'electron/core/sync/probe.ts',
      "export const x = () => import('../../main/window.js');\n",
      'core importing electron/main dynamically',
    ],
    [
      'electron/core/sync/probe.ts',
      "import { session } from 'electron/main';\nexport const x = session;\n",
      'core importing an electron subpath',
    ],
    [
      'electron/preload/probe.ts',
      "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
      'preload importing node:fs',
    ],
    [
      'electron/preload/probe.ts',
      "import Database from 'better-sqlite3';\nexport const x = Database;\n",
      'preload importing better-sqlite3',
    ],
    [
      'electron/preload/probe.ts',
      "import { createCore } from '../core/index.js';\nexport const x = createCore;\n",
      'preload importing the core',
    ],
    [
      'electron/preload/probe.ts',
      "import { startSandbox } from '../../server/index.js';\nexport const x = startSandbox;\n",
      'preload importing the server',
    ],
    [
      'electron/preload/probe.ts',
      "import { parseSouthAfricanId } from '../../shared/domain/index.js';\nexport const x = parseSouthAfricanId;\n",
      'preload importing shared beyond the channel names',
    ],
    [
      'electron/preload/probe.ts',
      "export const x = () => import('node:fs');\n",
      'preload importing node:fs dynamically',
    ],
    [
      'shared/domain/probe.ts',
      "export const x = () => import('node:fs');\n",
      'shared importing node:fs dynamically',
    ],
    [
      'renderer/lib/probe.ts',
      "export const x = () => import('node:fs');\n",
      'renderer importing node:fs dynamically',
    ],
    ['shared/domain/probe.ts', "export { readFileSync } from 'node:fs';\n", 'shared re-exporting node:fs'],
    [
      'shared/domain/probe.ts',
      "export * from '../../electron/core/index.js';\n",
      'shared re-exporting the core',
    ],
    ['renderer/lib/probe.ts', "export * from '../../server/index.js';\n", 'renderer re-exporting the server'],
    ['shared/domain/probe.ts', "export const x = require('node:fs');\n", 'shared requiring node:fs'],
    [
      'electron/core/sync/probe.ts',
      "export const x = require('../../../server/index.js');\n",
      'core requiring the server',
    ],
    [
      'shared/domain/probe.ts',
      'export const x = (name: string) => import(name);\n',
      'shared importing a computed target',
    ],
    [
      'renderer/lib/probe.ts',
      "import axios from 'axios';\nexport const x = axios;\n",
      'renderer importing an unlisted package',
    ],
    [
      'electron/main/probe.ts',
      "import { startHost } from '../host/index.js';\nexport const x = startHost;\n",
      'main importing the host beyond its sandbox entry',
    ],
    [
      'electron/security/probe.ts',
      "import { createCore } from '../core/index.js';\nexport const x = createCore;\n",
      'security policy importing the core',
    ],
    [
      'node-shared/sqlite/probe.ts',
      "import { createCore } from '../../electron/core/index.js';\nexport const x = createCore;\n",
      'node-shared importing the core',
    ],
    [
      'node-shared/sqlite/probe.ts',
      "import { startSandbox } from '../../server/index.js';\nexport const x = startSandbox;\n",
      'node-shared importing the server',
    ],
  ];

  it.each(refused.map(([file, code, what]) => [what, file, code]))(
    'refuses %s',
    async (_what, filePath, code) => {
      expect(await restrictedImportErrors(filePath, code)).not.toEqual([]);
    },
    SLOW,
  );

  const allowed: Array<[string, string]> = [
    ['shared/domain/probe.ts', "import { z } from 'zod';\nexport const x = z;\n"],
    // SHA-256 in pure JS, the same in the renderer, the core and the sandbox.
    ['shared/domain/probe.ts', "import { sha256 } from '@noble/hashes/sha2.js';\nexport const x = sha256;\n"],
    [
      'renderer/lib/probe.ts',
      "import { channels } from '../../shared/ipc/contract.js';\nexport const x = channels;\n",
    ],
    [
      'renderer/lib/probe.ts',
      "import { parseSouthAfricanId } from '../../shared/domain/index.js';\nexport const x = parseSouthAfricanId;\n",
    ],
    [
      'shared/api/probe.ts',
      "import { bandFromScore } from '../domain/risk.js';\nexport const x = bandFromScore;\n",
    ],
    [
      'electron/core/sync/probe.ts',
      "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
    ],
    [
      'electron/host/probe.ts',
      "import { startSandbox } from '../../server/index.js';\nexport const x = startSandbox;\n",
    ],
    [
      'server/routes/probe.ts',
      "import { z } from 'zod';\nimport { readFileSync } from 'node:fs';\nexport const x = [z, readFileSync];\n",
    ],
    [
      'electron/preload/probe.ts',
      "import { contextBridge } from 'electron';\nimport { CHANNEL_NAMES } from '../../shared/ipc/channels.js';\nexport const x = [contextBridge, CHANNEL_NAMES];\n",
    ],
    [
      'electron/main/probe.ts',
      "import { startEmbeddedSandbox } from '../host/embedded-sandbox.js';\nexport const x = startEmbeddedSandbox;\n",
    ],
    ['electron/core/sync/probe.ts', "export const x = () => import('sharp');\n"],
    [
      'server/store/probe.ts',
      "import { runMigrations } from '../../node-shared/sqlite/migrations.js';\nexport const x = runMigrations;\n",
    ],
    [
      'electron/core/db/probe.ts',
      "import { runMigrations } from '../../../node-shared/sqlite/migrations.js';\nexport const x = runMigrations;\n",
    ],
    ['renderer/lib/probe.ts', "export const x = () => import('./pdfjs-runtime.js');\n"],
  ];

  it.each(allowed)(
    '%s: allows a permitted import',
    async (filePath, code) => {
      expect(await restrictedImportErrors(filePath, code)).toEqual([]);
    },
    SLOW,
  );
});
