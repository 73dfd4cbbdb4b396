// A stand-in for the core behind window.desk: answers the channels a test gives it and lets the test
// emit the core's events, so a rune class can be driven the way the screen drives it.
import { vi } from 'vitest';
import type { ChannelName, DeskApi, EventName, EventPayload } from '../../../../shared/ipc/index.js';

type Handler = (input: unknown) => unknown;

export interface FakeDesk {
  answer(channel: ChannelName, handler: Handler): void;
  /** The answer given to a channel now (to wrap it). */
  handler(channel: ChannelName): Handler;
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
  calls: Array<{ channel: ChannelName; input: unknown }>;
}

// renderer/lib/desk.ts keeps the first window.desk it finds, so one fake serves a whole test file
// and is emptied for each test.
const handlers = new Map<ChannelName, Handler>();
const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
const calls: FakeDesk['calls'] = [];

/** Installs the fake as window.desk (the preload's place), emptied of answers, listeners and calls. */
export function installFakeDesk(): FakeDesk {
  handlers.clear();
  listeners.clear();
  calls.length = 0;
  const api = {
    async invoke(channel: ChannelName, input: unknown) {
      calls.push({ channel, input });
      const handler = handlers.get(channel);
      if (!handler) throw new Error(`no answer for ${channel}`);
      return handler(input);
    },
    on(event: EventName, listener: (payload: unknown) => void) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
  } as unknown as DeskApi;
  // Node has no window: the fake gives the renderer the one property it reads there.
  const global = globalThis as unknown as { window?: { desk?: DeskApi } };
  global.window ??= {};
  global.window.desk = api;
  return {
    answer: (channel, handler) => handlers.set(channel, handler),
    handler: (channel) => {
      const handler = handlers.get(channel);
      if (!handler) throw new Error(`no answer for ${channel}`);
      return handler;
    },
    emit: (event, payload) => listeners.get(event)?.forEach((l) => l(payload)),
    calls,
  };
}

// Taken before any test fakes the timers: a turn of the real event loop.
const realSetImmediate = globalThis.setImmediate;

/**
 * Lets everything the code under test has set in motion happen, before a check that something did
 * not: every timer due within a minute runs (fake timers, so no real time passes) and every promise
 * it starts settles. After a short real sleep instead, work scheduled later than the sleep, or a
 * debounce longer than it, would be missed and the check would pass without testing anything.
 */
export async function runEverythingPending(): Promise<void> {
  if (!vi.isFakeTimers())
    throw new Error('Negative checks run on fake timers: call vi.useFakeTimers() first.');
  await vi.advanceTimersByTimeAsync(60_000);
  await new Promise((resolve) => realSetImmediate(resolve));
}
