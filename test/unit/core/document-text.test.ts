// A captured document's text, read in the capture worker: from a PDF's text layer when it has one,
// else by OCR of its pages (a scan in a PDF, a photo of the paper).
import { afterAll, describe, expect, it } from 'vitest';
import { CapturePool } from '../../../electron/core/capture/capture-pool.js';
import { findDocumentDate } from '../../../shared/domain/document-date.js';
import { compareAddress } from '../../../shared/domain/document-address.js';
import {
  photographedPaper,
  proofOfAddressLines,
  scannedPdf,
  textLayerPdf,
  type ProofOfAddress,
} from '../../support/address-fixtures.js';

const bill: ProofOfAddress = {
  kind: 'utility-bill',
  holder: 'Thabo Mokoena',
  address: { street: '12 Acacia Street', suburb: 'Rosebank', town: 'Johannesburg', postalCode: '2196' },
  date: '2026-03-15',
  format: 0,
};
const typed = { lines: ['12 Acacia Street', 'Rosebank', 'Johannesburg'], postalCode: '2196' };
// OCR of a page takes seconds on a loaded two-core machine.
const OCR_TIMEOUT = 180_000;

describe('reading a document’s text', () => {
  const pool = new CapturePool();
  afterAll(() => pool.close());

  it(
    'takes the text layer of a PDF that has one, without OCR',
    async () => {
      const read = await pool.readText(await textLayerPdf(proofOfAddressLines(bill)), 'application/pdf');
      expect(read.source).toBe('text-layer');
      expect(read.text).toContain('Statement date: 15 March 2026');
      expect(findDocumentDate(read.text, '2026-06-01')?.date).toBe('2026-03-15');
      expect(compareAddress(typed, read.text).differences).toEqual([]);
    },
    // The first task also starts the worker.
    OCR_TIMEOUT,
  );

  it(
    'reads a scanned PDF without a text layer by OCR',
    async () => {
      const read = await pool.readText(
        await scannedPdf(proofOfAddressLines({ ...bill, kind: 'bank-statement', format: 1 })),
        'application/pdf',
      );
      expect(read.source).toBe('ocr');
      expect(findDocumentDate(read.text, '2026-06-01')?.date).toBe('2026-03-15');
      expect(compareAddress(typed, read.text).differences).toEqual([]);
    },
    OCR_TIMEOUT,
  );

  it(
    'reads a photo of the paper by OCR',
    async () => {
      const photo = await photographedPaper(proofOfAddressLines({ ...bill, kind: 'lease' }));
      const read = await pool.readText(new Uint8Array(photo), 'image/jpeg');
      expect(read.source).toBe('ocr');
      expect(findDocumentDate(read.text, '2026-06-01')?.date).toBe('2026-03-15');
      expect(compareAddress(typed, read.text).differences).toEqual([]);
    },
    OCR_TIMEOUT,
  );
});
