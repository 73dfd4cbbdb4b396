// The loopback bridge's binary framing: a value's JSON with every Uint8Array lifted out and sent as
// raw bytes after it, so a 40 MB scan crosses as 40 MB instead of 53 MB of base64 that both sides
// must build and parse character by character.
//
// Frame: 4-byte big-endian length of the JSON header, the header (UTF-8), then the parts back to
// back. The header is `{"value": …, "parts": [length, …]}`; in `value`, `{"$part": i}` stands for
// the i-th part.
export const FRAME_CONTENT_TYPE = 'application/vnd.fica-desk.frame';

const PART_TAG = '$part';

interface Utf8 {
  encode(text: string): Uint8Array;
}
interface Utf8Decoder {
  decode(bytes: Uint8Array): string;
}
// Both exist in every runtime this runs in (Node 20+, browsers); shared/ compiles without the DOM.
const { TextEncoder, TextDecoder } = globalThis as unknown as {
  TextEncoder: new () => Utf8;
  TextDecoder: new (label: 'utf-8', options: { fatal: boolean }) => Utf8Decoder;
};

/**
 * The frame as chunks in order: the length prefix, the header, then each part as it is (no copy).
 * Concatenated, or handed to a Blob or a stream as they are, they make one frame.
 */
export function encodeFrame(value: unknown): Uint8Array[] {
  const parts: Uint8Array[] = [];
  const json = JSON.stringify(value, function (this: Record<string, unknown>, key, v: unknown) {
    // The holder's own value: a Buffer's toJSON has already turned `v` into {type, data}.
    const raw = this[key];
    if (raw instanceof Uint8Array) {
      parts.push(raw);
      return { [PART_TAG]: parts.length - 1 };
    }
    return v;
  });
  const header = new TextEncoder().encode(
    `{"value":${json ?? 'null'},"parts":[${parts.map((p) => p.byteLength).join(',')}]}`,
  );
  const prefix = new Uint8Array(4);
  new DataView(prefix.buffer).setUint32(0, header.byteLength);
  return [prefix, header, ...parts];
}

/** The parts are views into `frame`, not copies. Throws on anything that is not a whole frame. */
export function decodeFrame(frame: Uint8Array): unknown {
  if (frame.byteLength < 4) throw new Error('Truncated frame');
  const headerLength = new DataView(frame.buffer, frame.byteOffset, 4).getUint32(0);
  if (4 + headerLength > frame.byteLength) throw new Error('Truncated frame');
  const text = new TextDecoder('utf-8', { fatal: true }).decode(frame.subarray(4, 4 + headerLength));
  const header = JSON.parse(text) as { value?: unknown; parts?: unknown };
  const lengths = header.parts;
  if (!Array.isArray(lengths) || !lengths.every((n) => Number.isSafeInteger(n) && (n as number) >= 0))
    throw new Error('Malformed frame header');
  const parts: Uint8Array[] = [];
  let offset = 4 + headerLength;
  for (const length of lengths as number[]) {
    if (offset + length > frame.byteLength) throw new Error('Truncated frame');
    parts.push(frame.subarray(offset, offset + length));
    offset += length;
  }
  if (offset !== frame.byteLength) throw new Error('Trailing bytes after the frame');
  return reviveParts(header.value, parts);
}

function reviveParts(value: unknown, parts: readonly Uint8Array[]): unknown {
  if (Array.isArray(value)) return value.map((v) => reviveParts(v, parts));
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length === 1 && keys[0] === PART_TAG) {
    const index = record[PART_TAG];
    const part = typeof index === 'number' ? parts[index] : undefined;
    if (!part) throw new Error('Frame refers to a missing part');
    return part;
  }
  const out: Record<string, unknown> = {};
  // defineProperty keeps a "__proto__" key an own property, as JSON.parse made it.
  for (const key of keys)
    Object.defineProperty(out, key, {
      value: reviveParts(record[key], parts),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
}

/** The total length of a frame's chunks. */
export function frameLength(chunks: readonly Uint8Array[]): number {
  return chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0);
}
