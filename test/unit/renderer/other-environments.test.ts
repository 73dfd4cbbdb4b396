// The words for work kept under other environment profiles (cases list and queue).
import { describe, expect, it } from 'vitest';
import { elsewhereLine, elsewhereWithWork } from '../../../renderer/lib/environments.js';

const entry = (cases: number, unsent: number, profileName: string | null = 'Live') => ({
  profileId: 'p',
  profileName,
  kind: profileName === null ? null : ('live' as const),
  cases,
  unsent,
});

describe('other environments', () => {
  it('counts cases and unsent items under the profile, and says how to see them', () => {
    expect(elsewhereLine(entry(3, 5))).toBe('3 cases and 5 unsent items under Live — switch to see them');
    expect(elsewhereLine(entry(1, 1))).toBe('1 case and 1 unsent item under Live — switch to see them');
    expect(elsewhereLine(entry(2, 0, 'Branch test'))).toBe('2 cases under Branch test — switch to see them');
  });

  it('does not offer a switch to a profile that was removed', () => {
    expect(elsewhereLine(entry(2, 0, null))).toBe(
      '2 cases under an environment that was removed from this laptop',
    );
  });

  it('leaves out profiles that hold nothing', () => {
    expect(elsewhereWithWork([entry(0, 0), entry(1, 0, 'Test')]).map((e) => e.profileName)).toEqual(['Test']);
  });
});
