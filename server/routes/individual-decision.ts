// The individual's onboarding decision and PDF report.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { jsonObject, parseWith, uuidParam } from '../http/validate.js';
import { individualReport } from '../reports/individual-report.js';
import { individualServiceFor } from '../services/individual-context.js';
import { ROUTES } from '../../shared/api/routes.js';
import { serve } from '../http/serve.js';

export function individualDecisionRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const service = individualServiceFor(ctx);

  serve(scope, ROUTES.individualDecision, async (request) => {
    const individual = service.get(request.partnerId, uuidParam(request.params.id, 'Individual'));
    const body = parseWith(ROUTES.individualDecision.json, jsonObject(request.body));
    const { individual: saved, message } = service.decide(individual, body);
    return { message, onboardingDecision: saved.onboardingDecision, ficaStatus: saved.ficaStatus };
  });

  // Published: JSON with base64 content. `?format=binary` (raw bytes) mirrors the entity report.
  serve(scope, ROUTES.individualReport, async (request, reply) => {
    const individual = service.get(request.partnerId, uuidParam(request.params.id, 'Individual'));
    const pdf = await individualReport(individual, service.documents(individual), new Date(ctx.clock()));
    const filename = `fica-report-${individual.id}.pdf`;
    if ((request.query as { format?: unknown }).format === 'binary') {
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="${filename}"`)
        .send(pdf);
    }
    return { base64Content: pdf.toString('base64'), mimeType: 'application/pdf', filename };
  });
}
