// The organigram editor's state: what the person adding shareholders sees change as they edit.
import { describe, expect, it } from 'vitest';
import { OrganigramEditorState } from '../../../../renderer/lib/organigram-editor.svelte.js';
import { newRoot } from '../../../../renderer/lib/organigram-draft.js';

const ROOT = '00000000-0000-4000-8000-000000000001';
let n = 0;
const guid = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '1')}`;

describe('OrganigramEditorState', () => {
  it('selects a shareholder it adds and marks the tree as changed', () => {
    const editor = new OrganigramEditorState(newRoot(ROOT, 'Acme (Pty) Ltd'), guid);
    expect(editor.dirty).toBe(false);
    const person = editor.add(ROOT, 'Individual');
    expect(editor.selected).toBe(person);
    expect(editor.selectedNode?.shareholderType).toBe('Individual');
    expect(editor.selectedParent?.guid).toBe(ROOT);
    expect(editor.dirty).toBe(true);
  });

  it('updates the live effective ownership as percentages are typed', () => {
    const editor = new OrganigramEditorState(newRoot(ROOT, 'Acme (Pty) Ltd'), guid);
    const holding = editor.add(ROOT, 'Entity');
    editor.update(holding, { shareholderEntityName: 'Holdco', shareholderPercentage: 50 });
    const person = editor.add(holding, 'Individual');
    editor.update(person, { firstName: 'Thandi', lastName: 'Nkosi', shareholderPercentage: 60 });
    expect(editor.ownership.map((o) => o.effectivePercentage)).toEqual([30]);
    editor.update(holding, { shareholderPercentage: 100 });
    expect(editor.ownership.map((o) => o.effectivePercentage)).toEqual([60]);
  });

  it('selects the parent after removing a shareholder', () => {
    const editor = new OrganigramEditorState(newRoot(ROOT, 'Acme (Pty) Ltd'), guid);
    const holding = editor.add(ROOT, 'Entity');
    const person = editor.add(holding, 'Individual');
    editor.remove(person);
    expect(editor.selected).toBe(holding);
    expect(editor.selectedNode?.children).toEqual([]);
  });
});
