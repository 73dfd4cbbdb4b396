// Receives one multipart upload: streams the `file` part to disk under a generated name, checking
// its type from the first bytes and its size while it streams, and collects the text fields.
import { once } from 'node:events';
import { Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { FileStore } from '../store/files.js';
import { UploadError } from './errors.js';
import { storedFilename } from '../../shared/files/filename.js';
import { SIGNATURE_BYTES, acceptedType } from '../../shared/files/sniff.js';
import type { DocumentMimeType } from '../../shared/api/documents.js';

export interface ReceivedFile {
  storedName: string;
  filename: string;
  mimeType: DocumentMimeType;
  size: number;
}

export interface ReceivedUpload {
  file: ReceivedFile;
  fields: Record<string, string>;
}

export const FILE_FIELD = 'file';
const TEXT_PARTS = new Set(['documents', 'additionalFicaDoc']);
const TEXT_PART_LIMIT = 64 * 1024;

export function formatBytes(bytes: number): string {
  const MB = 1024 * 1024;
  const KB = 1024;
  if (bytes >= MB) return `${Number.isInteger(bytes / MB) ? bytes / MB : (bytes / MB).toFixed(1)} MB`;
  if (bytes >= KB) return `${Number.isInteger(bytes / KB) ? bytes / KB : (bytes / KB).toFixed(1)} KB`;
  return `${bytes} bytes`;
}

interface PartsOptions {
  limits: { fileSize: number; files: number; fields: number; fieldSize: number };
  // Read by @fastify/multipart: a file over the limit is truncated and flagged instead of throwing,
  // so the rest of the request is still drained and the client receives the 400 cleanly.
  throwFileSizeLimit: boolean;
}

export async function receiveUpload(
  request: FastifyRequest,
  files: FileStore,
  limitBytes: number,
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) {
    throw new UploadError(`A file must be sent as multipart/form-data with the field name '${FILE_FIELD}'`);
  }
  const fields: Record<string, string> = {};
  let received: ReceivedFile | undefined;
  let refusal: UploadError | undefined;
  const written: string[] = [];
  const options: PartsOptions = {
    limits: { fileSize: limitBytes, files: 3, fields: 10, fieldSize: 64 * 1024 },
    throwFileSizeLimit: false,
  };
  try {
    for await (const part of request.parts(options)) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        else fields[part.fieldname] = JSON.stringify(part.value);
        continue;
      }
      if (TEXT_PARTS.has(part.fieldname) && !(part.fieldname in fields)) {
        // Some clients send the JSON `documents` value as a blob, which arrives as a file part.
        fields[part.fieldname] = await readText(part.file, TEXT_PART_LIMIT);
        continue;
      }
      if (part.fieldname !== FILE_FIELD || received || refusal) {
        // Extra or misnamed files are read to the end and dropped so the request completes.
        await drain(part.file);
        if (!refusal && !received && part.fieldname !== FILE_FIELD) {
          refusal = new UploadError(
            `No file received: send the file with the field name '${FILE_FIELD}'`,
            `A file was sent with the field name '${part.fieldname}'`,
          );
        } else if (!refusal) {
          refusal = new UploadError('One file per upload request', 'Send each file in its own request');
        }
        continue;
      }
      const { storedName, stream } = files.create();
      written.push(storedName);
      // A disk error must not become an unhandled 'error' event; it is rethrown after the loop.
      let diskError: Error | undefined;
      stream.on('error', (error: Error) => {
        diskError = error;
      });
      let size = 0;
      let head = Buffer.alloc(0);
      let mime: DocumentMimeType | undefined;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (refusal) continue;
        if (mime === undefined) {
          head = Buffer.concat([head, chunk.subarray(0, SIGNATURE_BYTES)]).subarray(0, SIGNATURE_BYTES);
          if (head.length >= SIGNATURE_BYTES) {
            mime = acceptedType(head);
            if (!mime) refusal = unsupportedType();
          }
        }
        if (!refusal && !diskError && !stream.write(chunk)) await once(stream, 'drain');
      }
      stream.end();
      if (!stream.closed) await once(stream, 'close');
      if (diskError) throw new StorageError(diskError);
      if (!refusal && part.file.truncated) refusal = tooLarge(request, limitBytes);
      if (!refusal && mime === undefined) mime = acceptedType(head);
      if (!refusal && size === 0) refusal = new UploadError('The file is empty');
      if (!refusal && !mime) refusal = unsupportedType();
      if (!refusal && mime)
        received = { storedName, filename: storedFilename(part.filename), mimeType: mime, size };
    }
  } catch (error) {
    await Promise.all(written.map((name) => files.remove(name)));
    if (error instanceof UploadError) throw error;
    if (error instanceof StorageError) throw error.cause;
    // A field sent with Content-Type application/json is parsed by the multipart plugin itself.
    if ((error as { code?: unknown }).code === 'FST_INVALID_JSON_FIELD_ERROR') {
      throw new UploadError(
        'Invalid JSON format in documents',
        error instanceof Error ? error.message : String(error),
      );
    }
    throw new UploadError(
      'The multipart body could not be read',
      error instanceof Error ? error.message : String(error),
    );
  }
  if (refusal || !received) {
    await Promise.all(written.map((name) => files.remove(name)));
    throw refusal ?? new UploadError(`No file received: send the file with the field name '${FILE_FIELD}'`);
  }
  return { file: received, fields };
}

function unsupportedType(): UploadError {
  return new UploadError(
    'Unsupported file type: only PDF, PNG and JPEG files are accepted',
    'The type is detected from the file content; the file name and declared type are not used',
  );
}

function tooLarge(request: FastifyRequest, limitBytes: number): UploadError {
  const declared = Number(request.headers['content-length']);
  const size =
    Number.isFinite(declared) && declared > limitBytes
      ? formatBytes(declared)
      : `more than ${formatBytes(limitBytes)}`;
  return new UploadError(
    `File too large: ${size} received, the maximum file size is ${formatBytes(limitBytes)}`,
    `The maximum file size is ${formatBytes(limitBytes)} (${limitBytes} bytes)`,
  );
}

async function drain(stream: Readable): Promise<void> {
  await pipeline(stream, new Writable({ write: (_chunk, _encoding, done) => done() }));
}

/** The server could not store the file: not the client's fault, so it is answered as a 500. */
class StorageError extends Error {
  constructor(override readonly cause: Error) {
    super(cause.message);
  }
}

/** Reads a small part as UTF-8 text; anything past the limit is drained and dropped. */
async function readText(stream: Readable, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (size < limit) chunks.push(chunk.subarray(0, limit - size));
    size += chunk.length;
  }
  return Buffer.concat(chunks).toString('utf8');
}
