// application/json bodies through Fastify's own parser, except that an empty body is no body.
// Several published operations take no request body (aml-screening, the DELETEs, an omitted
// external-validation body) while "JSON requests use Content-Type: application/json": a client
// that sends that header on every call must not be refused for sending nothing.
import type { FastifyInstance } from 'fastify';

export function registerJsonParser(app: FastifyInstance): void {
  // Same prototype-poisoning protection as Fastify's default JSON parser.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
