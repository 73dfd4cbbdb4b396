// The review record as a file: a PDF a person can read, with the record's JSON embedded as a file
// attachment (the way e-invoices carry their XML), since the service takes only PDF and images. The
// JSON is the record; the pages say the same in words. Reading answers null for any PDF that does
// not carry a valid record, so a partner's own "Additional documents" are never mistaken for one.
import { HIT_KIND_LABELS, screeningHits, VERDICT_LABELS } from '../../../shared/domain/screening-review.js';
import {
  REVIEW_RECORD_ATTACHMENT,
  ReviewRecordSchema,
  type ReviewRecord,
} from '../../../shared/domain/review-record.js';
import type { SanctionsSearchResults } from '../../../shared/api/index.js';
import { loadPdfLib } from '../capture/load-pdf-lib.js';

/** What the pages need besides the record: names for user ids, and the results the review was made on. */
export interface ReviewRecordWords {
  nameOf: (userId: string | null) => string;
  results: SanctionsSearchResults | null;
}

// The standard fonts encode WinAnsi only; the JSON keeps every character exactly.
const PLAIN: Record<string, string> = {
  '“': '"',
  '”': '"',
  '‘': "'",
  '’': "'",
  '–': '-',
  '—': '-',
  '…': '...',
};
const printable = (text: string): string =>
  [...text.normalize('NFC')]
    .map((ch) => PLAIN[ch] ?? (ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) <= 0xff ? ch : '?'))
    .join('');

function lines(record: ReviewRecord, words: ReviewRecordWords): string[] {
  const out: string[] = [];
  const subject =
    record.subject.kind === 'entity'
      ? 'the entity'
      : record.subject.kind === 'ubo'
        ? 'a director or owner'
        : 'the client';
  out.push(`Subject: ${record.subject.name} (${subject})`);
  out.push(
    `Recorded ${record.recordedAt.slice(0, 16).replace('T', ' ')} UTC on the laptop of ${words.nameOf(record.recordedBy)}`,
  );
  out.push(`Case on the service: ${record.caseServerId}`);
  out.push('');
  const s = record.screening;
  if (!s) out.push('Screening review: none recorded.');
  else {
    out.push(
      `Screening review by ${words.nameOf(s.reviewedBy)}, ${s.reviewedAt.slice(0, 16).replace('T', ' ')} UTC`,
    );
    out.push(`Results reviewed (SHA-256 of the results): ${s.fingerprint}`);
    out.push(
      `The service was told: ${s.adverseSearchKYC ? 'adverse results need attention' : 'no adverse results'}`,
    );
    const hits = screeningHits(words.results);
    if (s.dispositions.length === 0) out.push('No matches to disposition.');
    for (const d of s.dispositions) {
      const hit = hits.find((h) => h.key === d.hitKey);
      const score = typeof hit?.match.score === 'number' ? `, score ${hit.match.score}` : '';
      const what = hit ? `${HIT_KIND_LABELS[hit.kind]}: ${hit.label}${score}` : `Result ${d.hitKey}`;
      out.push(`- ${what}: ${VERDICT_LABELS[d.verdict]}. Reason: ${d.reason}`);
    }
  }
  out.push('');
  out.push(`Captured or changed by: ${record.makers.map((m) => words.nameOf(m)).join(', ') || 'not known'}`);
  if (record.ownershipTree)
    out.push(`Ownership tree: ${record.ownershipTree.length} top-level node(s), in the attached record.`);
  const bank = record.bankVerification;
  if (bank)
    out.push(
      `Bank account check: ${bank.verified ? 'verified' : `not verified${bank.reason ? ` (${bank.reason})` : ''}`}`,
    );
  out.push('');
  out.push(`The machine-readable record is attached to this PDF as ${REVIEW_RECORD_ATTACHMENT}.`);
  return out;
}

/** Wraps text to the page width, at spaces where it can. */
function wrap(text: string, width: number, measure: (s: string) => number): string[] {
  if (text === '') return [''];
  const out: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (measure(next) <= width) line = next;
    else {
      if (line) out.push(line);
      line = word;
      while (measure(line) > width) {
        let cut = line.length - 1;
        while (cut > 1 && measure(line.slice(0, cut)) > width) cut--;
        out.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
  }
  out.push(line);
  return out;
}

export async function writeReviewRecordPdf(
  record: ReviewRecord,
  words: ReviewRecordWords,
): Promise<{ bytes: Buffer; pages: number }> {
  const { PDFDocument, StandardFonts, rgb } = await loadPdfLib();
  const doc = await PDFDocument.create();
  doc.setTitle(printable(`Review record: ${record.subject.name}`));
  doc.setProducer('FICA Desk');
  doc.setCreationDate(new Date(record.recordedAt));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const [width, height, margin, size] = [595, 842, 50, 10];
  let page = doc.addPage([width, height]);
  let y = height - margin;
  page.drawText('FICA Desk review record', { x: margin, y, size: 16, font: bold, color: rgb(0, 0, 0) });
  y -= 28;
  for (const text of lines(record, words)) {
    for (const line of wrap(printable(text), width - 2 * margin, (s) => font.widthOfTextAtSize(s, size))) {
      if (y < margin) {
        page = doc.addPage([width, height]);
        y = height - margin;
      }
      page.drawText(line, { x: margin, y, size, font });
      y -= size * 1.5;
    }
  }
  await doc.attach(new TextEncoder().encode(JSON.stringify(record, null, 2)), REVIEW_RECORD_ATTACHMENT, {
    mimeType: 'application/json',
    description: 'FICA Desk review record',
    creationDate: new Date(record.recordedAt),
    modificationDate: new Date(record.recordedAt),
  });
  return { bytes: Buffer.from(await doc.save({ useObjectStreams: false })), pages: doc.getPageCount() };
}

/** The record a PDF carries, or null when it carries none (or one that does not parse). */
export async function readReviewRecordPdf(bytes: Uint8Array): Promise<ReviewRecord | null> {
  const { PDFDocument } = await loadPdfLib();
  let doc;
  try {
    doc = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: false });
  } catch {
    return null;
  }
  let attachment;
  try {
    attachment = doc.getAttachments().find((a) => a.name === REVIEW_RECORD_ATTACHMENT);
  } catch {
    return null;
  }
  if (!attachment) return null;
  try {
    const parsed = ReviewRecordSchema.safeParse(JSON.parse(new TextDecoder().decode(attachment.data)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
