// Lint keeps the idle core small (eslint.config.js): the core and the shells import the heavy PDF,
// image and OCR packages, and the embedded sandbox, only on first use. A static import of one of
// them fails `npm run lint`; a type import or an `await import` passes.
import { beforeAll, describe, expect, it } from 'vitest';
import { FIRST_LINT, probeErrors, SLOW, warmUp } from './lint-probe.js';

const eagerImportErrors = (filePath: string, code: string) =>
  probeErrors(filePath, code, ['@typescript-eslint/no-restricted-imports']);

describe('heavy packages load on first use', () => {
  beforeAll(() => warmUp(), FIRST_LINT);

  it.each([
    [
      'electron/core/capture/probe.ts',
      "import { PDFDocument } from '@cantoo/pdf-lib';\nexport const x = PDFDocument;\n",
    ],
    ['electron/core/capture/probe.ts', "import sharp from 'sharp';\nexport const x = sharp;\n"],
    [
      'electron/core/capture/probe.ts',
      "import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';\nexport const x = pdfjs;\n",
    ],
    [
      'electron/core/capture/identity/probe.ts',
      "import { readBarcodes } from 'zxing-wasm/reader';\nexport const x = readBarcodes;\n",
    ],
    [
      'electron/core/capture/identity/probe.ts',
      "import { createWorker } from 'tesseract.js';\nexport const x = createWorker;\n",
    ],
    [
      'electron/host/index.ts',
      "import { startEmbeddedSandbox } from './embedded-sandbox.js';\nexport const x = startEmbeddedSandbox;\n",
    ],
    [
      'electron/main/index.ts',
      "import { startEmbeddedSandbox } from '../host/embedded-sandbox.js';\nexport const x = startEmbeddedSandbox;\n",
    ],
  ])(
    '%s: refuses a static import (%#)',
    async (filePath, code) => {
      expect(await eagerImportErrors(filePath, code)).toEqual([
        expect.stringMatching(/first use|only when it is started/),
      ]);
    },
    SLOW,
  );

  it.each([
    [
      'electron/core/capture/probe.ts',
      "import type { PDFDocument } from '@cantoo/pdf-lib';\nexport type X = PDFDocument;\n",
    ],
    ['electron/core/capture/probe.ts', "export const x = () => import('@cantoo/pdf-lib');\n"],
    [
      'electron/host/index.ts',
      "import type { EmbeddedSandbox } from './embedded-sandbox.js';\nexport type X = EmbeddedSandbox;\n",
    ],
    ['electron/main/index.ts', "export const x = () => import('../host/embedded-sandbox.js');\n"],
    ['server/reports/probe.ts', "import PDFDocument from 'pdfkit';\nexport const x = PDFDocument;\n"],
  ])(
    '%s: allows a type import, an import on first use, and the sandbox its own libraries (%#)',
    async (filePath, code) => {
      expect(await eagerImportErrors(filePath, code)).toEqual([]);
    },
    SLOW,
  );
});
