// Lookups under /api/v1/settings/ (entity-api.md "Lookups", contract §4 and §10).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { LOOKUP_TABLES } from '../fixtures/lookups.js';
import { notFound } from '../http/errors.js';
import { partnerView } from '../services/partner-view.js';

export function settingsRoutes(scope: FastifyInstance, ctx: AppContext): void {
  for (const [path, rows] of Object.entries(LOOKUP_TABLES)) {
    scope.get(`/settings/${path}`, async () => rows);
  }
  scope.get('/settings/partner', async (request) => {
    const partner = ctx.partners.get(request.partnerId);
    if (!partner) throw notFound('Partner not found');
    const view = partnerView(partner);
    return { id: view.id, name: view.name, balance: view.balance, riskSettings: view.riskSettings };
  });
  scope.get('/settings/users', async (request) => ctx.partners.users(request.partnerId));
}
