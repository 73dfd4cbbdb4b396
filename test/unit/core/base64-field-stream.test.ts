// A document answer read as it arrives: whatever the split of its chunks and the order of its fields,
// the bytes and the small fields come out as JSON.parse and a base64 decode would give them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AnswerFormatError,
  base64Field,
  type AnswerFields,
} from '../../../electron/core/api/base64-field-stream.js';

async function read(text: string, cuts: number[] = []): Promise<{ bytes: Buffer; fields: AnswerFields }> {
  const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  const parts: Buffer[] = [];
  let from = 0;
  for (const p of [...points, text.length]) {
    parts.push(Buffer.from(text.slice(from, p)));
    from = p;
  }
  // Cut by bytes too: a multi-byte character may be split between chunks.
  const bytes = Buffer.concat(parts);
  const chunks = (async function* () {
    let at = 0;
    for (const p of points) {
      yield bytes.subarray(at, Buffer.byteLength(text.slice(0, p)));
      at = Buffer.byteLength(text.slice(0, p));
    }
    yield bytes.subarray(at);
  })();
  const fields: AnswerFields = {};
  const out: Buffer[] = [];
  for await (const b of base64Field(chunks, 'base64Content', fields)) out.push(b);
  return { bytes: Buffer.concat(out), fields };
}

describe('a document answer read as it streams', () => {
  it('gives the bytes and the other fields, whatever the chunks and the field order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 3000 }),
        fc.string({ maxLength: 30 }),
        fc.integer({ min: 1, max: 10 ** 9 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.boolean(),
        fc.boolean(),
        async (content, filename, id, cuts, contentFirst, escapedSlashes) => {
          let b64 = JSON.stringify(Buffer.from(content).toString('base64'));
          if (escapedSlashes) b64 = b64.replaceAll('/', '\\/');
          const others = `"filename":${JSON.stringify(filename)},"mimeType":"application/pdf","ficaIndividualDocsID":${id},"extra":{"a":[1,"}"]},"ok":true`;
          const text = contentFirst
            ? `{"base64Content":${b64},${others}}`
            : `{ ${others} , "base64Content" : ${b64} }`;
          const got = await read(text, cuts);
          expect(got.bytes.equals(Buffer.from(content))).toBe(true);
          expect(got.fields).toEqual({
            filename,
            mimeType: 'application/pdf',
            ficaIndividualDocsID: id,
            ok: true,
          });
        },
      ),
    );
  });

  it('refuses an answer without the content, with content that is not base64, or cut short', async () => {
    await expect(read('{"filename":"x.pdf"}')).rejects.toBeInstanceOf(AnswerFormatError);
    await expect(read('{"base64Content":"ab$d"}')).rejects.toBeInstanceOf(AnswerFormatError);
    await expect(read('{"base64Content":"abcd"')).rejects.toBeInstanceOf(AnswerFormatError);
    await expect(read('[1,2]')).rejects.toBeInstanceOf(AnswerFormatError);
  });
});
