// application/json bodies: UTF-8 only (RFC 8259 §8.1), checked strictly, with no byte-order mark,
// then Fastify's own parser (its prototype-poisoning protection); every JSON route reads its body
// through here. An empty body is no body: several published operations take none (aml-screening,
// the DELETEs, an omitted external-validation body) while "JSON requests use Content-Type:
// application/json", and a route that needs a body refuses a missing one (http/validate.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The charset named by the Content-Type, lower case, or null when none is named. */
function charsetOf(request: FastifyRequest): string | null {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(request.headers['content-type'] ?? '');
  return match?.[1] ? match[1].toLowerCase() : null;
}

export function registerJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const charset = charsetOf(request);
    if (charset !== null && charset !== 'utf-8' && charset !== 'utf8') {
      done(new HttpError(415, `JSON is taken in UTF-8 only, not ${charset}`), undefined);
      return;
    }
    const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    if (bytes.length === 0) {
      done(null, undefined);
      return;
    }
    let text: string;
    try {
      text = utf8.decode(bytes);
    } catch {
      done(new HttpError(400, 'The request body is not valid UTF-8'), undefined);
      return;
    }
    if (text.charCodeAt(0) === 0xfeff) {
      done(
        new HttpError(400, 'The request body starts with a byte-order mark: send JSON in UTF-8 without one'),
        undefined,
      );
      return;
    }
    parseJson(request, text, done);
  });
}
