// JSON cannot carry bytes, so the headless host's loopback bridge tags them. Electron's structured
// clone carries Uint8Array natively and does not need this.
const BYTES_TAG = '$bytes';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

export function bytesToBase64(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += BASE64[(n >> 18) & 63]! + BASE64[(n >> 12) & 63]! + BASE64[(n >> 6) & 63]! + BASE64[n & 63]!;
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i]! << 16;
    out += BASE64[(n >> 18) & 63]! + BASE64[(n >> 12) & 63]! + '==';
  } else if (rest === 2) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    out += BASE64[(n >> 18) & 63]! + BASE64[(n >> 12) & 63]! + BASE64[(n >> 6) & 63]! + '=';
  }
  return out;
}

const DECODE = new Map<string, number>([...BASE64].map((c, i) => [c, i]));

export function base64ToBytes(text: string): Uint8Array {
  const clean = text.replace(/=+$/, '');
  if (!/^[A-Za-z0-9+/]*$/.test(clean) || clean.length % 4 === 1) throw new Error('Invalid base64 content');
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let o = 0;
  for (let i = 0; i < clean.length; i += 4) {
    const a = DECODE.get(clean[i]!)!;
    const b = DECODE.get(clean[i + 1] ?? 'A')!;
    const c = DECODE.get(clean[i + 2] ?? 'A')!;
    const d = DECODE.get(clean[i + 3] ?? 'A')!;
    const n = (a << 18) | (b << 12) | (c << 6) | d;
    if (o < out.length) out[o++] = (n >> 16) & 255;
    if (o < out.length) out[o++] = (n >> 8) & 255;
    if (o < out.length) out[o++] = n & 255;
  }
  return out;
}

export function encodeWire(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v instanceof Uint8Array ? { [BYTES_TAG]: bytesToBase64(v) } : v,
  );
}

export function decodeWire(text: string): unknown {
  return JSON.parse(text, (_key, v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const record = v as Record<string, unknown>;
      const keys = Object.keys(record);
      if (keys.length === 1 && keys[0] === BYTES_TAG && typeof record[BYTES_TAG] === 'string') {
        return base64ToBytes(record[BYTES_TAG]);
      }
    }
    return v;
  });
}
