// The renderer's one way to the core. In Electron the preload exposes window.desk; in the headless
// host this module builds the same API over the loopback bridge (shared/ipc/bridge.ts).
// Nothing here imports zod, so the first screen is evaluated without it: answers are checked by
// the envelope's plain guards (result-guards.ts).
import { BRIDGE } from '../../shared/ipc/bridge.js';
import { isEventName } from '../../shared/ipc/channels.js';
import type {
  ChannelInput,
  ChannelName,
  ChannelOutput,
  DeskApi,
  EventName,
  EventPayload,
} from '../../shared/ipc/contract.js';
import { DeskError } from '../../shared/ipc/desk-error.js';
import { decodeWire } from '../../shared/ipc/wire.js';
import { FRAME_CONTENT_TYPE, decodeFrame, encodeFrame } from '../../shared/ipc/wire-frame.js';
import { isIpcResult } from '../../shared/ipc/result-guards.js';
import { wrapPreloadApi } from './preload.js';
import { inScreenWords } from '../../shared/domain/field-labels.js';

declare global {
  interface Window {
    desk?: DeskApi;
  }
}

type Listener = (payload: unknown) => void;

const UNREADABLE = 'The app answered with something it could not read.';

export interface BridgeOptions {
  /** Null in the browser the host signed in: its HttpOnly session cookie carries the token. */
  token: string | null;
  /** Origin of the host; '' means the page's own origin. */
  baseUrl?: string;
  fetchImpl?: typeof fetch;
  eventSourceImpl?: (url: string) => EventSource;
}

/** Decodes one bridge answer (a binary frame, or JSON): the value on success, a DeskError otherwise. */
export async function readIpcResult(response: Response): Promise<unknown> {
  let decoded: unknown;
  try {
    decoded = (response.headers.get('content-type') ?? '').startsWith(FRAME_CONTENT_TYPE)
      ? decodeFrame(new Uint8Array(await response.arrayBuffer()))
      : decodeWire(await response.text());
  } catch {
    throw new DeskError('internal', UNREADABLE);
  }
  if (!isIpcResult(decoded)) throw new DeskError('internal', UNREADABLE);
  if (!decoded.ok) throw DeskError.fromBody(decoded.error);
  return decoded.value;
}

/**
 * A request's body for a frame's chunks. With files in it, a Blob of the chunks: the picked files'
 * bytes are not copied into one buffer. Without, the two small chunks joined: a Blob would cost the
 * page a registration with the browser's blob store, and the request a read from it, before it leaves.
 */
function frameBody(chunks: Uint8Array[]): BodyInit {
  const [prefix, header, ...parts] = chunks as Uint8Array<ArrayBuffer>[];
  if (parts.length > 0 || !prefix || !header) return new Blob(chunks as Uint8Array<ArrayBuffer>[]);
  const body = new Uint8Array(prefix.byteLength + header.byteLength);
  body.set(prefix);
  body.set(header, prefix.byteLength);
  return body;
}

export function createBridgeClient(options: BridgeOptions): DeskApi {
  const base = options.baseUrl ?? '';
  const doFetch = options.fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const listeners = new Map<string, Set<Listener>>();
  let source: EventSource | null = null;

  const ensureSource = (): void => {
    if (source) return;
    const query = options.token === null ? '' : `?${BRIDGE.tokenQuery}=${encodeURIComponent(options.token)}`;
    const url = `${base}${BRIDGE.eventsPath}${query}`;
    source = options.eventSourceImpl ? options.eventSourceImpl(url) : new EventSource(url);
    for (const name of listeners.keys()) attach(name);
  };
  const attached = new Set<string>();
  const attach = (name: string): void => {
    if (!source || attached.has(name)) return;
    attached.add(name);
    source.addEventListener(name, (event) => {
      const data = (event as MessageEvent<string>).data;
      let payload: unknown;
      try {
        payload = decodeWire(data);
      } catch {
        return;
      }
      for (const listener of listeners.get(name) ?? []) listener(payload);
    });
  };

  return {
    async invoke<C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> {
      let response: Response;
      try {
        response = await doFetch(`${base}${BRIDGE.invokePath(channel)}`, {
          method: 'POST',
          headers: {
            'content-type': FRAME_CONTENT_TYPE,
            accept: FRAME_CONTENT_TYPE,
            ...(options.token === null ? {} : { [BRIDGE.tokenHeader]: options.token }),
          },
          body: frameBody(encodeFrame(input)),
        });
      } catch {
        throw new DeskError('internal', 'The app core cannot be reached. Restart FICA Desk.');
      }
      return (await readIpcResult(response)) as ChannelOutput<C>;
    },
    on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
      if (!isEventName(event)) throw new DeskError('unknown-channel', `Unknown event ${String(event)}`);
      let set = listeners.get(event);
      if (!set) {
        set = new Set();
        listeners.set(event, set);
      }
      const l = listener as Listener;
      set.add(l);
      ensureSource();
      attach(event);
      return () => {
        set.delete(l);
      };
    },
  };
}

let instance: DeskApi | null = null;

/** window.desk when the preload gave it, else the loopback bridge of the headless host. */
export function desk(): DeskApi {
  if (instance) return instance;
  if (window.desk) {
    instance = wrapPreloadApi(window.desk);
    return instance;
  }
  // The headless host serves this page only to a browser holding its session cookie, which every
  // same-origin request and the event stream carry.
  instance = createBridgeClient({ token: null });
  return instance;
}

/** Typed shorthand used by screens. */
export function call<C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> {
  return desk().invoke(channel, input);
}

/** A person-readable message for any failure. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return inScreenWords(error.message);
  return 'Something went wrong.';
}
