// npm start / npm run dist rebuild the native modules for Electron and back for Node; the plan says
// when a rebuild is needed, and a failure says why in words (Electron's headers are unreachable here).
import { describe, expect, it } from 'vitest';
import { planNativeSwitch, rebuildFailureText } from '../../../scripts/native-modules.mjs';

const node = { runtime: 'node', version: '20.19.0' } as const;
const electron = { runtime: 'electron', version: '45.4.1' } as const;

describe('native module runtime switch', () => {
  it('does nothing for Node right after npm ci (no marker)', () => {
    expect(planNativeSwitch(null, node)).toBe('nothing');
  });

  it('rebuilds for Electron after npm ci', () => {
    expect(planNativeSwitch(null, electron)).toBe('rebuild-for-electron');
  });

  it('rebuilds back for Node after npm start or npm run dist', () => {
    expect(planNativeSwitch(electron, node)).toBe('rebuild-for-node');
  });

  it('does nothing when already built for this Electron', () => {
    expect(planNativeSwitch(electron, electron)).toBe('nothing');
  });

  it('rebuilds when Electron was upgraded', () => {
    expect(planNativeSwitch({ runtime: 'electron', version: '44.0.0' }, electron)).toBe(
      'rebuild-for-electron',
    );
  });

  it('says plainly that the Electron headers cannot be downloaded here and the Node copies still work', () => {
    const text = rebuildFailureText('rebuild-for-electron', 'getaddrinfo ENOTFOUND artifacts.electronjs.org');
    expect(text).toContain('cannot reach');
    expect(text).toContain('npm test and npm run start:web still work');
  });
});
