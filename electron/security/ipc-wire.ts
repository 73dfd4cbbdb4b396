// How contract names map to Electron IPC channel names, shared by main and preload; the mapping
// lives with the channel names in shared/ipc/channels.ts, the one module the preload may import.
export { eventChannel, invokeChannel } from '../../shared/ipc/channels.js';
