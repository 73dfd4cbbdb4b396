// The documents the last read of the open case was told about, for the lists inside the case view
// that hold more documents than the case's answer carries (DocumentsPanel).
import { getContext, setContext } from 'svelte';
import type { CaseChanges } from './case-store.svelte.js';

const KEY = Symbol('case-changes');

/** Called by the case screen with its store's changes. */
export function provideCaseChanges(changes: () => CaseChanges): void {
  setContext(KEY, changes);
}

/** The open case's changes; outside a case screen, none. */
export function caseChanges(): () => CaseChanges {
  return getContext<(() => CaseChanges) | undefined>(KEY) ?? (() => ({ version: 0, documentIds: [] }));
}
