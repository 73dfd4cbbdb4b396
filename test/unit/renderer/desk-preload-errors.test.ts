import { describe, expect, it } from 'vitest';
import { DeskError, type DeskApi } from '../../../shared/ipc/index.js';
import { toDeskError, wrapPreloadApi } from '../../../renderer/lib/preload.js';

/** window.desk as Electron's contextBridge hands it over: rejections are plain objects. */
function fakePreload(reject: unknown, answer: unknown = { ok: true }): DeskApi & { calls: unknown[] } {
  const calls: unknown[] = [];
  return {
    calls,
    invoke: ((channel: string, input: unknown) => {
      calls.push({ channel, input });
      return reject === undefined ? Promise.resolve(answer) : Promise.reject(reject);
    }) as DeskApi['invoke'],
    on: (() => () => undefined) as DeskApi['on'],
  };
}

describe('the preload wrapper', () => {
  it('turns a plain {code, message, issues} rejection into a DeskError with the same fields', async () => {
    const api = wrapPreloadApi(
      fakePreload({
        code: 'invalid-input',
        message: 'Some fields need attention.',
        issues: [{ path: 'request.accountNumber', message: 'accountNumber must be 6 to 16 digits' }],
      }),
    );
    const error = await api.invoke('status.get', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeskError);
    expect(error).toMatchObject({
      code: 'invalid-input',
      message: 'Some fields need attention.',
      issues: [{ path: 'request.accountNumber', message: 'accountNumber must be 6 to 16 digits' }],
    });
  });

  it('keeps an offline answer recognisable by its code', async () => {
    const api = wrapPreloadApi(fakePreload({ code: 'offline', message: 'No connection.' }));
    const error = await api.invoke('status.get', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeskError);
    expect((error as DeskError).code).toBe('offline');
  });

  it('passes values, inputs and other failures through unchanged', async () => {
    const fake = fakePreload(undefined, { answer: 42 });
    await expect(wrapPreloadApi(fake).invoke('status.get', {})).resolves.toEqual({ answer: 42 });
    expect(fake.calls).toEqual([{ channel: 'status.get', input: {} }]);

    const boom = new TypeError('boom');
    await expect(wrapPreloadApi(fakePreload(boom)).invoke('status.get', {})).rejects.toBe(boom);
    const odd = { code: 'not-a-code', message: 'x' };
    await expect(wrapPreloadApi(fakePreload(odd)).invoke('status.get', {})).rejects.toBe(odd);
  });

  it('leaves a DeskError as it is', () => {
    const e = new DeskError('offline', 'No connection.');
    expect(toDeskError(e)).toBe(e);
  });
});
