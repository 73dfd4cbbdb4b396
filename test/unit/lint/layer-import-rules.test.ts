// design.md's import rules are enforced by lint as an allow-list per layer (eslint.config.js): each
// deliberate cross-layer import below must fail `npm run lint`, and the allowed ones must pass.
import { beforeAll, describe, expect, it } from 'vitest';
import { FIRST_LINT, probeErrors, SLOW, warmUp } from './lint-probe.js';

const restrictedImportErrors = (filePath: string, code: string) =>
  probeErrors(filePath, code, ['layers/allowed-imports', 'no-restricted-globals']);

describe('layer import rules', () => {
  beforeAll(() => warmUp(), FIRST_LINT);

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
    [
      'electron/core/sync/probe.ts',
      "import { createRequire } from 'node:module';\nexport const x = createRequire(import.meta.url)('electron');\n",
      'core requiring electron through createRequire',
    ],
    [
      'electron/core/sync/probe.ts',
      "import { createRequire } from 'node:module';\nconst load = createRequire(import.meta.url);\nexport const x = load('electron');\n",
      "core requiring electron through createRequire's result in a variable",
    ],
    [
      'electron/core/sync/probe.ts',
      "import { createRequire as make } from 'node:module';\nconst again = make;\nexport const x = again(import.meta.url)('electron');\n",
      'core requiring electron through a renamed createRequire',
    ],
    [
      'electron/core/sync/probe.ts',
      "import * as nodeModule from 'node:module';\nexport const x = nodeModule.createRequire(import.meta.url)('../../../server/index.js');\n",
      "core requiring the server through the module namespace's createRequire",
    ],
    [
      'electron/core/sync/probe.ts',
      "const r = require;\nexport const x = r('electron');\n",
      'core requiring electron through an alias of require',
    ],
    [
      'electron/core/sync/probe.ts',
      "let r;\nr = require;\nexport const x = () => r('electron');\n",
      'core requiring electron through a variable assigned require',
    ],
    [
      'electron/core/sync/probe.ts',
      "export const x = [require][0]!('electron');\n",
      'core passing require on as a value',
    ],
    [
      'electron/core/sync/probe.ts',
      "export const x = globalThis.require('electron');\n",
      'core requiring electron through globalThis',
    ],
    [
      'electron/core/sync/probe.ts',
      "import { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);\nexport const x = require.resolve('electron');\n",
      'core resolving electron',
    ],
    [
      'electron/core/sync/probe.ts',
      "export const x = import.meta.resolve('../../../server/index.js');\n",
      'core resolving the server through import.meta',
    ],
    [
      'electron/tools/probe.ts',
      "import { startSandbox } from '../../server/index.js';\nimport { createCore } from '../core/index.js';\nexport const x = [startSandbox, createCore];\n",
      'a new folder outside every layer importing the server and the core',
    ],
    ['electron/tools/probe.ts', 'export const x = 1;\n', 'a source file in a folder outside every layer'],
    ['tools/probe.ts', 'export const x = 1;\n', 'a new top-level source folder'],
    [
      'shared/domain/probe.ts',
      "export const x = () => new Worker(new URL('../../server/index.ts', import.meta.url));\n",
      'shared starting a worker of the server',
    ],
    [
      'shared/domain/probe.ts',
      "export const x = new URL('../../electron/core/index.ts', import.meta.url);\n",
      "shared naming the core's file by URL",
    ],
    [
      'electron/core/sync/probe.ts',
      "import { Worker } from 'node:worker_threads';\nconst target = '../../../server/index.js';\nexport const x = () => new Worker(target);\n",
      'core starting a worker from a computed target',
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
    [
      'electron/core/capture/probe.ts',
      "import { createRequire } from 'node:module';\nexport const x = createRequire(import.meta.url).resolve('pdfjs-dist/package.json');\n",
    ],
    [
      'electron/core/capture/probe.ts',
      "import { Worker } from 'node:worker_threads';\nexport const x = () => new Worker(new URL('./capture-worker.js', import.meta.url));\n",
    ],
    [
      'test/unit/probe.test.ts',
      "import { startSandbox } from '../../server/index.js';\nexport const x = startSandbox;\n",
    ],
    [
      'vite.probe.config.ts',
      "import { startSandbox } from './server/index.js';\nexport const x = startSandbox;\n",
    ],
  ];

  it.each(allowed)(
    '%s: allows a permitted import',
    async (filePath, code) => {
      expect(await restrictedImportErrors(filePath, code)).toEqual([]);
    },
    SLOW,
  );
});
