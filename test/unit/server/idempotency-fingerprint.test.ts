// The Idempotency-Key fingerprint of a multipart body does not depend on its boundary, however the
// body is split into chunks on the way in (server/http/idempotency.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BodyFingerprint, multipartBoundary } from '../../../server/http/idempotency.js';

function multipart(boundary: string, file: Uint8Array): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="documents"\r\n\r\n{"individualDocsID":1}\r\n`,
    ),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n`),
    Buffer.from(file),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

function fingerprint(body: Buffer, boundary: string | undefined, cuts: number[]): string {
  const fp = new BodyFingerprint(boundary);
  let at = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    const end = Math.min(Math.max(cut, at), body.length);
    fp.update(body.subarray(at, end));
    at = end;
  }
  fp.update(body.subarray(at));
  return fp.digest();
}

const boundaryArb = fc.stringMatching(/^[A-Za-z0-9'()+_,./:=?-]{1,70}$/);

describe('multipart fingerprint', () => {
  it('reads the boundary parameter, quoted or not', () => {
    expect(multipartBoundary('multipart/form-data; boundary=----abc')).toBe('----abc');
    expect(multipartBoundary('multipart/form-data; charset=utf-8; boundary="a b"')).toBe('a b');
    expect(multipartBoundary('application/json')).toBeUndefined();
    expect(multipartBoundary(undefined)).toBeUndefined();
  });

  it('is the same for the same fields and file under any boundary and any chunking', () => {
    fc.assert(
      fc.property(
        boundaryArb,
        boundaryArb,
        fc.uint8Array({ maxLength: 300 }),
        fc.array(fc.nat({ max: 600 }), { maxLength: 8 }),
        fc.array(fc.nat({ max: 600 }), { maxLength: 8 }),
        (b1, b2, file, cuts1, cuts2) => {
          // As in any well-formed body, the delimiter occurs only where it delimits (three times here).
          const delimits = (b: string): boolean =>
            multipart(b, file).toString('latin1').split(`--${b}`).length === 4;
          fc.pre(delimits(b1) && delimits(b2));
          expect(fingerprint(multipart(b1, file), b1, cuts1)).toBe(
            fingerprint(multipart(b2, file), b2, cuts2),
          );
        },
      ),
    );
  });

  it('differs when the file differs', () => {
    const a = fingerprint(multipart('x1', Buffer.from('%PDF-one')), 'x1', [5]);
    const b = fingerprint(multipart('x2', Buffer.from('%PDF-two')), 'x2', [7]);
    expect(a).not.toBe(b);
  });

  it('hashes other bodies as they are, chunking aside', () => {
    const body = Buffer.from('{"a":1,"b":"boundary"}');
    expect(fingerprint(body, undefined, [3, 9])).toBe(fingerprint(body, undefined, []));
  });
});
