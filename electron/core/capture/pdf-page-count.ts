// A PDF's page count read the way a viewer finds its pages: the cross-reference sections from the
// end of the file (tables or streams, following /Prev), then the catalogue, then its page tree's
// /Count, each read as a small byte range. A 40 MB statement costs a few small reads and no PDF
// library. Files this reader cannot follow (a broken cross-reference a viewer would rebuild by
// scanning the file, an unusual encoding) answer null, and the caller asks pdf.js instead. The file
// is anyone's, so the work is bounded whatever it holds: the bytes read and inflated, the entries
// kept, the nesting followed, and an object that needs itself to be read is refused
// (test/unit/core/pdf-page-count-fuzz.test.ts).
import { inflateSync } from 'node:zlib';

/** Byte ranges of a file's plaintext, as SealedRangeReader gives them. */
export interface ByteRanges {
  readonly size: number;
  read(begin: number, end: number): Promise<Uint8Array>;
}

export type PageCount = { pages: number } | 'protected';

/** Where startxref is looked for: the end of the file, past any trailing junk. */
const TAIL_BYTES = 4096;
/** First look at an object; read again up to MAX_OBJECT_BYTES when it runs past the window. */
const OBJECT_BYTES = 16 * 1024;
const MAX_OBJECT_BYTES = 1024 * 1024;
/** A decoded cross-reference or object stream larger than this is left to pdf.js. */
const MAX_DECODED_BYTES = 4 * 1024 * 1024;
/** A nested page tree's top level is checked child by child up to this many children. */
const MAX_CHECKED_KIDS = 256;
/** Cross-reference sections followed through /Prev before giving up. */
const MAX_SECTIONS = 64;
/** Bytes read and bytes inflated over the whole file; a file needing more is left to pdf.js. */
const MAX_BYTES_READ = 8 * 1024 * 1024;
const MAX_BYTES_DECODED = 16 * 1024 * 1024;
/** Cross-reference entries kept (a 5 000-page statement has some tens of thousands). */
const MAX_XREF_ENTRIES = 250_000;
/** Arrays and dictionaries inside one another: deeper is left to pdf.js rather than recursed into. */
const MAX_NESTING = 64;

/** The file's page count, 'protected' when it is encrypted, or null when this reader cannot tell. */
export async function readPageCount(file: ByteRanges): Promise<PageCount | null> {
  try {
    return await new PdfReader(file).pageCount();
  } catch (error) {
    if (error instanceof Unreadable || error instanceof Truncated) return null;
    throw error;
  }
}

class Unreadable extends Error {}

interface Name {
  name: string;
}
interface Ref {
  num: number;
  gen: number;
}
type Dict = Map<string, Value>;
type Value = number | boolean | null | 'string' | Name | Ref | Value[] | Dict;

type XrefEntry = { kind: 'at'; offset: number } | { kind: 'in'; stream: number; index: number } | 'free';

class PdfReader {
  private readonly xref = new Map<number, XrefEntry>();
  private readonly objectStreams = new Map<
    number,
    { text: string; first: number; offsets: Map<number, number> }
  >();
  /** Objects being read now: one met again while it is read refers to itself (its /Length, say). */
  private readonly reading = new Set<number>();
  private bytesRead = 0;
  private bytesDecoded = 0;

  constructor(private readonly file: ByteRanges) {}

  async pageCount(): Promise<PageCount> {
    const tailStart = Math.max(0, this.file.size - TAIL_BYTES);
    const tail = latin1(await this.read(tailStart, this.file.size));
    const at = tail.lastIndexOf('startxref');
    if (at < 0) throw new Unreadable('no startxref');
    const offset = new Lexer(tail, at + 'startxref'.length).value();
    if (typeof offset !== 'number') throw new Unreadable('bad startxref');

    let trailer: Dict | null = null;
    const seen = new Set<number>();
    for (let next: Value | undefined = offset; typeof next === 'number';) {
      if (seen.has(next) || seen.size >= MAX_SECTIONS) throw new Unreadable('xref loop');
      seen.add(next);
      const section = await this.readSection(next);
      trailer ??= section;
      next = section.get('Prev');
    }
    if (!trailer) throw new Unreadable('no trailer');
    // Encrypted files need a password to open or restrict copying; either way their pages cannot be
    // copied into the upload.
    if (trailer.has('Encrypt')) return 'protected';
    const catalog = await this.resolve(trailer.get('Root'));
    if (!(catalog instanceof Map)) throw new Unreadable('no catalogue');
    const pages = await this.resolve(catalog.get('Pages'));
    if (!(pages instanceof Map)) throw new Unreadable('no page tree');
    const count = await this.resolve(pages.get('Count'));
    if (!isCount(count) || count === 0 || !Number.isSafeInteger(count))
      throw new Unreadable('bad page count');
    await this.checkPageTree(pages, count as number);
    return { pages: count as number };
  }

