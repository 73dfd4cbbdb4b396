// application/x-www-form-urlencoded bodies, parsed into a flat record, for the two routes that take
// a form: the OAuth token request and the staff sign-in form. Every other route refuses one (415),
// so a form cannot stand in for a JSON body (its fields would all be strings, and a browser sends
// one cross-site without asking).
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route takes an application/x-www-form-urlencoded body. */
    formBody?: boolean;
  }
}

export function registerFormParser(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (request, body, done) => {
      if (request.routeOptions.config.formBody !== true) {
        done(new HttpError(415, 'Unsupported content type: this route takes application/json'), undefined);
        return;
      }
      const params = new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'));
      const record: Record<string, string> = {};
      for (const [key, value] of params) record[key] = value;
      done(null, record);
    },
  );
}
