// The one list of route modules (entities, UBOs, documents, individuals, bank verification,
// webhooks, dashboard actions); a new module is added to the lists below.
import type { FastifyInstance } from 'fastify';
import { API_BASE, SANDBOX_BASE } from '../../shared/api/routes.js';
import type { AppContext } from '../context.js';
import { requireBearer } from '../auth/bearer.js';
import { refuseCrossSite } from '../http/same-site.js';
import { oauthRoutes } from './oauth.js';
import { sandboxPartnerRoutes } from './sandbox-partners.js';
import { settingsRoutes } from './settings.js';
import { entityRoutes } from './entity.js';
import { uboRoutes } from './entity-ubos.js';
import { uboDocumentRoutes } from './entity-ubo-documents.js';
import { entityDocumentRoutes } from './entity-documents.js';
import { organigramRoutes } from './entity-organigram.js';
import { decisionRoutes } from './entity-decision.js';
import { reportRoutes } from './entity-report.js';
import { individualRoutes } from './individual.js';
import { individualDocumentRoutes } from './individual-documents.js';
import { individualDecisionRoutes } from './individual-decision.js';
import { bankRoutes } from './bank.js';
import { webhookRoutes } from './webhooks.js';
import { dashboardActionRoutes } from './dashboard-actions.js';
import { sandboxSecurityRoutes } from './sandbox-security.js';
import { controlSecretOf, requireControlSecret } from '../auth/control-secret.js';

export type RouteModule = (scope: FastifyInstance, ctx: AppContext) => void;

/** Routes under /api/v1, all behind the bearer check. */
const API_V1: RouteModule[] = [
  settingsRoutes,
  entityRoutes,
  uboRoutes,
  uboDocumentRoutes,
  entityDocumentRoutes,
  organigramRoutes,
  decisionRoutes,
  reportRoutes,
  individualRoutes,
  individualDocumentRoutes,
  individualDecisionRoutes,
  bankRoutes,
  webhookRoutes,
];

/**
 * Routes under /sandbox/v1: only in sandbox mode (contract §10), no bearer but the control secret,
 * same-site JSON only.
 */
const SANDBOX_V1: RouteModule[] = [sandboxPartnerRoutes, sandboxSecurityRoutes, dashboardActionRoutes];

export async function registerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  oauthRoutes(app, ctx);
  await app.register(
    async (scope) => {
      requireBearer(scope, ctx.tokens);
      for (const module of API_V1) module(scope, ctx);
    },
    { prefix: API_BASE },
  );
  if (ctx.config.mode === 'sandbox') {
    await app.register(
      async (scope) => {
        refuseCrossSite(scope);
        requireControlSecret(scope, controlSecretOf(ctx));
        for (const module of SANDBOX_V1) module(scope, ctx);
      },
      { prefix: SANDBOX_BASE },
    );
  }
}