  /**
   * /Count is trusted only when the tree's top agrees with it, read cheaply: a flat tree whose last
   * child is a page and whose children are as many as /Count, or a nested tree whose children's
   * counts (1 for a page) add up to it. Anything else is left to pdf.js, which walks every page.
   */
  private async checkPageTree(root: Dict, count: number): Promise<void> {
    const kids = await this.resolve(root.get('Kids'));
    if (!Array.isArray(kids) || kids.length === 0) throw new Unreadable('page tree without children');
    if (kids.length === count) {
      const last = await this.resolve(kids[kids.length - 1]);
      if (last instanceof Map && isName(last.get('Type'), 'Page')) return;
      throw new Unreadable('flat page tree ends in a node');
    }
    if (kids.length > MAX_CHECKED_KIDS) throw new Unreadable('too many children to check');
    let sum = 0;
    for (const kid of kids) {
      const node = await this.resolve(kid);
      if (!(node instanceof Map)) throw new Unreadable('bad page tree node');
      if (isName(node.get('Type'), 'Page')) sum += 1;
      else {
        const pages = await this.resolve(node.get('Count'));
        if (!isCount(pages)) throw new Unreadable('bad page tree node');
        sum += pages as number;
      }
    }
    if (sum !== count) throw new Unreadable('page counts disagree');
  }

  /** Bytes [begin, end) of the file; an offset outside it is the file's fault, not the vault's. */
  private read(begin: number, end: number): Promise<Uint8Array> {
    if (!Number.isInteger(begin) || begin < 0 || begin >= this.file.size)
      throw new Unreadable(`offset ${begin} outside the file`);
    const until = Math.min(end, this.file.size);
    this.bytesRead += until - begin;
    if (this.bytesRead > MAX_BYTES_READ) throw new Unreadable('more to read than a page count needs');
    return this.file.read(begin, until);
  }

  private keep(num: number, entry: XrefEntry): void {
    if (this.xref.has(num)) return;
    if (this.xref.size >= MAX_XREF_ENTRIES) throw new Unreadable('too many cross-reference entries');
    this.xref.set(num, entry);
  }

  /** The stream's data after its filters, counted against what the whole file may inflate. */
  private decode(dict: Dict, raw: Uint8Array): Uint8Array {
    const data = decode(dict, raw, MAX_BYTES_DECODED - this.bytesDecoded);
    this.bytesDecoded += data.length;
    return data;
  }

  /** Records one section's entries (newer sections first, so earlier records win); its trailer. */
  private async readSection(offset: number): Promise<Dict> {
    const head = latin1(await this.read(offset, Math.min(this.file.size, offset + 4)));
    if (head === 'xref') return this.readTable(offset);
    const { value: dict, stream } = await this.readObjectAt(offset, null);
    if (!(dict instanceof Map) || !stream || !isName(dict.get('Type'), 'XRef'))
      throw new Unreadable('not a cross-reference');
    this.recordStream(dict, stream);
    return dict;
  }

  private async readTable(offset: number): Promise<Dict> {
    for (let window = OBJECT_BYTES; ; window *= 4) {
      const text = latin1(await this.read(offset, Math.min(this.file.size, offset + window)));
      const entries = new Map<number, XrefEntry>();
      const lexer = new Lexer(text, 'xref'.length);
      try {
        for (;;) {
          lexer.skipSpace();
          if (text.startsWith('trailer', lexer.pos)) {
            lexer.pos += 'trailer'.length;
            const trailer = lexer.value();
            if (!(trailer instanceof Map)) throw new Unreadable('bad trailer');
            // A hybrid file lists its compressed objects in a stream the table marks free.
            const hybrid = trailer.get('XRefStm');
            if (typeof hybrid === 'number') {
              const { value: dict, stream } = await this.readObjectAt(hybrid, null);
              if (dict instanceof Map && stream) this.recordStream(dict, stream);
            }
            for (const [num, entry] of entries) this.keep(num, entry);
            return trailer;
          }
          const start = lexer.integer();
          const count = lexer.integer();
          for (let i = 0; i < count; i++) {
            const entryOffset = lexer.integer();
            lexer.integer();
            const kind = lexer.word();
            if (kind !== 'n' && kind !== 'f') throw new Unreadable('bad table entry');
            if (!entries.has(start + i))
              entries.set(start + i, kind === 'n' ? { kind: 'at', offset: entryOffset } : 'free');
          }
        }
      } catch (error) {
        if (!(error instanceof Truncated) || offset + window >= this.file.size || window >= MAX_OBJECT_BYTES)
          throw error instanceof Truncated ? new Unreadable('table cut short') : error;
      }
    }
  }

