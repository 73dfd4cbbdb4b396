// Builds the Fastify instance: parsers, error shapes, plugins (idempotency, rate limiting, webhooks)
// and the routes listed in routes/index.ts.
import type { ServerOptions } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { SandboxConfig } from './config.js';
import { createContext, type AppContext } from './context.js';
import { registerErrorHandling } from './http/errors.js';
import { registerFormParser } from './http/form-parser.js';
import { registerJsonParser } from './http/json-parser.js';
import { registerBodyIdleTimeout } from './http/body-timeout.js';
import { registerRoutes } from './routes/index.js';
import { registerRateLimit } from './http/rate-limit.js';
import { registerIdempotency } from './http/idempotency.js';
import { registerWebhookWorker } from './webhooks/runtime.js';
import { registerAtRestPersistence } from './http/at-rest-persistence.js';
import { registerOidcProvider } from './oidc/mount.js';

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
}

/** Largest JSON body accepted; bigger bodies are refused with 413 before they are parsed. */
const JSON_BODY_LIMIT = 1024 * 1024;

/**
 * Node's own limits on a connection: the request head must arrive whole within `headersMs` (checked
 * this often, so a half-sent head is cut within a fraction of it), and a whole request within the
 * longest any body is allowed, a backstop behind http/body-timeout.ts.
 */
function connectionLimits(config: SandboxConfig): { http: ServerOptions; requestTimeout: number } {
  const limits = config.requestLimits;
  const largest = Math.max(...Object.values(config.limits));
  const longestBody = Math.max(
    limits.jsonBodyMs,
    limits.uploadGraceMs + (largest / limits.uploadMinBytesPerSecond) * 1000,
  );
  return {
    http: {
      headersTimeout: limits.headersMs,
      connectionsCheckingInterval: Math.min(1000, Math.max(50, Math.floor(limits.headersMs / 10))),
    },
    requestTimeout: Math.ceil(limits.headersMs + longestBody + limits.afterAnswerMs + 1000),
  };
}

export async function buildApp(config: SandboxConfig, opts: { logger?: boolean } = {}): Promise<BuiltApp> {
  const ctx = createContext(config);
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: JSON_BODY_LIMIT,
    ...connectionLimits(config),
    // Ids are UUIDs; a long path segment is refused rather than looked up.
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
  });
  registerErrorHandling(app);
  // First of the root hooks: the provider reads its own bodies and answers outside Fastify's rules.
  registerOidcProvider(app, ctx);
  registerBodyIdleTimeout(app, config.requestLimits);
  registerJsonParser(app);
  registerFormParser(app);
  // Upload limits are applied per route while streaming (http/upload.ts); these are outer bounds.
  await app.register(multipart, {
    limits: { fields: 20, fieldSize: 64 * 1024, parts: 40, headerPairs: 200 },
  });
  // Root hooks: they run for every route, after the bearer check (onRequest) and before the body is read.
  registerRateLimit(app, { ...config.rateLimit, now: config.clock });
  registerIdempotency(app, ctx.db, { now: config.clock });
  registerAtRestPersistence(app, ctx);
  registerWebhookWorker(app, ctx);
  await registerRoutes(app, ctx);
  app.addHook('onClose', async () => {
    ctx.persist();
    ctx.db.close();
  });
  return { app, ctx };
}
