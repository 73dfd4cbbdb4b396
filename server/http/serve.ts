// Registers a route of the REST table (shared/api/routes.ts) in the scope mounted at the route's
// base: the method and the path are the table's, and the path's `:names` type the request's params.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { PathParamName, RestRoute } from '../../shared/api/routes.js';

type Params<Path extends string> = { Params: Record<PathParamName<Path>, string> };

export type RouteRequest<Path extends string> = FastifyRequest<Params<Path>>;

export function serve<Path extends string>(
  scope: FastifyInstance,
  route: RestRoute<Path>,
  handler: (request: RouteRequest<Path>, reply: FastifyReply) => Promise<unknown>,
  options: Pick<RouteShorthandOptions, 'bodyLimit' | 'config'> = {},
): void {
  // A route registered in another scope would be served at another path, without its scope's checks.
  if (scope.prefix !== route.base)
    throw new Error(`${route.method} ${route.path} is served under '${route.base}', not '${scope.prefix}'`);
  scope.route<Params<Path>>({ ...options, method: route.method, url: route.path, handler });
}
