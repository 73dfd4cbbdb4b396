// A tiny hash router: the current route as state, following hashchange.
import { parseRoute, routeHref, type Route } from './routes.js';

export class HashRouter {
  route = $state<Route>(parseRoute(window.location.hash));

  constructor() {
    window.addEventListener('hashchange', () => {
      this.route = parseRoute(window.location.hash);
    });
  }

  go(route: Route | string): void {
    const href = typeof route === 'string' ? route : routeHref(route);
    if (window.location.hash === href) this.route = parseRoute(href);
    else window.location.hash = href;
  }
}

export const router = new HashRouter();
