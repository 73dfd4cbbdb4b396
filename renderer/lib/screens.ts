// The app's screens past its first: each a chunk of its own (lazy-screen.ts).
import { LazyScreen } from './lazy-screen.js';

export const screens = {
  newEntity: new LazyScreen(() => import('../screens/NewEntityScreen.svelte')),
  newIndividual: new LazyScreen(() => import('../screens/NewIndividualScreen.svelte')),
  case: new LazyScreen(() => import('../screens/CaseScreen.svelte')),
  report: new LazyScreen(() => import('../screens/ReportScreen.svelte')),
  desk: new LazyScreen(() => import('../screens/DeskScreen.svelte')),
  deskCase: new LazyScreen(() => import('../screens/DeskCaseScreen.svelte')),
  deskReport: new LazyScreen(() => import('../screens/DeskReportScreen.svelte')),
  queue: new LazyScreen(() => import('../screens/QueueScreen.svelte')),
  settings: new LazyScreen(() => import('../screens/SettingsScreen.svelte')),
};
