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
app.holdLookupsUntil(firstRows);
mount(App, { target });
// The other screens load once the first one has what it shows: their code (zod with it) would
// otherwise compete with the first rows for the host and for the page's main thread.
void Promise.all([started, firstRows]).then(() => preloadWhenIdle(Object.values(screens)));
