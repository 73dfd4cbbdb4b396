// Bank account verification of an individual (individual-api.md, contract §9).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { jsonObject, parseWith, uuidParam } from '../http/validate.js';
import { verifyBankAccount } from '../providers/bank.js';
import { individualServiceFor } from '../services/individual-context.js';
import { IndividualRepository } from '../store/individuals.js';
import { ROUTES } from '../../shared/api/routes.js';
import { serve } from '../http/serve.js';

export function bankRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const service = individualServiceFor(ctx);
  const repository = new IndividualRepository(ctx.db, ctx.clock);

  serve(scope, ROUTES.verifyBankAccount, async (request) => {
    const individual = service.get(request.partnerId, uuidParam(request.params.individualUUID, 'Individual'));
    const body = parseWith(ROUTES.verifyBankAccount.json, jsonObject(request.body));
    const result = verifyBankAccount(body.accountNumber);
    // Kept as an audit trail of checks; the individual record itself does not change.
    repository.recordBankVerification(individual.id, body, result);
    return result;
  });
}
