import { mount } from 'svelte';
import App from './App.svelte';
import './styles/app.css';
import { app } from './lib/app-state.svelte.js';
import { preloadWhenIdle } from './lib/lazy-screen.js';
import { screens } from './lib/screens.js';
import { router } from './lib/router.svelte.js';
import { askFirstCases } from './lib/first-cases.js';
import { CASES_WINDOW_PAGE } from './lib/cases-list.svelte.js';

const target = document.getElementById('app');
if (!target) throw new Error('The page has no #app element');
// Asked first, so the core answers while the page's shell is built.
const started = app.start();
const firstRows =
  router.route.name === 'cases' ? askFirstCases({ offset: 0, limit: CASES_WINDOW_PAGE }) : Promise.resolve();
// The look-ups (a large answer) and the other screens' code (zod with it) wait until the first screen
// has drawn what it shows: they would otherwise compete with it for the core and the main thread.
const shown = Promise.all([started, firstRows]).then(afterNextPaint);
app.holdLookupsUntil(shown);
mount(App, { target });
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
