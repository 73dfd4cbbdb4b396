// The organigram editor's state: the tree, the selected node, and what is derived live from them.
import type { OrganigramNode, ShareholderType } from '../../shared/api/index.js';
import {
  addChild,
  effectiveShares,
  findNode,
  newRoot,
  nodeIssues,
  ownershipOf,
  parentOf,
  removeNode,
  updateNode,
} from './organigram-draft.js';

export class OrganigramEditorState {
  root = $state<OrganigramNode>(newRoot('00000000-0000-4000-8000-000000000000', ''));
  selected = $state<string | null>(null);
  dirty = $state(false);

  issues = $derived(nodeIssues(this.root));
  ownership = $derived(ownershipOf(this.root));
  shares = $derived(effectiveShares(this.root));
  selectedNode = $derived(this.selected ? findNode(this.root, this.selected) : null);
  selectedParent = $derived(this.selected ? parentOf(this.root, this.selected) : null);

  constructor(
    root: OrganigramNode,
    private readonly makeGuid: () => string = () => crypto.randomUUID(),
  ) {
    this.root = root;
    this.selected = root.guid;
  }

  issuesOf(guid: string): string[] {
    return this.issues.filter((i) => i.guid === guid).map((i) => i.message);
  }

  add(parentGuid: string, type: Exclude<ShareholderType, 'Root'>): string {
    const guid = this.makeGuid();
    this.root = addChild(this.root, parentGuid, type, guid);
    this.selected = guid;
    this.dirty = true;
    return guid;
  }

  update(guid: string, changes: Partial<Omit<OrganigramNode, 'guid' | 'children'>>): void {
    this.root = updateNode(this.root, guid, changes);
    this.dirty = true;
  }

  remove(guid: string): void {
    const parent = parentOf(this.root, guid);
    this.root = removeNode(this.root, guid);
    this.selected = parent?.guid ?? this.root.guid;
    this.dirty = true;
  }
}
