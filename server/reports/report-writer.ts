// A small layout layer over pdfkit shared by every report (entity and individual):
// title block, headings, label/value blocks, tables that break across pages, page footers.
import PDFDocument from 'pdfkit';

export const PAGE = { width: 595.28, height: 841.89, margin: 50 } as const;
export const CONTENT_WIDTH = PAGE.width - PAGE.margin * 2;
const BOTTOM = PAGE.height - PAGE.margin - 20;

export const COLORS = {
  text: '#1f2933',
  muted: '#616e7c',
  rule: '#cbd2d9',
  heading: '#0b3c5d',
  headerFill: '#e4ebf2',
  zebra: '#f5f7fa',
} as const;

export interface Column {
  header: string;
  /** Share of the content width; the shares of a table add up to 1. */
  width: number;
}

export class ReportWriter {
  readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<Buffer>;

  constructor(
    title: string,
    private readonly footerText: string,
  ) {
    this.doc = new PDFDocument({
      size: 'A4',
      margin: PAGE.margin,
      bufferPages: true,
      info: { Title: title, Creator: 'FICA Desk sandbox' },
    });
    this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    this.done = new Promise((resolve, reject) => {
      this.doc.on('end', () => resolve(Buffer.concat(this.chunks)));
      this.doc.on('error', reject);
    });
  }

  get y(): number {
    return this.doc.y;
  }

  /** Starts a new page unless `height` points still fit on this one. */
  ensureSpace(height: number): void {
    if (this.doc.y + height > BOTTOM) this.doc.addPage();
  }

  title(text: string, subtitle: string): void {
    this.doc
      .font('Helvetica-Bold')
      .fontSize(18)
      .fillColor(COLORS.heading)
      .text(text, PAGE.margin, PAGE.margin, { width: CONTENT_WIDTH });
    this.doc
      .moveDown(0.2)
      .font('Helvetica')
      .fontSize(10)
      .fillColor(COLORS.muted)
      .text(subtitle, { width: CONTENT_WIDTH });
    this.rule();
  }

  heading(text: string): void {
    this.ensureSpace(60);
    this.doc
      .moveDown(0.8)
      .font('Helvetica-Bold')
      .fontSize(13)
      .fillColor(COLORS.heading)
      .text(text, PAGE.margin, this.doc.y, { width: CONTENT_WIDTH });
    this.doc.moveDown(0.3);
  }

  paragraph(text: string, opts: { muted?: boolean; size?: number } = {}): void {
    this.ensureSpace(30);
    this.doc
      .font('Helvetica')
      .fontSize(opts.size ?? 10)
      .fillColor(opts.muted ? COLORS.muted : COLORS.text)
      .text(text, PAGE.margin, this.doc.y, { width: CONTENT_WIDTH });
    this.doc.moveDown(0.3);
  }

  /** Label and value pairs in two columns; empty values show as a dash. */
  keyValues(rows: ReadonlyArray<readonly [string, string | null | undefined]>): void {
    const labelWidth = CONTENT_WIDTH * 0.34;
    const valueWidth = CONTENT_WIDTH - labelWidth - 8;
    this.doc.fontSize(10);
    for (const [label, raw] of rows) {
      const value = raw === null || raw === undefined || raw === '' ? '-' : raw;
      const height =
        Math.max(this.doc.font('Helvetica').heightOfString(value, { width: valueWidth }), 12) + 4;
      this.ensureSpace(height);
      const y = this.doc.y;
      this.doc
        .font('Helvetica-Bold')
        .fillColor(COLORS.muted)
        .text(label, PAGE.margin, y, { width: labelWidth });
      this.doc
        .font('Helvetica')
        .fillColor(COLORS.text)
        .text(value, PAGE.margin + labelWidth + 8, y, { width: valueWidth });
      this.doc.y = y + height;
    }
    this.doc.x = PAGE.margin;
  }

  /** A table with a repeated header row on every page it spans. */
  table(columns: readonly Column[], rows: ReadonlyArray<readonly string[]>, empty = 'None'): void {
    if (rows.length === 0) {
      this.paragraph(empty, { muted: true });
      return;
    }
    const widths = columns.map((c) => c.width * CONTENT_WIDTH);
    const pad = 4;
    const drawRow = (cells: readonly string[], header: boolean, zebra: boolean): void => {
      this.doc.font(header ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
      const height =
        Math.max(
          ...cells.map((cell, i) =>
            this.doc.heightOfString(cell || '-', { width: (widths[i] ?? 50) - pad * 2 }),
          ),
        ) +
        pad * 2;
      if (!header && this.doc.y + height > BOTTOM) {
        this.doc.addPage();
        drawRow(
          columns.map((c) => c.header),
          true,
          false,
        );
      }
      const y = this.doc.y;
      if (header || zebra) {
        this.doc.rect(PAGE.margin, y, CONTENT_WIDTH, height).fill(header ? COLORS.headerFill : COLORS.zebra);
      }
      let x = PAGE.margin;
      cells.forEach((cell, i) => {
        const w = widths[i] ?? 50;
        this.doc.fillColor(COLORS.text).text(cell || '-', x + pad, y + pad, { width: w - pad * 2 });
        x += w;
      });
      this.doc
        .moveTo(PAGE.margin, y + height)
        .lineTo(PAGE.margin + CONTENT_WIDTH, y + height)
        .lineWidth(0.5)
        .strokeColor(COLORS.rule)
        .stroke();
      this.doc.y = y + height;
    };
    this.ensureSpace(40);
    drawRow(
      columns.map((c) => c.header),
      true,
      false,
    );
    rows.forEach((row, i) => drawRow(row, false, i % 2 === 1));
    this.doc.x = PAGE.margin;
    this.doc.moveDown(0.5);
  }

  rule(): void {
    this.doc.moveDown(0.4);
    const y = this.doc.y;
    this.doc
      .moveTo(PAGE.margin, y)
      .lineTo(PAGE.margin + CONTENT_WIDTH, y)
      .lineWidth(1)
      .strokeColor(COLORS.rule)
      .stroke();
    this.doc.moveDown(0.4);
  }

  /** Adds page footers and returns the finished document. */
  async finish(): Promise<Buffer> {
    const range = this.doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      this.doc.switchToPage(i);
      const text = `${this.footerText}  ·  Page ${i - range.start + 1} of ${range.count}`;
      // Writing below the bottom margin must not trigger pdfkit's automatic page break.
      const margin = this.doc.page.margins.bottom;
      this.doc.page.margins.bottom = 0;
      this.doc
        .font('Helvetica')
        .fontSize(8)
        .fillColor(COLORS.muted)
        .text(text, PAGE.margin, PAGE.height - 35, {
          width: CONTENT_WIDTH,
          align: 'center',
          lineBreak: false,
        });
      this.doc.page.margins.bottom = margin;
    }
    this.doc.end();
    return this.done;
  }
}
