// A document answer (`{base64Content, mimeType, filename, ...}`) read as it arrives: the one large
// string is decoded from base64 a chunk at a time and handed on as bytes, the small fields beside it
// are kept. So a 20 MB document never sits in memory as the answer text, the parsed string and the
// bytes at once. Only a top-level JSON object is expected; anything else ends with an error.

/** The fields of the answer other than the streamed one (strings, numbers, booleans, null). */
export type AnswerFields = Record<string, string | number | boolean | null>;

export class AnswerFormatError extends Error {
  override readonly name = 'AnswerFormatError';
}

const BASE64 = /[A-Za-z0-9+/=]/;
const ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/**
 * Yields the decoded bytes of the string field `field` of the JSON object in `chunks`; `fields`
 * receives the other top-level scalar fields once the object is read. A field with object or array
 * values is skipped whole.
 */
export async function* base64Field(
  chunks: AsyncIterable<Buffer | string>,
  field: string,
  fields: AnswerFields = {},
): AsyncGenerator<Buffer, void> {
  const decoder = new TextDecoder();
  let state: 'start' | 'key' | 'colon' | 'value' | 'after' | 'done' = 'start';
  let key = '';
  let text = '';
  let inString = false;
  let escape = false;
  let unicode: string | null = null; // the hex digits of a \uXXXX escape being read
  let scalar = '';
  let depth = 0; // nesting inside a skipped object or array value
  let streaming = false;
  let pending = ''; // base64 characters not yet decoded (fewer than 4, or a run being gathered)
  let found = false;

  const flush = (final: boolean): Buffer | null => {
    const whole = final ? pending.length : pending.length - (pending.length % 4);
    if (whole === 0) return null;
    const out = Buffer.from(pending.slice(0, whole), 'base64');
    pending = pending.slice(whole);
    return out;
  };

  for await (const chunk of chunks) {
    const part = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    for (let i = 0; i < part.length; i++) {
      const ch = part[i]!;
      if (state === 'done') {
        if (!/\s/.test(ch)) throw new AnswerFormatError('The answer goes on after its object.');
        continue;
      }
      if (inString) {
        if (unicode !== null) {
          unicode += ch;
          if (unicode.length === 4) {
            if (!/^[0-9a-fA-F]{4}$/.test(unicode))
              throw new AnswerFormatError('The answer has a bad escape.');
            if (!streaming) text += String.fromCharCode(parseInt(unicode, 16));
            unicode = null;
          }
          continue;
        }
        if (escape) {
          escape = false;
          if (ch === 'u') unicode = '';
          // In the base64 string only an escaped slash counts; a wrapped line's break is skipped.
          else if (streaming) {
            if (ch === '/') pending += '/';
          } else text += ESCAPES[ch] ?? ch;
          continue;
        }
        if (ch === '\\') {
          escape = true;
          continue;
        }
        if (ch === '"') {
          inString = false;
          if (streaming) {
            streaming = false;
            const last = flush(true);
            if (last) yield last;
            if (pending.length > 0) throw new AnswerFormatError('The document content is not valid base64.');
            state = 'after';
          } else if (state === 'key') {
            key = text;
            state = 'colon';
          } else if (depth === 0) {
            fields[key] = text;
            state = 'after';
          }
          text = '';
          continue;
        }
        if (streaming) {
          if (!BASE64.test(ch)) throw new AnswerFormatError('The document content is not valid base64.');
          pending += ch;
          if (pending.length >= 64 * 1024) {
            const out = flush(false);
            if (out) yield out;
          }
        } else text += ch;
        continue;
      }
      if (/\s/.test(ch)) {
        if (state === 'value' && scalar && depth === 0) {
          fields[key] = parseScalar(scalar);
          scalar = '';
          state = 'after';
        }
        continue;
      }
      switch (state) {
        case 'start':
          if (ch !== '{') throw new AnswerFormatError('The answer is not a JSON object.');
          state = 'key';
          break;
        case 'key':
          if (ch === '}') state = 'done';
          else if (ch === '"') {
            inString = true;
            text = '';
          } else throw new AnswerFormatError('The answer is not a JSON object.');
          break;
        case 'colon':
          if (ch !== ':') throw new AnswerFormatError('The answer is not a JSON object.');
          state = 'value';
          break;
        case 'value':
          if (depth > 0) {
            if (ch === '"') inString = true;
            else if (ch === '{' || ch === '[') depth++;
            else if (ch === '}' || ch === ']') {
              depth--;
              if (depth === 0) state = 'after';
            }
          } else if (ch === '"') {
            inString = true;
            text = '';
            if (key === field) {
              streaming = true;
              found = true;
            }
          } else if (ch === '{' || ch === '[') depth = 1;
          else if (ch === ',' || ch === '}') {
            fields[key] = parseScalar(scalar);
            scalar = '';
            state = ch === ',' ? 'key' : 'done';
          } else scalar += ch;
          break;
        case 'after':
          if (ch === ',') state = 'key';
          else if (ch === '}') state = 'done';
          else throw new AnswerFormatError('The answer is not a JSON object.');
          break;
      }
    }
  }
  if (state !== 'done') throw new AnswerFormatError('The answer ended before its object did.');
  if (!found) throw new AnswerFormatError(`The answer has no ${field}.`);
}

function parseScalar(text: string): string | number | boolean | null {
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (text === 'null') return null;
  const n = Number(text);
  if (text === '' || Number.isNaN(n)) throw new AnswerFormatError('The answer is not a JSON object.');
  return n;
}
