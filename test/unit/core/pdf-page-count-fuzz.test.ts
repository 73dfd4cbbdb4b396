// The page-count reader reads PDFs people pick, so any bytes at all: damaged copies of real files and
// files built to hurt (broken cross-references, deep nesting, huge counts, reference cycles). For
// every one it settles with a count, 'protected' or null (left to pdf.js), never throws, and reads a
// bounded number of bytes. (A damaged copy's count is not compared with pdf.js's: pdf.js repairs a
// damaged file by heuristics, and where one page object's offset is off it may keep one page of
// four; the reader trusts the top of a page tree that agrees with its /Count.)
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import fc from 'fast-check';
import { deflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { readPageCount, type ByteRanges } from '../../../electron/core/capture/pdf-page-count.js';

/** More than the reader ever needs for one file: past it, reading is refused, so a loop cannot spin. */
const READ_BUDGET = 32 * 1024 * 1024;

class OverBudget extends Error {}

function ranges(bytes: Uint8Array): ByteRanges & { bytesRead: number } {
  return {
    size: bytes.length,
    bytesRead: 0,
    async read(begin, end) {
      if (begin < 0 || begin > Math.min(end, bytes.length)) throw new RangeError(`No bytes ${begin}–${end}`);
      const part = bytes.subarray(begin, Math.min(end, bytes.length));
      this.bytesRead += part.length;
      if (this.bytesRead > READ_BUDGET) throw new OverBudget(`read ${this.bytesRead} bytes`);
      return part;
    },
  };
}

/** What the reader answers: it must settle, without throwing, within the read budget. */
async function count(bytes: Uint8Array): Promise<{ pages: number } | 'protected' | null> {
  const file = ranges(bytes);
  const answer = await readPageCount(file);
  expect(file.bytesRead).toBeLessThanOrEqual(READ_BUDGET);
  return answer;
}

type Body = string | { dict: string; stream: Uint8Array };

/**
 * A PDF of the given objects with a correct cross-reference table (or, with `xrefStream`, a
 * cross-reference stream of widths [1 4 2] listing `inStream` objects as kept in object streams).
 */
function buildPdf(
  objects: ReadonlyMap<number, Body>,
  trailer: string,
  options: {
    /** The cross-reference stream's number, and more of its dictionary given where it starts. */
    xrefStream?: { num: number; extra?: (at: number) => string };
    inStream?: ReadonlyMap<number, [number, number]>;
  } = {},
): Uint8Array {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let at = parts[0]!.length;
  const offsets = new Map<number, number>();
  const add = (buffer: Buffer) => {
    parts.push(buffer);
    at += buffer.length;
  };
  for (const [num, body] of objects) {
    offsets.set(num, at);
    if (typeof body === 'string') add(Buffer.from(`${num} 0 obj\n${body}\nendobj\n`, 'latin1'));
    else {
      add(Buffer.from(`${num} 0 obj\n${body.dict}\nstream\n`, 'latin1'));
      add(Buffer.from(body.stream));
      add(Buffer.from('\nendstream\nendobj\n', 'latin1'));
    }
  }
  const size =
    Math.max(0, ...objects.keys(), ...(options.inStream?.keys() ?? []), options.xrefStream?.num ?? 0) + 1;
  const xrefAt = at;
  if (options.xrefStream) {
    offsets.set(options.xrefStream.num, xrefAt);
    const rows = Buffer.alloc(size * 7);
    for (let n = 0; n < size; n++) {
      const inStream = options.inStream?.get(n);
      const offset = offsets.get(n);
      if (inStream) {
        rows[n * 7] = 2;
        rows.writeUInt32BE(inStream[0], n * 7 + 1);
        rows.writeUInt16BE(inStream[1], n * 7 + 5);
      } else if (offset !== undefined) {
        rows[n * 7] = 1;
        rows.writeUInt32BE(offset, n * 7 + 1);
      }
    }
    add(
      Buffer.from(
        `${options.xrefStream.num} 0 obj\n<< /Type /XRef /W [1 4 2] /Size ${size} /Length ${rows.length} ${trailer} ${options.xrefStream.extra?.(xrefAt) ?? ''} >>\nstream\n`,
        'latin1',
      ),
    );
    add(rows);
    add(Buffer.from('\nendstream\nendobj\n', 'latin1'));
  } else {
    let table = `xref\n0 ${size}\n0000000000 65535 f \n`;
    for (let n = 1; n < size; n++) {
      const offset = offsets.get(n);
      table +=
        offset === undefined ? '0000000000 65535 f \n' : `${String(offset).padStart(10, '0')} 00000 n \n`;
    }
    add(Buffer.from(`${table}trailer\n<< /Size ${size} ${trailer} >>\n`, 'latin1'));
  }
  add(Buffer.from(`startxref\n${xrefAt}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}

const PAGE = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 400] >>';
/** A catalog (1), a page tree (2) of `pages` pages (3…), and `extra` objects. */
function simplePdf(
  pages: number,
  extra: Record<number, Body> = {},
  catalog = '<< /Type /Catalog /Pages 2 0 R >>',
) {
  const kids = Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(' ');
  const objects = new Map<number, Body>([
    [1, catalog],
    [2, `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`],
  ]);
  for (let i = 0; i < pages; i++) objects.set(i + 3, PAGE);
  for (const [num, body] of Object.entries(extra)) objects.set(Number(num), body);
  return buildPdf(objects, '/Root 1 0 R');
}

describe('the page-count reader on files built to hurt', () => {
  it('counts the plain file these cases start from', async () => {
    expect(await count(simplePdf(3))).toEqual({ pages: 3 });
  });

  it('leaves deep nesting to pdf.js instead of recursing through it', async () => {
    const deep = `[${'['.repeat(200_000)}${']'.repeat(200_000)}]`;
    expect(await count(simplePdf(2, {}, `<< /Type /Catalog /Pages 2 0 R /Deep ${deep} >>`))).toBeNull();
    const dicts = `${'<< /A '.repeat(100_000)}1${' >>'.repeat(100_000)}`;
    expect(await count(simplePdf(2, {}, `<< /Type /Catalog /Pages 2 0 R /Deep ${dicts} >>`))).toBeNull();
  });

  it('stops at a stream whose length refers to itself', async () => {
    const pdf = buildPdf(
      new Map<number, Body>([
        [1, { dict: '<< /Type /Catalog /Pages 2 0 R /Length 1 0 R >>', stream: new Uint8Array(4) }],
        [2, `<< /Type /Pages /Kids [3 0 R] /Count 1 >>`],
        [3, PAGE],
      ]),
      '/Root 1 0 R',
    );
    expect(await count(pdf)).toBeNull();
  });

  it('stops at an object stream whose length is kept in itself', async () => {
    const content = `${PAGE} 60`;
    const header = `3 0 5 ${PAGE.length + 1} `;
    const pdf = buildPdf(
      new Map<number, Body>([
        [1, '<< /Type /Catalog /Pages 2 0 R >>'],
        [2, `<< /Type /Pages /Kids [3 0 R] /Count 1 >>`],
        [
          4,
          {
            dict: `<< /Type /ObjStm /N 2 /First ${header.length} /Length 5 0 R >>`,
            stream: Buffer.from(header + content, 'latin1'),
          },
        ],
      ]),
      '/Root 1 0 R',
      {
        xrefStream: { num: 6 },
        inStream: new Map([
          [3, [4, 0]],
          [5, [4, 1]],
        ]),
      },
    );
    expect(await count(pdf)).toBeNull();
  });

  it('stops at cross-references that point back at themselves or each other', async () => {
    const pdf = simplePdf(2);
    const text = Buffer.from(pdf).toString('latin1');
    const xrefAt = Number(/startxref\n(\d+)/.exec(text)![1]);
    const loop = Buffer.from(text.replace('/Root 1 0 R', `/Root 1 0 R /Prev ${xrefAt}`), 'latin1');
    expect(await count(loop)).toBeNull();
    const selfStream = buildPdf(
      new Map<number, Body>([
        [1, '<< /Type /Catalog /Pages 2 0 R >>'],
        [2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
        [3, PAGE],
      ]),
      '/Root 1 0 R',
      { xrefStream: { num: 4, extra: (at) => `/Prev ${at}` } },
    );
    expect(await count(selfStream)).toBeNull();
  });

  it('leaves a page tree that holds itself to pdf.js', async () => {
    const pdf = buildPdf(
      new Map<number, Body>([
        [1, '<< /Type /Catalog /Pages 2 0 R >>'],
        [2, '<< /Type /Pages /Kids [2 0 R] /Count 1 >>'],
      ]),
      '/Root 1 0 R',
    );
    expect(await count(pdf)).toBeNull();
  });

  it('refuses cross-reference streams with widths of nothing and huge sizes, without spinning', async () => {
    for (const [widths, size] of [
      ['[0 0 0]', '1000000000000'],
      ['[0 1 0]', '9007199254740993'],
      ['[1 0 0]', '4294967296'],
    ] as const) {
      const pdf = buildPdf(
        new Map<number, Body>([
          [1, '<< /Type /Catalog /Pages 2 0 R >>'],
          [2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
          [3, PAGE],
          [
            4,
            {
              dict: `<< /Type /XRef /W ${widths} /Size ${size} /Root 1 0 R /Length 3 >>`,
              stream: new Uint8Array(3),
            },
          ],
        ]),
        '/Root 1 0 R',
      );
      const text = Buffer.from(pdf).toString('latin1');
      expect(await count(fixStartxref(Buffer.from(text, 'latin1'), text.indexOf('4 0 obj')))).toBeNull();
    }
  });

  it('gives no count for a page tree whose top disagrees with a huge /Count', async () => {
    for (const huge of ['1e15', '9007199254740993', '99999999999999999999', '-3', '2.5']) {
      const pdf = buildPdf(
        new Map<number, Body>([
          [1, '<< /Type /Catalog /Pages 2 0 R >>'],
          [2, `<< /Type /Pages /Kids [3 0 R 4 0 R] /Count ${huge} >>`],
          [3, PAGE],
          [4, PAGE],
        ]),
        '/Root 1 0 R',
      );
      expect(await count(pdf)).toBeNull();
    }
  });

  it('reads a bounded amount of a file of a thousand cross-reference sections', async () => {
    let pdf = Buffer.from(simplePdf(1));
    for (let i = 0; i < 1000; i++) {
      const text = pdf.toString('latin1');
      const previous = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)![1]);
      const at = text.length;
      pdf = Buffer.concat([
        pdf,
        Buffer.from(
          `xref\n0 0\ntrailer\n<< /Size 4 /Root 1 0 R /Prev ${previous} >>\nstartxref\n${at}\n%%EOF\n`,
          'latin1',
        ),
      ]);
    }
    expect(await count(pdf)).toBeNull();
  });

  it('bounds what it inflates: a small stream that expands without end is refused', async () => {
    const bomb = deflateSync(Buffer.alloc(16 * 1024 * 1024));
    const pdf = buildPdf(
      new Map<number, Body>([
        [1, '<< /Type /Catalog /Pages 2 0 R >>'],
        [2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
        [
          4,
          {
            dict: `<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${bomb.length} >>`,
            stream: bomb,
          },
        ],
      ]),
      '/Root 1 0 R',
      { xrefStream: { num: 5 }, inStream: new Map([[3, [4, 0]]]) },
    );
    expect(await count(pdf)).toBeNull();
  });
});

describe('the page-count reader on generated structures', () => {
  // Cross-reference streams with any widths, sizes, subsections and /Prev (itself included), stream
  // lengths given directly or by a reference to the stream itself, page trees nested to any depth
  // with any /Count: each settles.
  const number = fc.oneof(
    fc.nat({ max: 40 }),
    fc.constantFrom('1000000000000', '9007199254740993', '1e300', '-1', '2.5', '99999999999999999999999'),
  );
  const width = fc.oneof(
    { arbitrary: fc.constant(0), weight: 2 },
    { arbitrary: fc.nat({ max: 9 }), weight: 1 },
  );
  const structure = fc.record({
    // Zero widths often: an entry of no bytes is the way to list objects without end.
    widths: fc.tuple(width, width, width),
    size: number,
    index: fc.option(fc.array(number, { maxLength: 6 })),
    prevToItself: fc.boolean(),
    lengthToItself: fc.boolean(),
    data: fc.uint8Array({ maxLength: 64 }),
    nesting: fc.nat({ max: 2000 }),
    count: number,
    kids: fc.array(fc.nat({ max: 8 }), { maxLength: 5 }),
  });

  it('settles every one within its budget', async () => {
    await fc.assert(
      fc.asyncProperty(structure, async (s) => {
        const deep = `${'['.repeat(s.nesting)}${']'.repeat(s.nesting)}`;
        const kids = s.kids.map((k) => `${k} 0 R`).join(' ');
        const head = `%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R /Deep ${deep} >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [${kids}] /Count ${s.count} >>\nendobj\n3 0 obj\n${PAGE}\nendobj\n`;
        const at = Buffer.byteLength(head, 'latin1');
        const index = s.index ? `/Index [${s.index.join(' ')}]` : '';
        const length = s.lengthToItself ? '4 0 R' : String(s.data.length);
        const dict = `<< /Type /XRef /W [${s.widths.join(' ')}] /Size ${s.size} ${index} /Root 1 0 R ${s.prevToItself ? `/Prev ${at}` : ''} /Length ${length} >>`;
        const pdf = Buffer.concat([
          Buffer.from(`${head}4 0 obj\n${dict}\nstream\n`, 'latin1'),
          Buffer.from(s.data),
          Buffer.from(`\nendstream\nendobj\nstartxref\n${at}\n%%EOF\n`, 'latin1'),
        ]);
        await count(pdf);
      }),
      { numRuns: 1000 },
    );
  }, 300_000);
});

/** Points startxref at `at` (by default, where it already points), keeping the file's length honest. */
function fixStartxref(pdf: Uint8Array, at?: number): Uint8Array {
  const text = Buffer.from(pdf).toString('latin1');
  const target = at ?? Number(/startxref\n(\d+)/.exec(text.slice(text.lastIndexOf('startxref')))![1]);
  return Buffer.from(
    text.slice(0, text.lastIndexOf('startxref')) + `startxref\n${target}\n%%EOF\n`,
    'latin1',
  );
}

describe('the page-count reader on damaged copies of real files', () => {
  const seeds: Uint8Array[] = [];
  beforeAll(async () => {
    for (const useObjectStreams of [false, true]) {
      // No dates or producer written, so the seeds (and any counterexample) are the same every run.
      const doc = await PDFDocument.create({ updateMetadata: false });
      const font = await doc.embedFont(StandardFonts.Helvetica);
      for (let i = 0; i < 4; i++) doc.addPage([300, 400]).drawText(`page ${i + 1}`, { x: 20, y: 200, font });
      seeds.push(await doc.save({ useObjectStreams }));
    }
    seeds.push(simplePdf(5));
  }, 60_000);

  type Damage = typeof damage extends fc.Arbitrary<infer T> ? T : never;

  /** Edits at positions weighted to the end of the file, where the cross-references and trailer are. */
  const damage = fc.record({
    seed: fc.nat(),
    edits: fc.array(
      fc.record({
        fromEnd: fc.boolean(),
        at: fc.nat({ max: 4000 }),
        kind: fc.constantFrom('byte', 'digit', 'delete', 'insert', 'truncate'),
        value: fc.integer({ min: 0, max: 255 }),
        text: fc.constantFrom(
          ' ',
          '0',
          '9999999999',
          ' 0 R',
          '<<',
          '>>',
          '[',
          ']',
          '/Prev 0',
          'stream\n',
          '\n%%EOF\n',
        ),
      }),
      { minLength: 1, maxLength: 4 },
    ),
  });

  function damaged({ seed, edits }: Damage) {
    let bytes = Buffer.from(seeds[seed % seeds.length]!);
    for (const edit of edits) {
      if (bytes.length === 0) break;
      const at = edit.fromEnd
        ? Math.max(0, bytes.length - 1 - (edit.at % bytes.length))
        : edit.at % bytes.length;
      if (edit.kind === 'byte') bytes[at] = edit.value;
      else if (edit.kind === 'digit') bytes[at] = 0x30 + (edit.value % 10);
      else if (edit.kind === 'delete')
        bytes = Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + 1 + (edit.value % 16))]);
      else if (edit.kind === 'insert')
        bytes = Buffer.concat([bytes.subarray(0, at), Buffer.from(edit.text, 'latin1'), bytes.subarray(at)]);
      else bytes = bytes.subarray(0, at);
    }
    return bytes;
  }

  it('settles every damaged copy with a count, protected or null, within its budget', async () => {
    await fc.assert(
      fc.asyncProperty(damage, async (d) => {
        await count(damaged(d));
      }),
      { numRuns: 1000 },
    );
  }, 300_000);
});
