// Queueing a document draft is one step for the person, and one transaction for the core: the
// document, its upload job, the case's change, the audit line and the draft's removal commit
// together, and the draft's files leave the vault only afterwards, when nothing refers to them. A
// fault is injected at each step of the submit (the step fails, or the process is SIGKILLed right
// there); after a restart the page is either still a draft or a queued document, never neither and
// never both, and its bytes are in the vault.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { makePdf } from '../../support/documents.js';
import { addPreparedPages } from '../../support/drafts.js';
import { saId } from '../../support/flows.js';
import { memorySecretStores } from '../../support/memory-secret-store.js';
import { suiteCore } from '../../support/suite-core.js';
import { armSubmitFault, InjectedFault, type SubmitStep } from '../../support/submit-faults.js';

const pairs = [{ groupId: 1, typeId: 1 }];

type Shape = 'as picked' | 'assembled';
type Outcome = 'still a draft' | 'queued document' | 'neither' | 'both';

/**
 * Each shape's steps. A single PDF kept as picked is not sealed again and its one file becomes the
 * document's, so it has neither an import nor a file to remove.
 */
const STEPS: Record<Shape, SubmitStep[]> = {
  'as picked': ['document', 'job', 'case', 'audit', 'draft'],
  assembled: ['vault.import', 'document', 'job', 'case', 'audit', 'draft', 'vault.remove'],
};

const CASES = (['as picked', 'assembled'] as const).flatMap((shape) =>
  STEPS[shape].flatMap((step) => (['throw', 'kill'] as const).map((kind) => ({ shape, step, kind }))),
);

