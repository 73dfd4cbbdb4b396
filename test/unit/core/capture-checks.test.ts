import { describe, expect, it } from 'vitest';
import { DOCUMENT_LIMITS } from '../../../shared/api/documents.js';
import { CaptureError } from '../../../electron/core/capture/errors.js';
import { checkCapture, formatMb } from '../../../electron/core/capture/limits.js';

const text = (s: string) => new TextEncoder().encode(s);

function refusal(run: () => unknown): CaptureError {
  try {
    run();
  } catch (error) {
    if (error instanceof CaptureError) return error;
    throw error;
  }
  throw new Error('expected a CaptureError');
}

describe('checkCapture', () => {
  it('refuses a text file named .pdf with a message a clerk understands', () => {
    const error = refusal(() =>
      checkCapture({
        name: 'C:\\Users\\clerk\\notes.pdf',
        bytes: text('not really a pdf'),
        target: 'entity',
      }),
    );
    expect(error.problem).toBe('type');
    expect(error.message).toBe(
      '“notes.pdf” is not a PDF, PNG or JPEG file (it looks like plain text). Scan or export the document as PDF, PNG or JPEG.',
    );
  });

  it('refuses a file over the target limit, naming its size and the limit', () => {
    const head = text('%PDF-1.7');
    const individual = refusal(() =>
      checkCapture({
        name: 'id.pdf',
        bytes: head,
        size: DOCUMENT_LIMITS.individual + 1,
        target: 'individual',
      }),
    );
    expect(individual.problem).toBe('size');
    expect(individual.message).toBe(
      '“id.pdf” is 20.1 MB, more than the 20 MB limit for individual documents. Scan it at a lower resolution, or split it into several documents.',
    );
    expect(
      refusal(() => checkCapture({ name: 'a.pdf', bytes: head, size: 45 * 1024 * 1024, target: 'ubo' }))
        .message,
    ).toContain('is 45 MB, more than the 40 MB limit for UBO documents');
    expect(
      checkCapture({ name: 'a.pdf', bytes: head, size: DOCUMENT_LIMITS.entity, target: 'entity' }),
    ).toEqual({
      mimeType: 'application/pdf',
      size: DOCUMENT_LIMITS.entity,
    });
    expect(() =>
      checkCapture({ name: 'a.pdf', bytes: head, size: 2048, target: 'entity', limits: { entity: 1024 } }),
    ).toThrow('limit');
  });

  it('refuses an empty file', () => {
    expect(
      refusal(() => checkCapture({ name: 'scan.jpg', bytes: new Uint8Array(), target: 'entity' })).problem,
    ).toBe('empty');
  });

  it('formats sizes without ever rounding an over-limit size down to the limit', () => {
    expect(formatMb(40 * 1024 * 1024)).toBe('40 MB');
    expect(formatMb(40 * 1024 * 1024 + 1)).toBe('40.1 MB');
    expect(formatMb(1.25 * 1024 * 1024)).toBe('1.3 MB');
  });
});
