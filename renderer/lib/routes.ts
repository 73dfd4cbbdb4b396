// The hash routes of the app. Pure, so the router's parsing is tested without a browser.
import type { DeskKind } from '../../shared/ipc/desk-model.js';

export type Route =
  | { name: 'cases' }
  | { name: 'new-entity' }
  | { name: 'new-individual' }
  | { name: 'case'; id: string; step: string | null; sub: string | null }
  | { name: 'report'; id: string }
  | { name: 'desk' }
  | { name: 'desk-case'; kind: DeskKind; serverId: string }
  | { name: 'desk-report'; kind: DeskKind; serverId: string }
  | { name: 'queue' }
  | { name: 'settings' }
  | { name: 'not-found'; path: string };

const decode = (part: string | undefined): string | null => {
  if (part === undefined || part === '') return null;
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
};

export function parseRoute(hash: string): Route {
  const path = hash.replace(/^#/, '').replace(/^\/+/, '').replace(/\/+$/, '');
  const parts = path === '' ? [] : path.split('/');
  const [first, second, third, fourth] = parts;
  if (parts.length === 0 || (first === 'cases' && parts.length === 1)) return { name: 'cases' };
  if (first === 'new' && second === 'entity' && parts.length === 2) return { name: 'new-entity' };
  if (first === 'new' && second === 'individual' && parts.length === 2) return { name: 'new-individual' };
  if (first === 'queue' && parts.length === 1) return { name: 'queue' };
  if (first === 'desk' && parts.length === 1) return { name: 'desk' };
  if (first === 'desk' && (second === 'entity' || second === 'individual') && third) {
    const serverId = decode(third);
    if (serverId && parts.length === 3) return { name: 'desk-case', kind: second, serverId };
    if (serverId && parts.length === 4 && fourth === 'report')
      return { name: 'desk-report', kind: second, serverId };
  }
  if (first === 'settings' && parts.length === 1) return { name: 'settings' };
  if (first === 'case' && second && parts.length <= 4) {
    const id = decode(second);
    if (id) {
      if (third === 'report' && parts.length === 3) return { name: 'report', id };
      return { name: 'case', id, step: decode(third), sub: decode(fourth) };
    }
  }
  return { name: 'not-found', path };
}

export function routeHref(route: Route): string {
  switch (route.name) {
    case 'cases':
      return '#/cases';
    case 'new-entity':
      return '#/new/entity';
    case 'new-individual':
      return '#/new/individual';
    case 'queue':
      return '#/queue';
    case 'desk':
      return '#/desk';
    case 'desk-case':
      return `#/desk/${route.kind}/${encodeURIComponent(route.serverId)}`;
    case 'desk-report':
      return `#/desk/${route.kind}/${encodeURIComponent(route.serverId)}/report`;
    case 'settings':
      return '#/settings';
    case 'report':
      return `#/case/${encodeURIComponent(route.id)}/report`;
    case 'case': {
      let href = `#/case/${encodeURIComponent(route.id)}`;
      if (route.step) href += `/${encodeURIComponent(route.step)}`;
      if (route.step && route.sub) href += `/${encodeURIComponent(route.sub)}`;
      return href;
    }
    case 'not-found':
      return `#/${route.path}`;
  }
}

export const caseHref = (id: string, step?: string | null, sub?: string | null): string =>
  routeHref({ name: 'case', id, step: step ?? null, sub: sub ?? null });

export const deskCaseHref = (kind: DeskKind, serverId: string): string =>
  routeHref({ name: 'desk-case', kind, serverId });