describe('submitting a draft with a fault at each step', () => {
  const secrets = memorySecretStores();
  const run = suiteCore({ startQueue: false, lookups: false, secretStore: secrets });
  const results: string[] = [];

  afterAll(() => {
    console.log(`submit crash seam: ${results.length} fault points\n${results.join('\n')}`);
  });

  async function draftOf(shape: Shape, label: string): Promise<{ caseId: string; draftId: string }> {
    const { caseId } = await run.t.call('individual.create', {
      firstName: 'Sam',
      lastName: 'Seam',
      clientSACitizen: true,
      idNumber: saId(),
    });
    const draft = await run.t.call('documents.startDraft', { caseId, owner: { kind: 'individual' } });
    const files =
      shape === 'as picked'
        ? [{ name: 'Identity.pdf', bytes: await makePdf(label, 2) }]
        : [
            { name: 'Front.pdf', bytes: await makePdf(`${label} front`) },
            { name: 'Back.pdf', bytes: await makePdf(`${label} back`) },
          ];
    const added = await addPreparedPages(run.t, { draftId: draft.id, files });
    expect(added.draft.pages.map((p) => p.state)).toEqual(['ready', 'ready']);
    return { caseId, draftId: draft.id };
  }

  /** Submits in a child core that is SIGKILLed at `step`; true when the step was reached. */
  async function submitInChild(draftId: string, step: SubmitStep): Promise<boolean> {
    await run.t.core.shutdown();
    const sandbox = run.sandbox;
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'test/support/submit-child.ts',
        run.t.dataDir,
        sandbox.url,
        sandbox.clientId,
        sandbox.clientSecret,
        draftId,
        step,
      ],
      { stdio: ['pipe', 'pipe', 'inherit'], env: process.env },
    );
    child.stdin.end(JSON.stringify(secrets.snapshot()));
    let submitted = false;
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line === 'submitted') submitted = true;
    });
    const signal = await new Promise<NodeJS.Signals | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('exit', (_code, sig) => resolve(sig));
    });
    await run.t.restart();
    expect(submitted).toBe(false);
    return signal === 'SIGKILL';
  }

  /** Submits in the test's core with the step failing; true when the step was reached. */
  async function submitFailing(draftId: string, step: SubmitStep): Promise<boolean> {
    const disarm = armSubmitFault(run.t.core, step, 'throw');
    let reached: boolean;
    try {
      await run.t.call('documents.submitDraft', { draftId, pairs, filename: 'Seam.pdf' });
    } catch (error) {
      // A failed step before the commit refuses the submit; the vault's clean-up after it does not.
      expect(error).not.toBeInstanceOf(InjectedFault);
    } finally {
      reached = disarm();
    }
    await run.t.restart();
    return reached;
  }

  async function sha256Of(vaultId: string): Promise<string> {
    return createHash('sha256')
      .update(await run.t.core.internals.vault.readAll(vaultId))
      .digest('hex');
  }

  it.each(CASES)(
    '$shape, $kind at $step: still a draft or a queued document, its bytes in the vault',
    async ({ shape, step, kind }) => {
      const { caseId, draftId } = await draftOf(shape, `${shape} ${step} ${kind}`);
      const pageFiles = [
        ...new Set(run.t.core.internals.store.drafts.getDraft(draftId)!.pages.map((p) => p.vaultId)),
      ];

      const reached =
        kind === 'kill' ? await submitInChild(draftId, step) : await submitFailing(draftId, step);
      expect(reached).toBe(true);

      // The restarted core's parts.
      const { store: after, vault: vaultAfter, jobs: jobsAfter } = run.t.core.internals;
      const draft = after.drafts.getDraft(draftId);
      const documents = after.documents.listDocuments(caseId);
      const outcome: Outcome =
        draft && documents.length > 0
          ? 'both'
          : draft
            ? 'still a draft'
            : documents.length === 1
              ? 'queued document'
              : 'neither';
      const present = await Promise.all(pageFiles.map((id) => vaultAfter.has(id)));
      let bytes = 'missing';
      if (outcome === 'still a draft') {
        bytes = present.every(Boolean) ? `${present.length} page file(s) in the vault` : bytes;
      } else if (outcome === 'queued document') {
        const doc = documents[0]!;
        const upload = jobsAfter.ofCase(caseId).filter((j) => j.payload.kind === 'individual.doc-upload');
        expect(upload.map((j) => 'documentId' in j.payload && j.payload.documentId)).toEqual([doc.id]);
        expect(doc.state).toBe('queued');
        if ((await vaultAfter.has(doc.vaultId!)) && (await sha256Of(doc.vaultId!)) === doc.sha256)
          bytes = 'the document file in the vault';
      }
      results.push(`  ${shape}, ${kind} at ${step}: ${outcome}, ${bytes}`);
      expect(outcome === 'still a draft' || outcome === 'queued document').toBe(true);
      expect(bytes).not.toBe('missing');

      if (outcome === 'still a draft') {
        // The person queues it again, and it goes through whole.
        const doc = await run.t.call('documents.submitDraft', { draftId, pairs, filename: 'Seam.pdf' });
        const stored = after.documents.getDocument(doc.id)!;
        expect(await sha256Of(stored.vaultId!)).toBe(stored.sha256);
        expect(after.drafts.getDraft(draftId)).toBeNull();
      } else {
        // Nothing left of the draft can take the document's file with it.
        const doc = documents[0]!;
        expect(await vaultAfter.has(doc.vaultId!)).toBe(true);
      }
    },
    120_000,
  );

  it('discarding a draft leaves a file a document refers to in the vault', async () => {
    const { caseId, draftId } = await draftOf('as picked', 'shared file');
    const { store, vault } = run.t.core.internals;
    const page = store.drafts.getDraft(draftId)!.pages[0]!;
    const doc = await run.t.call('documents.submitDraft', { draftId, pairs, filename: 'Shared.pdf' });
    expect(store.documents.getDocument(doc.id)!.vaultId).toBe(page.vaultId);
    // A draft still showing the document's own file, as a submit that was not one transaction left it.
    const leftover = await run.t.call('documents.startDraft', { caseId, owner: { kind: 'individual' } });
    store.drafts.saveDraftPages(leftover.id, [page]);
    await run.t.call('documents.discardDraft', { draftId: leftover.id });
    expect(store.drafts.getDraft(leftover.id)).toBeNull();
    expect(await vault.has(page.vaultId)).toBe(true);
    const content = await run.t.call('documents.content', { documentId: doc.id });
    expect(content.bytes.length).toBe(store.documents.getDocument(doc.id)!.size);
  }, 60_000);
});
