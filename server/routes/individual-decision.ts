// The individual's onboarding decision and PDF report.
import type { FastifyInstance } from 'fastify';
import { IndividualDecisionRequestSchema } from '../../shared/api/individual.js';
import type { AppContext } from '../context.js';
import { jsonObject, parseWith, uuidParam } from '../http/validate.js';
import { individualReport } from '../reports/individual-report.js';
import { individualServiceFor } from '../services/individual-context.js';

type IdParams = { Params: { id: string } };

export function individualDecisionRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const service = individualServiceFor(ctx);

  scope.patch<IdParams>('/individual/:id/onboarding-decision', async (request) => {
    const individual = service.get(request.partnerId, uuidParam(request.params.id, 'Individual'));
    const body = parseWith(IndividualDecisionRequestSchema, jsonObject(request.body));
    const { individual: saved, message } = service.decide(individual, body);
    return { message, onboardingDecision: saved.onboardingDecision, ficaStatus: saved.ficaStatus };
  });

  // Published: JSON with base64 content. `?format=binary` (raw bytes) mirrors the entity report.
  scope.get<IdParams & { Querystring: { format?: string } }>(
    '/individual/:id/pdf-report',
    async (request, reply) => {
      const individual = service.get(request.partnerId, uuidParam(request.params.id, 'Individual'));
      const pdf = await individualReport(individual, service.documents(individual), new Date(ctx.clock()));
      const filename = `fica-report-${individual.id}.pdf`;
      if (request.query.format === 'binary') {
        return reply
          .type('application/pdf')
          .header('Content-Disposition', `attachment; filename="${filename}"`)
          .send(pdf);
      }
      return { base64Content: pdf.toString('base64'), mimeType: 'application/pdf', filename };
    },
  );
}
