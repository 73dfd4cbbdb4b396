// Individual records: create, list, read, update, and the screening, validation and PEP steps.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { jsonObject, parseWith, uuidParam } from '../http/validate.js';
import { individualServiceFor } from '../services/individual-context.js';
import { individualListItemView, individualRecordView } from '../services/individual-views.js';
import type { IndividualFilters } from '../store/individuals.js';
import { ROUTES } from '../../shared/api/routes.js';
import { serve } from '../http/serve.js';

/** A whole-day filter: the day written in the value, 00:00:00 to 23:59:59.999 UTC. */
function wholeDay(value: string | undefined): { from: string; to: string } | undefined {
  if (value === undefined) return undefined;
  const date = value.slice(0, 10);
  return { from: `${date}T00:00:00.000Z`, to: `${date}T23:59:59.999Z` };
}

export function individualRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const service = individualServiceFor(ctx);
  const record = (partnerId: string, id: string) => service.get(partnerId, uuidParam(id, 'Individual'));
  const view = (individual: ReturnType<typeof service.get>) =>
    individualRecordView(individual, service.documents(individual));

  serve(scope, ROUTES.createIndividual, async (request, reply) => {
    const body = parseWith(ROUTES.createIndividual.json, jsonObject(request.body));
    const individual = service.create(request.partnerId, body);
    return reply.status(201).send({ id: individual.id });
  });

  serve(scope, ROUTES.listIndividuals, async (request) => {
    const { take, skip, approvalDate, lastUpdated, nextFicaReviewDate, ...contains } = parseWith(
      ROUTES.listIndividuals.query,
      request.query,
    );
    const filters: IndividualFilters = { ...contains };
    const days = {
      approvalDate: wholeDay(approvalDate),
      lastUpdated: wholeDay(lastUpdated),
      nextFicaReviewDate: wholeDay(nextFicaReviewDate),
    };
    for (const [key, range] of Object.entries(days) as Array<
      [keyof typeof days, { from: string; to: string } | undefined]
    >) {
      if (range) filters[key] = range;
    }
    const page = service.list(request.partnerId, filters, take, skip);
    return { data: page.data.map(individualListItemView), count: page.count, take, skip };
  });

  serve(scope, ROUTES.getIndividual, async (request) => view(record(request.partnerId, request.params.id)));

  serve(scope, ROUTES.updateIndividual, async (request) => {
    const individual = record(request.partnerId, request.params.id);
    const body = parseWith(ROUTES.updateIndividual.json, jsonObject(request.body));
    return view(service.update(individual, body));
  });

  serve(scope, ROUTES.amlScreening, async (request) => {
    const individual = record(request.partnerId, request.params.id);
    return service.amlScreening(individual);
  });

  serve(scope, ROUTES.externalValidation, async (request) => {
    const individual = record(request.partnerId, request.params.id);
    // The body is optional: none, or an empty object, means "use the record's data".
    const raw = request.body === undefined || request.body === null ? {} : jsonObject(request.body);
    return service.externalValidation(individual, parseWith(ROUTES.externalValidation.json, raw));
  });

  serve(scope, ROUTES.pepSanctionsDecision, async (request) => {
    const individual = record(request.partnerId, request.params.id);
    const body = parseWith(ROUTES.pepSanctionsDecision.json, jsonObject(request.body));
    return view(service.pepSanctionsDecision(individual, body));
  });
}
