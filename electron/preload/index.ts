// Sandboxed preload: bundled into one CommonJS file (electron/vite.preload.config.ts) because a
// sandboxed preload can require only 'electron' and a few built-ins.
import { contextBridge, ipcRenderer } from 'electron';
import { z } from 'zod';
import { CHANNEL_NAMES, EVENT_NAMES } from '../../shared/ipc/contract.js';
import { exposeDeskApi } from './desk-api.js';

// No eval probe: under the app's CSP zod's `new Function` test is refused and reported as a
// violation even though zod recovers.
z.config({ jitless: true });

exposeDeskApi(contextBridge, ipcRenderer, { channelNames: CHANNEL_NAMES, eventNames: EVENT_NAMES });
