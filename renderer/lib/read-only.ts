// A decided case (Approved or Declined) is read-only on every screen. The case view provides the
// core's reason once; the components inside it that offer a change (capture, remove, save) ask here.
import { getContext, setContext } from 'svelte';

const KEY = Symbol('case-read-only');

/** Called by a case view: `reason` answers why nothing can change, or null while it can. */
export function provideReadOnly(reason: () => string | null): void {
  setContext(KEY, reason);
}

/** The reason the case on screen is read-only (null when it is not, or outside a case view). */
export function readOnlyReason(): () => string | null {
  return getContext<(() => string | null) | undefined>(KEY) ?? (() => null);
}