  private recordStream(dict: Dict, stream: Uint8Array): void {
    const widths = dict.get('W');
    if (!Array.isArray(widths) || widths.length !== 3 || !widths.every(isCount))
      throw new Unreadable('bad /W');
    // An entry of no bytes would list any number of objects without reading any data.
    if ((widths as number[]).every((w) => w === 0) || (widths as number[]).some((w) => w > 8))
      throw new Unreadable('bad /W');
    const [w0, w1, w2] = widths as [number, number, number];
    const size = dict.get('Size');
    const index = dict.get('Index') ?? (typeof size === 'number' ? [0, size] : null);
    if (!Array.isArray(index) || !index.every(isCount)) throw new Unreadable('bad /Index');
    const data = this.decode(dict, stream);
    const stride = w0 + w1 + w2;
    let at = 0;
    const field = (width: number, fallback: number) => {
      if (width === 0) return fallback;
      let v = 0;
      for (let i = 0; i < width; i++) v = v * 256 + data[at + i]!;
      at += width;
      return v;
    };
    for (let i = 0; i + 1 < index.length; i += 2) {
      const [start, count] = [index[i] as number, index[i + 1] as number];
      for (let n = 0; n < count; n++) {
        if (at + stride > data.length) throw new Unreadable('xref stream cut short');
        const type = field(w0, 1);
        const f1 = field(w1, 0);
        const f2 = field(w2, 0);
        const num = start + n;
        if (type === 1) this.keep(num, { kind: 'at', offset: f1 });
        else if (type === 2) this.keep(num, { kind: 'in', stream: f1, index: f2 });
        else if (type === 0) this.keep(num, 'free');
      }
    }
  }

  /** The value, or the object it refers to (followed through references, not too deep). */
  private async resolve(value: Value | undefined, depth = 0): Promise<Value | undefined> {
    if (!isRef(value)) return value;
    if (depth > 8) throw new Unreadable('reference loop');
    const entry = this.xref.get(value.num);
    if (!entry || entry === 'free') throw new Unreadable(`no object ${value.num}`);
    if (this.reading.has(value.num)) throw new Unreadable(`object ${value.num} needs itself to be read`);
    this.reading.add(value.num);
    let found: Value;
    try {
      found =
        entry.kind === 'at'
          ? (await this.readObjectAt(entry.offset, value.num)).value
          : await this.readFromObjectStream(entry.stream, value.num);
    } finally {
      this.reading.delete(value.num);
    }
    return this.resolve(found, depth + 1);
  }

  /**
   * The object at `offset` (checked to be object `num` when given), with its stream's raw bytes. A
   * stream's /Length may refer to another object.
   */
  private async readObjectAt(
    offset: number,
    num: number | null,
  ): Promise<{ value: Value; stream: Uint8Array | null }> {
    for (let window = OBJECT_BYTES; ; window *= 4) {
      const end = Math.min(this.file.size, offset + window);
      const text = latin1(await this.read(offset, end));
      try {
        const lexer = new Lexer(text, 0);
        const found = lexer.integer();
        lexer.integer();
        if (lexer.word() !== 'obj' || (num !== null && found !== num)) throw new Unreadable('not the object');
        const value = lexer.value();
        lexer.skipSpace();
        if (lexer.pos + 'stream'.length > text.length && end < this.file.size) throw new Truncated();
        if (!text.startsWith('stream', lexer.pos)) return { value, stream: null };
        if (!(value instanceof Map)) throw new Unreadable('stream without a dictionary');
        let start = lexer.pos + 'stream'.length;
        if (text[start] === '\r') start++;
        if (text[start] === '\n') start++;
        const length = await this.resolve(value.get('Length'));
        if (typeof length !== 'number' || !isCount(length)) throw new Unreadable('bad stream length');
        if (length > MAX_OBJECT_BYTES) throw new Unreadable('stream too long to read here');
        const stream = await this.read(offset + start, offset + start + length);
        if (stream.length !== length) throw new Unreadable('stream cut short');
        return { value, stream };
      } catch (error) {
        if (!(error instanceof Truncated) || end >= this.file.size || window >= MAX_OBJECT_BYTES)
          throw error instanceof Truncated ? new Unreadable('object cut short') : error;
      }
    }
  }

