// Webhook subscriptions (webhooks.md, contract §8). The secret appears only in the create answer.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { badRequest, notFound } from '../http/errors.js';
import { jsonObject, parseWith, uuidParam } from '../http/validate.js';
import { subscriptionView } from '../webhooks/subscription-store.js';
import { subscriptionUrlProblem } from '../webhooks/url-policy.js';
import { webhooksFor } from '../webhooks/runtime.js';
import { ROUTES } from '../../shared/api/routes.js';
import { serve } from '../http/serve.js';

export function webhookRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const { subscriptions } = webhooksFor(ctx);

  const checkUrl = (url: string): void => {
    const problem = subscriptionUrlProblem(url, ctx.config.mode);
    if (problem) throw badRequest(`url: ${problem}`, [{ path: 'url', message: problem }]);
  };

  const find = (partnerId: string, id: string) => {
    const subscription = subscriptions.get(partnerId, uuidParam(id, 'Subscription'));
    if (!subscription) throw notFound('Subscription not found');
    return subscription;
  };

  serve(scope, ROUTES.createSubscription, async (request, reply) => {
    const body = parseWith(ROUTES.createSubscription.json, jsonObject(request.body));
    checkUrl(body.url);
    const s = subscriptions.create(request.partnerId, body);
    return reply.status(201).send({
      id: s.id,
      name: s.name,
      url: s.url,
      enabled: s.enabled,
      eventTypes: s.eventTypes,
      secret: s.secret,
      createdAt: s.createdAt,
    });
  });

  serve(scope, ROUTES.listSubscriptions, async (request) =>
    subscriptions.list(request.partnerId).map(subscriptionView),
  );

  serve(scope, ROUTES.getSubscription, async (request) =>
    subscriptionView(find(request.partnerId, request.params.id)),
  );

  serve(scope, ROUTES.updateSubscription, async (request) => {
    const current = find(request.partnerId, request.params.id);
    const body = parseWith(ROUTES.updateSubscription.json, jsonObject(request.body));
    if (body.url !== undefined) checkUrl(body.url);
    const updated = subscriptions.update(request.partnerId, current.id, body);
    if (!updated) throw notFound('Subscription not found');
    return subscriptionView(updated);
  });

  serve(scope, ROUTES.deleteSubscription, async (request) => {
    const current = find(request.partnerId, request.params.id);
    subscriptions.delete(request.partnerId, current.id);
    return { message: 'Subscription deleted', id: current.id };
  });
}
