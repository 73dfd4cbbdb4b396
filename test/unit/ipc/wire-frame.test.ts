// The loopback bridge's binary frames: bytes travel as themselves next to the JSON, exactly and
// without base64, and a damaged frame is refused rather than misread.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeFrame, encodeFrame, frameLength } from '../../../shared/ipc/index.js';

const join = (chunks: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(frameLength(chunks));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
};

describe('binary frames of the loopback bridge', () => {
  it('carries any JSON value with any number of byte arrays nested in it', () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.array(fc.uint8Array({ maxLength: 200 }), { maxLength: 5 }),
        (json, files) => {
          const value = { json, files: files.map((bytes, i) => ({ name: `page-${i}.jpg`, bytes })) };
          const back = decodeFrame(join(encodeFrame(value))) as typeof value;
          expect(back.files.map((f) => [...f.bytes])).toEqual(files.map((b) => [...b]));
          expect(back.json).toEqual(JSON.parse(JSON.stringify(json)));
        },
      ),
    );
  });

  it('sends the bytes raw: a frame is the JSON plus the bytes, not a third larger', () => {
    const scan = new Uint8Array(1024 * 1024).map((_, i) => (i * 7919) % 256);
    const chunks = encodeFrame({ draftId: 'd-1', files: [{ name: 'scan.jpg', bytes: scan }] });
    expect(chunks).toContain(scan);
    expect(frameLength(chunks) - scan.byteLength).toBeLessThan(200);
  }, 30_000);

  it('takes a Buffer as bytes, not as its JSON form', () => {
    const back = decodeFrame(join(encodeFrame({ bytes: Buffer.from('%PDF-1.7') }))) as { bytes: Uint8Array };
    expect(back.bytes).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(back.bytes).toString()).toBe('%PDF-1.7');
  });

  it('keeps a "__proto__" key as data', () => {
    const back = decodeFrame(join(encodeFrame(JSON.parse('{"__proto__":{"polluted":true}}')))) as object;
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
    expect(Object.keys(back)).toEqual(['__proto__']);
  });

  it('refuses truncated, padded or inconsistent frames', () => {
    const frame = join(encodeFrame({ bytes: new Uint8Array([1, 2, 3, 4]) }));
    expect(() => decodeFrame(frame.subarray(0, 3))).toThrow(/Truncated/);
    expect(() => decodeFrame(frame.subarray(0, frame.length - 1))).toThrow(/Truncated/);
    expect(() => decodeFrame(join([frame, new Uint8Array([0])]))).toThrow(/Trailing/);
    const missingPart = join(encodeFrame({ bytes: { $part: 3 } }));
    expect(() => decodeFrame(missingPart)).toThrow(/missing part/);
  });
});