  private async readFromObjectStream(streamNum: number, num: number): Promise<Value> {
    let objects = this.objectStreams.get(streamNum);
    if (!objects) {
      const entry = this.xref.get(streamNum);
      if (!entry || entry === 'free' || entry.kind !== 'at') throw new Unreadable('no object stream');
      if (this.reading.has(streamNum)) throw new Unreadable(`object stream ${streamNum} needs itself`);
      this.reading.add(streamNum);
      const { value: dict, stream } = await this.readObjectAt(entry.offset, streamNum).finally(() =>
        this.reading.delete(streamNum),
      );
      if (!(dict instanceof Map)) throw new Unreadable('bad object stream');
      const n = dict.get('N');
      const first = dict.get('First');
      if (!stream || !isName(dict.get('Type'), 'ObjStm') || !isCount(n) || !isCount(first))
        throw new Unreadable('bad object stream');
      // A space after the last object, so a number that ends the stream reads as complete.
      const text = `${latin1(this.decode(dict, stream))} `;
      const lexer = new Lexer(text, 0);
      const offsets = new Map<number, number>();
      for (let i = 0; i < (n as number); i++) offsets.set(lexer.integer(), lexer.integer());
      objects = { text, first: first as number, offsets };
      this.objectStreams.set(streamNum, objects);
    }
    const at = objects.offsets.get(num);
    if (at === undefined) throw new Unreadable(`object ${num} not in its stream`);
    return new Lexer(objects.text, objects.first + at).value();
  }
}

/**
 * The stream's data after its filters: none, or FlateDecode with an optional PNG predictor; more
 * than `room` bytes (or MAX_DECODED_BYTES) is refused.
 */
function decode(dict: Dict, raw: Uint8Array, room: number): Uint8Array {
  const limit = Math.min(MAX_DECODED_BYTES, room);
  if (limit <= 0 || raw.length > limit) throw new Unreadable('more to inflate than a page count needs');
  const filter = dict.get('Filter');
  const filters = Array.isArray(filter) ? filter : filter === undefined ? [] : [filter];
  if (filters.length === 0) return raw;
  if (filters.length !== 1 || !isName(filters[0], 'FlateDecode')) throw new Unreadable('unknown filter');
  let data: Uint8Array;
  try {
    data = inflateSync(raw, { maxOutputLength: limit });
  } catch {
    throw new Unreadable('bad deflate data');
  }
  const parmsValue = dict.get('DecodeParms');
  const parms = Array.isArray(parmsValue) ? parmsValue[0] : parmsValue;
  if (!(parms instanceof Map)) return data;
  const predictor = parms.get('Predictor') ?? 1;
  if (predictor === 1) return data;
  const columns = parms.get('Columns') ?? 1;
  if (
    typeof predictor !== 'number' ||
    predictor < 10 ||
    !isCount(columns) ||
    (parms.get('Colors') ?? 1) !== 1
  )
    throw new Unreadable('unsupported predictor');
  if ((parms.get('BitsPerComponent') ?? 8) !== 8) throw new Unreadable('unsupported predictor');
  return unpredictPng(data, columns as number);
}

