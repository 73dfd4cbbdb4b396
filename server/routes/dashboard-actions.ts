// POST /sandbox/v1/dashboard-actions (contract §10): a simulated dashboard user changes records and
// the published events are emitted. Registered only in sandbox mode, like every /sandbox/v1 route.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { jsonObject, parseWith } from '../http/validate.js';
import { DashboardActions } from '../services/dashboard-actions.js';
import { ROUTES } from '../../shared/api/routes.js';
import { serve } from '../http/serve.js';

export function dashboardActionRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const actions = new DashboardActions(ctx);
  // Uploads travel as base64 inside the JSON body, so this route takes bodies up to the document limit.
  serve(
    scope,
    ROUTES.dashboardAction,
    async (request) => {
      const action = parseWith(ROUTES.dashboardAction.json, jsonObject(request.body));
      return { eventIds: await actions.run(action) };
    },
    { bodyLimit: Math.ceil((ctx.config.limits.entityDocumentBytes * 4) / 3) + 64 * 1024 },
  );
}
