// Sandboxed preload: bundled into one CommonJS file (electron/vite.preload.config.ts) because a
// sandboxed preload can require only 'electron' and a few built-ins. It imports nothing but
// 'electron' and the channel names, so it carries no schema library.
import { contextBridge, ipcRenderer } from 'electron';
import { CHANNEL_NAMES, EVENT_NAMES } from '../../shared/ipc/channels.js';
import { exposeDeskApi } from './desk-api.js';

exposeDeskApi(contextBridge, ipcRenderer, { channelNames: CHANNEL_NAMES, eventNames: EVENT_NAMES });
