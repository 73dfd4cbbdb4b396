// The demo partner's staff passwords in clear, so that every start of a data folder can print
// them (a training sandbox; its database is sealed at rest when the desktop app gives it a key).
// Other partners' passwords are shown once, in the answer that created them, and never kept.
import type { AppContext } from '../context.js';
import type { DemoPartner } from '../seed.js';

const DEMO_PARTNER_KEY = 'demo_partner';
const DEMO_PASSWORDS_KEY = 'demo_staff_passwords';

type Meta = Pick<AppContext['partners'], 'getMeta' | 'setMeta'>;

export function readDemoPartner(meta: Meta): DemoPartner | undefined {
  const stored = meta.getMeta(DEMO_PARTNER_KEY);
  return stored ? (JSON.parse(stored) as DemoPartner) : undefined;
}

export function writeDemoPartner(meta: Meta, demo: DemoPartner): void {
  meta.setMeta(DEMO_PARTNER_KEY, JSON.stringify(demo));
}

/** Password by user id. */
export function readDemoPasswords(meta: Meta): Record<string, string> {
  const stored = meta.getMeta(DEMO_PASSWORDS_KEY);
  return stored ? (JSON.parse(stored) as Record<string, string>) : {};
}

/** Keeps a demo account's new password, so the next start prints it; other partners' are not kept. */
export function rememberDemoPassword(meta: Meta, partnerId: string, userId: string, password: string): void {
  if (readDemoPartner(meta)?.partnerId !== partnerId) return;
  meta.setMeta(DEMO_PASSWORDS_KEY, JSON.stringify({ ...readDemoPasswords(meta), [userId]: password }));
}
