// Webhook subscriptions (webhooks.md, contract §8). The secret appears only in the create answer.
import type { FastifyInstance } from 'fastify';
import {
  SubscriptionCreateRequestSchema,
  SubscriptionUpdateRequestSchema,
} from '../../shared/api/webhooks.js';
import type { AppContext } from '../context.js';
import { badRequest, notFound } from '../http/errors.js';
import { jsonObject, parseWith, uuidParam } from '../http/validate.js';
import { subscriptionView } from '../webhooks/subscription-store.js';
import { subscriptionUrlProblem } from '../webhooks/url-policy.js';
import { webhooksFor } from '../webhooks/runtime.js';

type IdParams = { Params: { id: string } };

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

  scope.post('/webhooks/subscriptions', async (request, reply) => {
    const body = parseWith(SubscriptionCreateRequestSchema, jsonObject(request.body));
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

  scope.get('/webhooks/subscriptions', async (request) =>
    subscriptions.list(request.partnerId).map(subscriptionView),
  );

  scope.get<IdParams>('/webhooks/subscriptions/:id', async (request) =>
    subscriptionView(find(request.partnerId, request.params.id)),
  );

  scope.patch<IdParams>('/webhooks/subscriptions/:id', async (request) => {
    const current = find(request.partnerId, request.params.id);
    const body = parseWith(SubscriptionUpdateRequestSchema, jsonObject(request.body));
    if (body.url !== undefined) checkUrl(body.url);
    const updated = subscriptions.update(request.partnerId, current.id, body);
    if (!updated) throw notFound('Subscription not found');
    return subscriptionView(updated);
  });

  scope.delete<IdParams>('/webhooks/subscriptions/:id', async (request) => {
    const current = find(request.partnerId, request.params.id);
    subscriptions.delete(request.partnerId, current.id);
    return { message: 'Subscription deleted', id: current.id };
  });
}
