// What the app reads the moment it opens: the status, the settings and, on the cases screen it opens
// on, the first page of cases. The headless host names these in its page's `Link: rel=preload`
// header, so the browser asks for them while the app's code is still downloading; the app then reads
// the same URLs (BRIDGE.readPath) and gets the answers already on their way. The host answers these
// channels, and only these, to a GET: each must change nothing.
import type { ChannelInput, ChannelName } from './contract.js';

/** Rows the cases screen reads per call: a window of the screen is one or two pages. */
export const CASES_WINDOW_PAGE = 50;

/** The cases screen's first page, as the app opening on it asks for it. */
export const FIRST_CASES_REQUEST = { offset: 0, limit: CASES_WINDOW_PAGE };

export interface FirstRead<C extends ChannelName = ChannelName> {
  channel: C;
  input: ChannelInput<C>;
}

const read = <C extends ChannelName>(channel: C, input: ChannelInput<C>): FirstRead => ({ channel, input });

export const FIRST_READS: readonly FirstRead[] = [
  read('status.get', {}),
  read('settings.get', {}),
  read('cases.list', FIRST_CASES_REQUEST),
];
