// A screen in a chunk of its own: loaded once, then handed out at once (rendered in the same frame);
// a failed load is tried again when the screen is next opened.
import { describe, expect, it } from 'vitest';
import { LazyScreen } from '../../../renderer/lib/lazy-screen.js';

describe('LazyScreen', () => {
  it('loads once, then hands out the screen itself instead of a promise', async () => {
    let loads = 0;
    const screen = new LazyScreen(async () => {
      loads++;
      return { default: 'QueueScreen' };
    });
    const first = screen.ready;
    expect(first).toBeInstanceOf(Promise);
    expect(screen.ready).toBe(first);
    await expect(first).resolves.toBe('QueueScreen');
    expect(screen.ready).toBe('QueueScreen');
    expect(loads).toBe(1);
  });

  it('tries again after a failed load (an updated app, a host gone for a moment)', async () => {
    let loads = 0;
    const screen = new LazyScreen(async () => {
      loads++;
      if (loads === 1) throw new Error('Failed to fetch dynamically imported module');
      return { default: 'SettingsScreen' };
    });
    screen.preload();
    await expect(screen.ready).rejects.toThrow('Failed to fetch');
    await expect(screen.ready).resolves.toBe('SettingsScreen');
    expect(loads).toBe(2);
  });
});
