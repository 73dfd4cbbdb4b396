// The app's screens past its first (the cases list): each a chunk of its own (lazy-screen.ts).
// Signing in and setting the offline passphrase are too: most starts open on the cases.
import { LazyScreen } from './lazy-screen.js';

export const screens = {
  signIn: new LazyScreen(() => import('../screens/SignInScreen.svelte')),
  offlinePassphrase: new LazyScreen(() => import('../components/OfflinePassphrase.svelte')),
  newEntity: new LazyScreen(() => import('../screens/NewEntityScreen.svelte')),
  newIndividual: new LazyScreen(() => import('../screens/NewIndividualScreen.svelte')),
  case: new LazyScreen(() => import('../screens/CaseScreen.svelte')),
  report: new LazyScreen(() => import('../screens/ReportScreen.svelte')),
  desk: new LazyScreen(() => import('../screens/DeskScreen.svelte')),
  deskCase: new LazyScreen(() => import('../screens/DeskCaseScreen.svelte')),
  queue: new LazyScreen(() => import('../screens/QueueScreen.svelte')),
  settings: new LazyScreen(() => import('../screens/SettingsScreen.svelte')),
};
