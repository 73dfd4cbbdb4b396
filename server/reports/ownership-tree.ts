// Draws an ownership tree as boxes joined by elbow connectors, scaled to fit the page width.
import { COLORS, CONTENT_WIDTH, PAGE, type ReportWriter } from './report-writer.js';

export type TreeBoxKind = 'Root' | 'Entity' | 'Trust' | 'Individual';

export interface TreeBox {
  kind: TreeBoxKind;
  title: string;
  lines: string[];
  children: TreeBox[];
}

const BOX_W = 128;
const BOX_H = 52;
const H_GAP = 14;
const V_GAP = 34;
/** Below this scale a drawing is unreadable; the tree is then printed as an indented list. */
const MIN_SCALE = 0.4;

const FILL: Record<TreeBoxKind, string> = {
  Root: '#d9e8f5',
  Entity: '#e8eef3',
  Trust: '#f3ecd9',
  Individual: '#e3f1e6',
};

interface Placed {
  box: TreeBox;
  x: number;
  y: number;
  children: Placed[];
}

function subtreeWidth(box: TreeBox, memo: Map<TreeBox, number>): number {
  const cached = memo.get(box);
  if (cached !== undefined) return cached;
  const childWidth =
    box.children.reduce((sum, c) => sum + subtreeWidth(c, memo), 0) +
    H_GAP * Math.max(0, box.children.length - 1);
  const width = Math.max(BOX_W, childWidth);
  memo.set(box, width);
  return width;
}

function place(box: TreeBox, left: number, depth: number, memo: Map<TreeBox, number>): Placed {
  const width = subtreeWidth(box, memo);
  let cursor =
    left +
    (width -
      (box.children.reduce((s, c) => s + subtreeWidth(c, memo), 0) +
        H_GAP * Math.max(0, box.children.length - 1))) /
      2;
  const children = box.children.map((child) => {
    const placed = place(child, cursor, depth + 1, memo);
    cursor += subtreeWidth(child, memo) + H_GAP;
    return placed;
  });
  return { box, x: left + width / 2 - BOX_W / 2, y: depth * (BOX_H + V_GAP), children };
}

function depthOf(box: TreeBox): number {
  return 1 + Math.max(0, ...box.children.map(depthOf));
}

function fit(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let cut = text;
  while (cut.length > 1 && doc.widthOfString(`${cut}...`) > width) cut = cut.slice(0, -1);
  return `${cut}...`;
}

export function drawOwnershipTree(writer: ReportWriter, root: TreeBox): void {
  const memo = new Map<TreeBox, number>();
  const totalWidth = subtreeWidth(root, memo);
  const totalHeight = depthOf(root) * (BOX_H + V_GAP) - V_GAP;
  const fullPage = PAGE.height - PAGE.margin * 2 - 40;
  const scale = Math.min(1, CONTENT_WIDTH / totalWidth, fullPage / totalHeight);
  if (scale < MIN_SCALE) {
    drawAsList(writer, root);
    return;
  }
  writer.ensureSpace(totalHeight * scale + 10);
  const doc = writer.doc;
  const originX = PAGE.margin + (CONTENT_WIDTH - totalWidth * scale) / 2;
  const originY = doc.y + 4;
  const placed = place(root, 0, 0, memo);
  doc.save();
  doc.translate(originX, originY).scale(scale);
  const drawNode = (p: Placed): void => {
    for (const child of p.children) {
      // Elbow connector: down from the parent, across, down into the child.
      const fromX = p.x + BOX_W / 2;
      const toX = child.x + BOX_W / 2;
      const midY = p.y + BOX_H + V_GAP / 2;
      doc
        .moveTo(fromX, p.y + BOX_H)
        .lineTo(fromX, midY)
        .lineTo(toX, midY)
        .lineTo(toX, child.y)
        .lineWidth(0.8)
        .strokeColor('#7b8794')
        .stroke();
      drawNode(child);
    }
    doc.roundedRect(p.x, p.y, BOX_W, BOX_H, 4).fillAndStroke(FILL[p.box.kind], '#52606d');
    doc
      .font('Helvetica-Bold')
      .fontSize(6.5)
      .fillColor(COLORS.muted)
      .text(p.box.kind.toUpperCase(), p.x + 5, p.y + 4, { lineBreak: false });
    doc
      .font('Helvetica-Bold')
      .fontSize(8)
      .fillColor(COLORS.text)
      .text(fit(doc, p.box.title, BOX_W - 10), p.x + 5, p.y + 13, { lineBreak: false });
    doc.font('Helvetica').fontSize(7).fillColor(COLORS.text);
    p.box.lines.slice(0, 3).forEach((line, i) => {
      doc.text(fit(doc, line, BOX_W - 10), p.x + 5, p.y + 24 + i * 8.5, { lineBreak: false });
    });
  };
  drawNode(placed);
  doc.restore();
  doc.x = PAGE.margin;
  doc.y = originY + totalHeight * scale + 12;
}

function drawAsList(writer: ReportWriter, root: TreeBox): void {
  writer.paragraph('The ownership tree is too large to draw on one page; it is listed level by level.', {
    muted: true,
  });
  const lines: string[] = [];
  const go = (box: TreeBox, depth: number): void => {
    lines.push(
      `${'    '.repeat(depth)}${depth > 0 ? '- ' : ''}${box.kind}: ${box.title}${box.lines.length ? ` (${box.lines.join('; ')})` : ''}`,
    );
    box.children.forEach((c) => go(c, depth + 1));
  };
  go(root, 0);
  for (const line of lines) writer.paragraph(line, { size: 9 });
}
