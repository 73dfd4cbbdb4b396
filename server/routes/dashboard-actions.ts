// POST /sandbox/v1/dashboard-actions (contract §10): a simulated dashboard user changes records and
// the published events are emitted. Registered only in sandbox mode, like every /sandbox/v1 route.
import type { FastifyInstance } from 'fastify';
import { DashboardActionSchema } from '../../shared/api/sandbox.js';
import type { AppContext } from '../context.js';
import { jsonObject, parseWith } from '../http/validate.js';
import { DashboardActions } from '../services/dashboard-actions.js';

export function dashboardActionRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const actions = new DashboardActions(ctx);
  // Uploads travel as base64 inside the JSON body, so this route takes bodies up to the document limit.
  scope.post(
    '/dashboard-actions',
    { bodyLimit: Math.ceil((ctx.config.limits.entityDocumentBytes * 4) / 3) + 64 * 1024 },
    async (request) => {
      const action = parseWith(DashboardActionSchema, jsonObject(request.body));
      return { eventIds: await actions.run(action) };
    },
  );
}
