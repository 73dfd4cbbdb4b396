// application/x-www-form-urlencoded bodies (the OAuth token request) parsed into a flat record.
import type { FastifyInstance } from 'fastify';

export function registerFormParser(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_req, body, done) => {
      const params = new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'));
      const record: Record<string, string> = {};
      for (const [key, value] of params) record[key] = value;
      done(null, record);
    },
  );
}
