import { describe, expect, it } from 'vitest';
import {
  isPermissionCheckAllowed,
  isPermissionRequestAllowed,
} from '../../../electron/security/permissions.js';

const appPage = 'app://fica-desk/index.html';
const camera = { permission: 'media', requestingUrl: appPage, isMainFrame: true, mediaTypes: ['video'] };

// Every permission Electron 45 can ask about, except 'media' and 'clipboard-sanitized-write', which
// are tested case by case.
const OTHER_PERMISSIONS = [
  'ar',
  'automatic-fullscreen',
  'background-fetch',
  'background-sync',
  'captured-surface-control',
  'clipboard-read',
  'deprecated-sync-clipboard-read',
  'display-capture',
  'fileSystem',
  'fullscreen',
  'geolocation',
  'geolocation-approximate',
  'hand-tracking',
  'hid',
  'idle-detection',
  'keyboardLock',
  'local-fonts',
  'local-network',
  'local-network-access',
  'loopback-network',
  'mediaKeySystem',
  'midi',
  'midiSysex',
  'nfc',
  'notifications',
  'openExternal',
  'payment-handler',
  'periodic-background-sync',
  'persistent-storage',
  'pointerLock',
  'screen-wake-lock',
  'sensors',
  'serial',
  'smart-card',
  'speaker-selection',
  'storage-access',
  'system-wake-lock',
  'top-level-storage-access',
  'usb',
  'vr',
  'web-app-installation',
  'web-printing',
  'window-management',
  'unknown',
];

describe('permission requests', () => {
  it('grants the camera to the app’s top frame', () => {
    expect(isPermissionRequestAllowed(camera)).toBe(true);
  });

  it('refuses the microphone, alone or with the camera', () => {
    expect(isPermissionRequestAllowed({ ...camera, mediaTypes: ['audio'] })).toBe(false);
    expect(isPermissionRequestAllowed({ ...camera, mediaTypes: ['video', 'audio'] })).toBe(false);
  });

  it('refuses media requests that do not say what they want', () => {
    expect(isPermissionRequestAllowed({ ...camera, mediaTypes: [] })).toBe(false);
    expect(isPermissionRequestAllowed({ ...camera, mediaTypes: undefined })).toBe(false);
  });

  it.each(OTHER_PERMISSIONS)('refuses %s even to the app', (permission) => {
    expect(isPermissionRequestAllowed({ ...camera, permission })).toBe(false);
  });

  it.each([
    'https://fica-desk/index.html',
    'app://fica-desk.evil.example/index.html',
    'app://evil/index.html',
    'file:///app/index.html',
    'http://localhost:5173/',
    'app://fica-desk:8080/index.html',
    'app://user@fica-desk/index.html',
    '',
    'not a url',
  ])('refuses the camera to %s', (requestingUrl) => {
    expect(isPermissionRequestAllowed({ ...camera, requestingUrl })).toBe(false);
  });

  it('refuses the camera to a subframe, even on the app origin', () => {
    expect(isPermissionRequestAllowed({ ...camera, isMainFrame: false })).toBe(false);
  });

  it('grants clipboard writes (copy buttons) to the app’s top frame', () => {
    expect(
      isPermissionRequestAllowed({
        permission: 'clipboard-sanitized-write',
        requestingUrl: appPage,
        isMainFrame: true,
      }),
    ).toBe(true);
  });

  it('refuses clipboard writes to other origins and subframes', () => {
    const write = { permission: 'clipboard-sanitized-write', requestingUrl: appPage, isMainFrame: true };
    expect(isPermissionRequestAllowed({ ...write, requestingUrl: 'https://example.com/' })).toBe(false);
    expect(isPermissionRequestAllowed({ ...write, isMainFrame: false })).toBe(false);
  });
});

describe('permission checks', () => {
  const check = {
    permission: 'media',
    requestingOrigin: 'app://fica-desk',
    isMainFrame: true,
    mediaType: 'video',
  };

  it('answers yes for the camera on the app origin, with or without a trailing slash', () => {
    expect(isPermissionCheckAllowed(check)).toBe(true);
    expect(isPermissionCheckAllowed({ ...check, requestingOrigin: 'app://fica-desk/' })).toBe(true);
  });

  it.each(['audio', 'unknown', undefined])('answers no for media type %s', (mediaType) => {
    expect(isPermissionCheckAllowed({ ...check, mediaType })).toBe(false);
  });

  it.each(OTHER_PERMISSIONS)('answers no for %s', (permission) => {
    expect(isPermissionCheckAllowed({ ...check, permission })).toBe(false);
  });

  it('answers yes for clipboard writes on the app origin, no elsewhere', () => {
    const write = {
      permission: 'clipboard-sanitized-write',
      requestingOrigin: 'app://fica-desk',
      isMainFrame: true,
    };
    expect(isPermissionCheckAllowed(write)).toBe(true);
    expect(isPermissionCheckAllowed({ ...write, requestingOrigin: 'https://example.com' })).toBe(false);
    expect(isPermissionCheckAllowed({ ...write, embeddingOrigin: 'https://example.com' })).toBe(false);
  });

  it('answers no for other origins, subframes and embedded frames', () => {
    expect(isPermissionCheckAllowed({ ...check, requestingOrigin: 'https://example.com' })).toBe(false);
    expect(isPermissionCheckAllowed({ ...check, requestingOrigin: 'file://' })).toBe(false);
    expect(isPermissionCheckAllowed({ ...check, isMainFrame: false })).toBe(false);
    expect(isPermissionCheckAllowed({ ...check, embeddingOrigin: 'https://example.com' })).toBe(false);
  });
});
