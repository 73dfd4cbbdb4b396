// A sealed sandbox (store/sealed-database.ts) keeps its database in memory: a write request's
// changes are sealed to disk before its answer is sent, so a client never records an answer the
// sandbox could lose in a crash; changes made in the background (webhook deliveries, scheduled
// results) are sealed within a second.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';

const BACKGROUND_PERSIST_MS = 1000;

export function registerAtRestPersistence(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'persist' | 'config'>,
): void {
  if (!ctx.config.atRestKey) return;
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') ctx.persist();
    return payload;
  });
  const timer = setInterval(() => ctx.persist(), BACKGROUND_PERSIST_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
