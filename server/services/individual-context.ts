// One IndividualService per app context, shared by the individual route modules.
import type { AppContext } from '../context.js';
import { IndividualRepository } from '../store/individuals.js';
import { IndividualService } from './individual-service.js';

const services = new WeakMap<AppContext, IndividualService>();

export function individualServiceFor(ctx: AppContext): IndividualService {
  let service = services.get(ctx);
  if (!service) {
    service = new IndividualService({
      config: ctx.config,
      db: ctx.db,
      partners: ctx.partners,
      individuals: new IndividualRepository(ctx.db, ctx.clock),
      files: ctx.files,
    });
    services.set(ctx, service);
  }
  return service;
}
