// On-disk layout of a vault file:
//
//   header (36 bytes): "FDVT" | version u8 | 3 reserved zero bytes | chunk size u32 BE
//                      | file id (16 bytes) | nonce prefix (8 random bytes)
//   chunks:            AES-256-GCM(plaintext chunk) | 16-byte tag, every chunk but the last full size
//
// Each chunk's nonce is the file's random prefix + the chunk index, so no nonce repeats within a file,
// and across files only if two random 64-bit prefixes collide. The AAD is the whole header + the
// chunk index + a final flag: reordering, swapping chunks between files, renaming a file under
// another id, and truncation (the last chunk read would not carry the final flag) all fail to verify.
import { createCipheriv, createDecipheriv } from 'node:crypto';

export const MAGIC = Buffer.from('FDVT', 'ascii');
export const FORMAT_VERSION = 1;
export const HEADER_BYTES = 36;
export const TAG_BYTES = 16;
export const ID_BYTES = 16;
export const PREFIX_BYTES = 8;
/**
 * 1 MiB: a typical scan is one or a few chunks, so reading and opening it costs a few calls rather
 * than one per 64 KiB (which took twice the CPU of the upload itself); memory stays at about one
 * chunk per open stream. Each file records its own size, so files written with 64 KiB still read.
 */
export const DEFAULT_CHUNK_BYTES = 1024 * 1024;
const MIN_CHUNK_BYTES = 1024;
const MAX_CHUNK_BYTES = 16 * 1024 * 1024;
const MAX_CHUNKS = 2 ** 32;

export interface FileHeader {
  bytes: Buffer;
  chunkBytes: number;
  id: Buffer;
  noncePrefix: Buffer;
}

export function encodeHeader(id: Buffer, noncePrefix: Buffer, chunkBytes = DEFAULT_CHUNK_BYTES): FileHeader {
  if (!Number.isInteger(chunkBytes) || chunkBytes < MIN_CHUNK_BYTES || chunkBytes > MAX_CHUNK_BYTES) {
    throw new RangeError(`Chunk size must be between ${MIN_CHUNK_BYTES} and ${MAX_CHUNK_BYTES} bytes`);
  }
  const bytes = Buffer.alloc(HEADER_BYTES);
  MAGIC.copy(bytes, 0);
  bytes.writeUInt8(FORMAT_VERSION, 4);
  bytes.writeUInt32BE(chunkBytes, 8);
  id.copy(bytes, 12);
  noncePrefix.copy(bytes, 12 + ID_BYTES);
  return { bytes, chunkBytes, id, noncePrefix };
}

/** Returns the header, or a reason why these bytes are not a header this code can read. */
export function decodeHeader(bytes: Buffer): FileHeader | string {
  if (bytes.length < HEADER_BYTES) return 'file too short';
  if (!bytes.subarray(0, 4).equals(MAGIC)) return 'not a vault file';
  const version = bytes.readUInt8(4);
  if (version !== FORMAT_VERSION) return `unknown format version ${version}`;
  const chunkBytes = bytes.readUInt32BE(8);
  // Bounded so a forged header cannot make the reader buffer gigabytes.
  if (chunkBytes < MIN_CHUNK_BYTES || chunkBytes > MAX_CHUNK_BYTES) return 'bad chunk size';
  const header = Buffer.from(bytes.subarray(0, HEADER_BYTES));
  return {
    bytes: header,
    chunkBytes,
    id: header.subarray(12, 12 + ID_BYTES),
    noncePrefix: header.subarray(12 + ID_BYTES, HEADER_BYTES),
  };
}

function nonceAndAad(header: FileHeader, index: number, final: boolean): { nonce: Buffer; aad: Buffer } {
  if (index >= MAX_CHUNKS) throw new RangeError('File too large for the vault format');
  const nonce = Buffer.alloc(12);
  header.noncePrefix.copy(nonce, 0);
  nonce.writeUInt32BE(index, 8);
  const aad = Buffer.alloc(HEADER_BYTES + 5);
  header.bytes.copy(aad, 0);
  aad.writeUInt32BE(index, HEADER_BYTES);
  aad.writeUInt8(final ? 1 : 0, HEADER_BYTES + 4);
  return { nonce, aad };
}

export function sealChunk(
  key: Buffer,
  header: FileHeader,
  index: number,
  final: boolean,
  plain: Buffer,
): { body: Buffer; tag: Buffer } {
  const { nonce, aad } = nonceAndAad(header, index, final);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(aad);
  const body = cipher.update(plain);
  cipher.final();
  // Apart, so a large chunk is not copied just to append 16 bytes; on disk the tag follows the body.
  return { body, tag: cipher.getAuthTag() };
}

/** Null when the chunk does not verify. */
export function openChunk(
  key: Buffer,
  header: FileHeader,
  index: number,
  final: boolean,
  sealed: Buffer,
): Buffer | null {
  if (sealed.length < TAG_BYTES) return null;
  const { nonce, aad } = nonceAndAad(header, index, final);
  const decipher = createDecipheriv('aes-256-gcm', key, nonce);
  decipher.setAAD(aad);
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  const body = decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES));
  try {
    decipher.final();
  } catch {
    return null;
  }
  return body;
}
