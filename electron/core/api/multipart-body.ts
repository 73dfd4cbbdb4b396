// A multipart/form-data body of text fields and one file, streamed: the file's bytes go out as the
// vault hands them over, between a head and a tail built once. Leaner than the form-data package
// (which re-emits every chunk through two wrapper streams), and the length is known up front.
import { randomBytes } from 'node:crypto';

export interface MultipartFile {
  /** The form field's name. */
  field: string;
  filename: string;
  contentType: string;
  size: number;
  open: () => AsyncIterable<Buffer>;
}

export interface MultipartBody {
  /** The body's bytes in order; each iteration opens the file afresh. */
  chunks: AsyncIterable<Buffer>;
  headers: { 'Content-Type': string; 'Content-Length': string };
}

/** As browsers do (WHATWG multipart/form-data): a quote or line break cannot end the header. */
function quoted(value: string): string {
  return `"${value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}"`;
}

// A boundary must not occur in the body: a random part drawn once per process keeps it unguessable,
// and a counter keeps each body's own (randomBytes per request cost as much as the rest of the head).
const BOUNDARY_BASE = `----FicaDeskBoundary${randomBytes(12).toString('hex')}`;
let bodies = 0;

export function multipartBody(
  fields: ReadonlyArray<readonly [name: string, value: string]>,
  file: MultipartFile,
  onFileBytes?: (sent: number) => void,
): MultipartBody {
  const boundary = `${BOUNDARY_BASE}${(++bodies).toString(36)}`;
  const parts = fields.map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(name)}\r\n\r\n${value}\r\n`,
  );
  const head = Buffer.from(
    `${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name=${quoted(file.field)}; filename=${quoted(file.filename)}\r\nContent-Type: ${file.contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* body() {
    yield head;
    let sent = 0;
    for await (const chunk of file.open()) {
      sent += chunk.length;
      // A file that is not the size announced would make a malformed request: stop it instead.
      if (sent > file.size)
        throw new Error(`${file.filename} is larger than its recorded ${file.size} bytes`);
      onFileBytes?.(sent);
      yield chunk;
    }
    if (sent !== file.size)
      throw new Error(`${file.filename} is shorter than its recorded ${file.size} bytes`);
    yield tail;
  }
  return {
    chunks: { [Symbol.asyncIterator]: () => body() },
    headers: {
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
      'Content-Length': String(head.length + file.size + tail.length),
    },
  };
}
