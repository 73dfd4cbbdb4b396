// Lookups under /api/v1/settings/ (entity-api.md "Lookups", contract §4 and §10).
import type { FastifyInstance } from 'fastify';
import { LOOKUPS } from '../../shared/api/routes.js';
import type { AppContext } from '../context.js';
import { LOOKUP_TABLES } from '../fixtures/lookups.js';
import { notFound } from '../http/errors.js';
import { serve } from '../http/serve.js';
import { partnerView } from '../services/partner-view.js';

export function settingsRoutes(scope: FastifyInstance, ctx: AppContext): void {
  for (const [name, rows] of Object.entries(LOOKUP_TABLES)) {
    serve(scope, LOOKUPS[name as keyof typeof LOOKUP_TABLES], async () => rows);
  }
  serve(scope, LOOKUPS.partner, async (request) => {
    const partner = ctx.partners.get(request.partnerId);
    if (!partner) throw notFound('Partner not found');
    const view = partnerView(partner);
    return { id: view.id, name: view.name, balance: view.balance, riskSettings: view.riskSettings };
  });
  serve(scope, LOOKUPS.users, async (request) => ctx.partners.users(request.partnerId));
}
