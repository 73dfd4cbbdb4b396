// The hash router: the screen shown follows the address, and going to a route changes the address.
import { beforeAll, describe, expect, it } from 'vitest';
import type { HashRouter as Router } from '../../../../renderer/lib/router.svelte.js';

// Node has no window: an event target whose location.hash setter fires hashchange, as a browser's does.
let hash = '#/queue';
const fake = Object.assign(new EventTarget(), {
  location: {
    get hash() {
      return hash;
    },
    set hash(value: string) {
      if (value === hash) return;
      hash = value;
      fake.dispatchEvent(new Event('hashchange'));
    },
  },
});
let HashRouter: typeof Router;

beforeAll(async () => {
  (globalThis as unknown as { window?: unknown }).window = fake;
  ({ HashRouter } = await import('../../../../renderer/lib/router.svelte.js'));
});

describe('HashRouter', () => {
  it('starts on the screen the address names', () => {
    expect(new HashRouter().route).toEqual({ name: 'queue' });
  });

  it('shows the screen a route names and puts it in the address', () => {
    const router = new HashRouter();
    router.go({ name: 'case', id: 'c-1', step: 'people', sub: null });
    expect(router.route).toEqual({ name: 'case', id: 'c-1', step: 'people', sub: null });
    expect(fake.location.hash).toBe('#/case/c-1/people');
  });

  it('follows the address when the person uses Back', () => {
    const router = new HashRouter();
    fake.location.hash = '#/new/entity';
    expect(router.route).toEqual({ name: 'new-entity' });
  });
});
