// Where keyboard and screen-reader users land after an action: on its result or on the heading of
// what comes next, never on the page body where they would have to find their place again.
import type { Attachment } from 'svelte/attachments';

/** What a screen offers first: the result just shown, then the current step, then the screen. */
const LANDING = ['[data-focus-result]', '[aria-label="Current step"] h2', 'h1', 'h2'];

function focusable(el: HTMLElement): HTMLElement {
  if (!el.hasAttribute('tabindex') && !(el instanceof HTMLAnchorElement || el instanceof HTMLButtonElement))
    el.setAttribute('tabindex', '-1');
  return el;
}

function landingIn(root: HTMLElement): HTMLElement | null {
  for (const selector of LANDING) {
    const el = root.querySelector<HTMLElement>(selector);
    if (el) return el;
  }
  return null;
}

/**
 * Focuses the landing place of a screen that was just opened. A screen that loads its data first
 * has no heading yet: its first one is focused as soon as it appears (for a few seconds).
 */
export function focusLanding(root: HTMLElement, waitMs = 4000): () => void {
  const now = landingIn(root);
  if (now) {
    focusable(now).focus({ preventScroll: true });
    return () => {};
  }
  const observer = new MutationObserver(() => {
    const el = landingIn(root);
    if (!el) return;
    stop();
    focusable(el).focus({ preventScroll: true });
  });
  const timer = setTimeout(() => stop(), waitMs);
  function stop(): void {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(root, { childList: true, subtree: true });
  return stop;
}

/** The result of an action takes focus when it appears, so it is read out and the next control follows it. */
export const takesFocus: Attachment<HTMLElement> = (el) => {
  focusable(el);
  queueMicrotask(() => {
    if (el.isConnected) el.focus({ preventScroll: false });
  });
};
