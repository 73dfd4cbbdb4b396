// The upload body the core streams: the announced length is the length sent, fields and the file
// come out intact, header values cannot be broken by a quote or line break in a file name, and a
// file that is not the size recorded at capture stops the request instead of sending a bad body.
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { multipartBody } from '../../../electron/core/api/multipart-body.js';

async function collect(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of chunks) parts.push(part);
  return Buffer.concat(parts);
}

function chunked(bytes: Buffer, size: number): () => Readable {
  return () =>
    Readable.from(
      Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) =>
        bytes.subarray(i * size, (i + 1) * size),
      ),
    );
}

describe('multipart upload body', () => {
  it('announces its exact length and carries the fields and the file, in any chunking', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 5000 }),
        fc.integer({ min: 1, max: 1024 }),
        fc.string(),
        async (file, chunk, text) => {
          const bytes = Buffer.from(file);
          const sent: number[] = [];
          const { chunks, headers } = multipartBody(
            [['documents', JSON.stringify({ note: text })]],
            {
              field: 'file',
              filename: 'scan.pdf',
              contentType: 'application/pdf',
              size: bytes.length,
              open: chunked(bytes, chunk),
            },
            (n) => sent.push(n),
          );
          const body = await collect(chunks);
          expect(body.length).toBe(Number(headers['Content-Length']));
          const boundary = /boundary=(.+)$/.exec(headers['Content-Type'])![1]!;
          const head = Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="documents"\r\n\r\n${JSON.stringify({ note: text })}\r\n` +
              `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scan.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
          );
          expect(body.subarray(0, head.length).equals(head)).toBe(true);
          expect(body.subarray(head.length, head.length + bytes.length).equals(bytes)).toBe(true);
          expect(body.subarray(head.length + bytes.length).toString()).toBe(`\r\n--${boundary}--\r\n`);
          if (bytes.length > 0) expect(sent.at(-1)).toBe(bytes.length);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('escapes quotes and line breaks in a file name, as browsers do', async () => {
    const { chunks } = multipartBody([], {
      field: 'file',
      filename: 'a"b\r\nX-Evil: 1.pdf',
      contentType: 'application/pdf',
      size: 1,
      open: () => Readable.from([Buffer.from('x')]),
    });
    const text = (await collect(chunks)).toString();
    expect(text).toContain('filename="a%22b%0D%0AX-Evil: 1.pdf"');
    expect(text).not.toContain('\r\nX-Evil');
  });

  it('fails rather than send a file that is shorter or longer than recorded', async () => {
    const open = () => Readable.from([Buffer.from('12345')]);
    await expect(
      collect(
        multipartBody([], { field: 'file', filename: 'a.pdf', contentType: 'application/pdf', size: 6, open })
          .chunks,
      ),
    ).rejects.toThrow(/shorter/);
    await expect(
      collect(
        multipartBody([], { field: 'file', filename: 'a.pdf', contentType: 'application/pdf', size: 4, open })
          .chunks,
      ),
    ).rejects.toThrow(/larger/);
  });
});
