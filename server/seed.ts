// The demo partner every fresh data folder starts with (contract §11). Its credentials are kept
// in sandbox_meta so that restarting on the same folder prints the same client id and secret.
import type { AppContext } from './context.js';

export interface DemoPartner {
  partnerId: string;
  clientId: string;
  clientSecret: string;
}

const KEY = 'demo_partner';

export function ensureDemoPartner(ctx: AppContext): DemoPartner {
  const stored = ctx.partners.getMeta(KEY);
  if (stored) {
    const demo = JSON.parse(stored) as DemoPartner;
    if (ctx.partners.get(demo.partnerId)) return demo;
  }
  const { partner, clientSecret } = ctx.partners.create({
    name: 'Demo Partner',
    balance: ctx.config.defaultBalance,
  });
  const demo: DemoPartner = { partnerId: partner.id, clientId: partner.clientId, clientSecret };
  ctx.partners.setMeta(KEY, JSON.stringify(demo));
  return demo;
}
