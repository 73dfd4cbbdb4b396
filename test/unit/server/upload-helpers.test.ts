// Pure parts of the upload path: size wording and body depth (type sniffing and the filename rule
// are shared with the core and tested in test/unit/files).
import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../../server/http/upload.js';
import { MAX_BODY_DEPTH, nestingDepth } from '../../../server/http/validate.js';

describe('formatBytes and nestingDepth', () => {
  it('words sizes the way the upload errors name them', () => {
    expect(formatBytes(40 * 1024 * 1024)).toBe('40 MB');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(12)).toBe('12 bytes');
  });

  it('measures nesting without recursion', () => {
    expect(nestingDepth(1)).toBe(0);
    expect(nestingDepth({ a: [1] })).toBe(2);
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(nestingDepth(deep)).toBeGreaterThan(MAX_BODY_DEPTH);
  });
});