/** Undoes PNG row filters (one byte per pixel, `columns` bytes a row, each row led by its filter). */
function unpredictPng(data: Uint8Array, columns: number): Uint8Array {
  const rows = Math.floor(data.length / (columns + 1));
  const out = new Uint8Array(rows * columns);
  for (let r = 0; r < rows; r++) {
    const type = data[r * (columns + 1)]!;
    const row = data.subarray(r * (columns + 1) + 1, (r + 1) * (columns + 1));
    const at = r * columns;
    for (let c = 0; c < columns; c++) {
      const left = c > 0 ? out[at + c - 1]! : 0;
      const up = r > 0 ? out[at - columns + c]! : 0;
      const upLeft = r > 0 && c > 0 ? out[at - columns + c - 1]! : 0;
      let predicted = 0;
      if (type === 1) predicted = left;
      else if (type === 2) predicted = up;
      else if (type === 3) predicted = (left + up) >> 1;
      else if (type === 4) predicted = paeth(left, up, upLeft);
      else if (type !== 0) throw new Unreadable('bad PNG row filter');
      out[at + c] = (row[c]! + predicted) & 0xff;
    }
  }
  return out;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** The object ran past the bytes read: read more. */
class Truncated extends Error {}

const SPACE = new Set(['\0', '\t', '\n', '\f', '\r', ' ']);
const DELIMITER = new Set(['(', ')', '<', '>', '[', ']', '{', '}', '/', '%']);

class Lexer {
  constructor(
    private readonly text: string,
    public pos: number,
  ) {}

  skipSpace(): void {
    for (;;) {
      const c = this.text[this.pos];
      if (c === undefined) return;
      if (SPACE.has(c)) this.pos++;
      else if (c === '%')
        while (this.pos < this.text.length && !'\r\n'.includes(this.text[this.pos]!)) this.pos++;
      else return;
    }
  }

  /** A run of regular characters. */
  word(): string {
    this.skipSpace();
    const start = this.pos;
    while (
      this.pos < this.text.length &&
      !SPACE.has(this.text[this.pos]!) &&
      !DELIMITER.has(this.text[this.pos]!)
    )
      this.pos++;
    if (this.pos === this.text.length) throw new Truncated();
    return this.text.slice(start, this.pos);
  }

  integer(): number {
    const word = this.word();
    if (!/^\d+$/.test(word))
      throw new Unreadable(`expected an integer, found ${JSON.stringify(word.slice(0, 20))}`);
    return Number(word);
  }

  value(depth = 0): Value {
    if (depth > MAX_NESTING) throw new Unreadable('nested too deep');
    this.skipSpace();
    const c = this.text[this.pos];
    if (c === undefined) throw new Truncated();
    if (c === '<' && this.text[this.pos + 1] === '<') return this.dict(depth);
    if (c === '<') return this.skipPast('>');
    if (c === '(') return this.literalString();
    if (c === '[') {
      this.pos++;
      const items: Value[] = [];
      for (;;) {
        this.skipSpace();
        if (this.text[this.pos] === undefined) throw new Truncated();
        if (this.text[this.pos] === ']') {
          this.pos++;
          return items;
        }
        items.push(this.value(depth + 1));
      }
    }
    if (c === '/') {
      this.pos++;
      return { name: this.word() };
    }
    const word = this.word();
    if (word === 'true' || word === 'false') return word === 'true';
    if (word === 'null') return null;
    if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word))
      throw new Unreadable(`unexpected ${JSON.stringify(word.slice(0, 20))}`);
    const number = Number(word);
    // "12 0 R" is a reference; look ahead and step back when it is not.
    if (/^\d+$/.test(word)) {
      const back = this.pos;
      try {
        const gen = this.word();
        if (/^\d+$/.test(gen) && this.word() === 'R') return { num: number, gen: Number(gen) };
      } catch (error) {
        if (!(error instanceof Unreadable || error instanceof Truncated)) throw error;
      }
      this.pos = back;
    }
    return number;
  }

  private dict(depth: number): Dict {
    this.pos += 2;
    const dict: Dict = new Map();
    for (;;) {
      this.skipSpace();
      const c = this.text[this.pos];
      if (c === undefined) throw new Truncated();
      if (c === '>' && this.text[this.pos + 1] === '>') {
        this.pos += 2;
        return dict;
      }
      const key = this.value(depth + 1);
      if (!isName(key)) throw new Unreadable('dictionary key is not a name');
      dict.set(key.name, this.value(depth + 1));
    }
  }

  private skipPast(end: string): 'string' {
    const at = this.text.indexOf(end, this.pos);
    if (at < 0) throw new Truncated();
    this.pos = at + end.length;
    return 'string';
  }

  private literalString(): 'string' {
    let depth = 0;
    for (; this.pos < this.text.length; this.pos++) {
      const c = this.text[this.pos];
      if (c === '\\') this.pos++;
      else if (c === '(') depth++;
      else if (c === ')' && --depth === 0) {
        this.pos++;
        return 'string';
      }
    }
    throw new Truncated();
  }
}

function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

function isName(value: Value | undefined, name?: string): value is Name {
  return (
    typeof value === 'object' &&
    value !== null &&
    'name' in value &&
    (name === undefined || value.name === name)
  );
}

function isRef(value: Value | undefined): value is Ref {
  return typeof value === 'object' && value !== null && 'num' in value;
}

function isCount(value: Value | undefined): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}
