// A picked PDF's pages are counted where it lies sealed in the vault: most files by reading their
// cross-references and page tree, a file whose cross-references are broken by pdf.js in the capture
// worker, which rebuilds them, so the clerk sees the same pages either way and the document that is
// queued holds them all.
import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { makePdf } from '../../support/documents.js';
import { preparedDraft } from '../../support/drafts.js';
import { saId } from '../../support/flows.js';
import { suiteCore } from '../../support/suite-core.js';

/** The PDF with its startxref pointing at the start of the file, as a careless tool leaves it. */
function withBrokenStartxref(pdf: Uint8Array): Uint8Array<ArrayBuffer> {
  const text = Buffer.from(pdf).toString('latin1');
  const at = text.lastIndexOf('startxref') + 'startxref\n'.length;
  const broken = Buffer.from(pdf);
  broken.write('1'.padEnd(text.indexOf('\n', at) - at, ' '), at, 'latin1');
  return new Uint8Array(broken);
}

describe('pages of a picked PDF', () => {
  const run = suiteCore({ startQueue: false, lookups: false });

  it('shows every page of a PDF, whether its cross-references can be read or must be rebuilt', async () => {
    const { caseId } = await run.t.call('individual.create', {
      firstName: 'Petra',
      lastName: 'Pages',
      clientSACitizen: true,
      idNumber: saId(),
    });
    const draft = await run.t.call('documents.startDraft', { caseId, owner: { kind: 'individual' } });
    const repaired = withBrokenStartxref(await makePdf('repaired', 3));
    await run.t.call('documents.addPages', {
      draftId: draft.id,
      files: [
        { name: 'statement.pdf', bytes: await makePdf('statement', 4) },
        { name: 'repaired.pdf', bytes: repaired },
      ],
    });
    const prepared = await preparedDraft(run.t, draft.id);
    expect(prepared.pages.map((p) => [p.sourceName, p.pdfPage, p.state])).toEqual([
      ['statement.pdf', 1, 'ready'],
      ['statement.pdf', 2, 'ready'],
      ['statement.pdf', 3, 'ready'],
      ['statement.pdf', 4, 'ready'],
      ['repaired.pdf', 1, 'ready'],
      ['repaired.pdf', 2, 'ready'],
      ['repaired.pdf', 3, 'ready'],
    ]);

    const doc = await run.t.call('documents.submitDraft', {
      draftId: draft.id,
      pairs: [{ groupId: 1, typeId: 1 }],
    });
    expect(doc.pageCount).toBe(7);
    const content = await run.t.call('documents.content', { documentId: doc.id });
    expect((await PDFDocument.load(content.bytes)).getPageCount()).toBe(7);
  });
});
