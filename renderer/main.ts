import { mount } from 'svelte';
import App from './App.svelte';
import './styles/app.css';
import { app } from './lib/app-state.svelte.js';
import { preloadWhenIdle } from './lib/lazy-screen.js';
import { screens } from './lib/screens.js';
import { router } from './lib/router.svelte.js';
import { askFirstCases } from './lib/first-cases.js';
import { CASES_WINDOW_PAGE } from './lib/cases-list.svelte.js';

/** The longest the page stays blank while the core answers before the shell shows "Loading…". */
const SHELL_WAIT_MS = 250;

const target = document.getElementById('app');
if (!target) throw new Error('The page has no #app element');
const started = app.start();
const firstRows =
  router.route.name === 'cases' ? askFirstCases({ offset: 0, limit: CASES_WINDOW_PAGE }) : Promise.resolve();
const answered = Promise.all([started, firstRows]);
// The look-ups (a large answer) and the other screens' code (zod with it) wait until the first screen
// has drawn what it shows: they would otherwise compete with it for the core and the main thread.
const shown = answered.then(afterNextPaint);
app.holdLookupsUntil(shown);
// The page is built once its first screen's answers are in, and then laid out once: built before,
// its shell ("Loading…") would be laid out and drawn only to be redrawn a moment later. A core slow
// to answer still gets the shell after a short wait.
void Promise.race([answered, new Promise((resolve) => setTimeout(resolve, SHELL_WAIT_MS))]).then(() =>
  mount(App, { target }),
);
void shown.then(() => preloadWhenIdle(Object.values(screens)));

/**
 * Settles once the browser has drawn the next frame (a task after its paint), or after a second: a
 * window not yet shown may draw no frame, and the look-ups must come all the same.
 */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 1000);
  });
}
