// The preload's channel list (shared/ipc/channels.ts) and the contract's schemas name the same
// channels and events, so nothing the core answers is unreachable and nothing reachable lacks schemas.
import { describe, expect, it } from 'vitest';
import { CHANNEL_NAMES, EVENT_NAMES } from '../../../shared/ipc/channels.js';
import { channels, events } from '../../../shared/ipc/contract.js';

describe('channel names', () => {
  it('lists exactly the contract channels', () => {
    expect([...CHANNEL_NAMES].sort()).toStrictEqual(Object.keys(channels).sort());
  });

  it('lists exactly the contract events', () => {
    expect([...EVENT_NAMES].sort()).toStrictEqual(Object.keys(events).sort());
  });
});
