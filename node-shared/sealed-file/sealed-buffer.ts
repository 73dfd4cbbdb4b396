// Whole-buffer sealing in the same format as the streams, for data that is small and read or
// written at once (the training sandbox's database snapshot, its uploaded files).
import { randomBytes } from 'node:crypto';
import type { SealedFailure } from './decrypt-stream.js';
import {
  DEFAULT_CHUNK_BYTES,
  decodeHeader,
  encodeHeader,
  HEADER_BYTES,
  ID_BYTES,
  openChunk,
  PREFIX_BYTES,
  sealChunk,
  TAG_BYTES,
} from './format.js';

export function sealBuffer(key: Buffer, plain: Buffer): Buffer {
  const header = encodeHeader(randomBytes(ID_BYTES), randomBytes(PREFIX_BYTES), DEFAULT_CHUNK_BYTES);
  const parts: Buffer[] = [header.bytes];
  let index = 0;
  let offset = 0;
  // Always one final chunk, even empty, as the stream writes it.
  do {
    const end = Math.min(offset + header.chunkBytes, plain.length);
    const final = end === plain.length;
    const { body, tag } = sealChunk(key, header, index++, final, plain.subarray(offset, end));
    parts.push(body, tag);
    offset = end;
  } while (offset < plain.length);
  return Buffer.concat(parts);
}

export function openSealedBuffer(
  key: Buffer,
  sealed: Buffer,
  failure: (why: SealedFailure) => Error,
): Buffer {
  if (sealed.length < HEADER_BYTES) throw failure({ kind: 'cut-short' });
  const header = decodeHeader(sealed.subarray(0, HEADER_BYTES));
  if (typeof header === 'string') throw failure({ kind: 'header', reason: header });
  const step = header.chunkBytes + TAG_BYTES;
  const parts: Buffer[] = [];
  let index = 0;
  let offset = HEADER_BYTES;
  for (;;) {
    const final = sealed.length - offset <= step;
    const end = final ? sealed.length : offset + step;
    const plain = openChunk(key, header, index, final, sealed.subarray(offset, end));
    if (!plain) throw failure({ kind: 'chunk', index, final });
    parts.push(plain);
    index++;
    offset = end;
    if (final) return Buffer.concat(parts);
  }
}
