// Keys and pointer use tell the core someone is at the screen, so the idle lock waits; at most
// once every 30 seconds, since the lock counts minutes.
import { call } from './desk.js';

const EVERY_MS = 30_000;
let last = 0;

export function reportActivity(): void {
  const now = Date.now();
  if (now - last < EVERY_MS) return;
  last = now;
  void call('staff.activity', {}).catch(() => undefined);
}
