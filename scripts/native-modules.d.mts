export type NativeRuntime = { runtime: 'node' | 'electron'; version: string };
export const NATIVE_MODULES: string[];
export function planNativeSwitch(
  current: NativeRuntime | null,
  wanted: NativeRuntime,
): 'nothing' | 'rebuild-for-electron' | 'rebuild-for-node';
export function rebuildFailureText(step: 'rebuild-for-electron' | 'rebuild-for-node', detail: string): string;
export function electronVersion(): string;
export function switchNativeModules(runtime: 'node' | 'electron'): boolean;
