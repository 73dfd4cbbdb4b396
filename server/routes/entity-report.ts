// The entity's PDF report, as JSON with base64 content or as raw bytes with ?format=binary.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { parseWith, uuidParam } from '../http/validate.js';
import { ROUTES } from '../../shared/api/routes.js';
import { serve } from '../http/serve.js';

export function reportRoutes(scope: FastifyInstance, ctx: AppContext): void {
  serve(scope, ROUTES.entityReport, async (request, reply) => {
    const entity = ctx.entityService.get(request.partnerId, uuidParam(request.params.id, 'Entity'));
    const query = parseWith(ROUTES.entityReport.query, request.query);
    const pdf = await ctx.reportService.entityReport(entity);
    const filename = `fica-report-${entity.id}.pdf`;
    if (query.format === 'binary') {
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="${filename}"`)
        .send(pdf);
    }
    return { base64Content: pdf.toString('base64'), mimeType: 'application/pdf', filename };
  });
}
