// The published error shapes (contract §2) and the one place that turns any thrown error into them.
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { discardRestOfBody } from './discard-body.js';

export interface ErrorDetail {
  path: string;
  message: string;
}

export interface ErrorBody {
  statusCode: number;
  message: string;
  error: string;
  details?: ErrorDetail[];
}

export interface UploadErrorBody {
  status: 400;
  error: string;
  details?: string;
}

export function statusText(status: number): string {
  return STATUS_CODES[status] ?? 'Error';
}

export function errorBody(statusCode: number, message: string, details?: ErrorDetail[]): ErrorBody {
  return details && details.length > 0
    ? { statusCode, message, error: statusText(statusCode), details }
    : { statusCode, message, error: statusText(statusCode) };
}

/** A refusal the API publishes: thrown by services and routes, answered as `{statusCode, message, error}`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** An upload refusal, answered with the upload shape `{status: 400, error, details?}`. */
export class UploadError extends Error {
  constructor(
    readonly error: string,
    readonly details?: string,
  ) {
    super(error);
    this.name = 'UploadError';
  }
}

export const badRequest = (message: string, details?: ErrorDetail[]): HttpError =>
  new HttpError(400, message, details);
export const notFound = (message: string): HttpError => new HttpError(404, message);
export const conflict = (message: string): HttpError => new HttpError(409, message);

export function zodDetails(error: ZodError, prefix = ''): ErrorDetail[] {
  return error.issues.map((issue) => {
    const path = [prefix, ...issue.path.map(String)].filter((part) => part !== '').join('.');
    return { path: path || '(body)', message: issue.message };
  });
}

export function validationError(error: ZodError, prefix = ''): HttpError {
  const details = zodDetails(error, prefix);
  return badRequest(details.map((d) => `${d.path}: ${d.message}`).join('; '), details);
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && typeof (error as Partial<FastifyError>).code === 'string';
}

function send(
  reply: FastifyReply,
  status: number,
  body: ErrorBody | UploadErrorBody,
  headers?: Record<string, string>,
): FastifyReply {
  if (headers) reply.headers(headers);
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError)
      return send(
        reply,
        error.statusCode,
        errorBody(error.statusCode, error.message, error.details),
        error.headers,
      );
    if (error instanceof UploadError) {
      const body: UploadErrorBody =
        error.details === undefined
          ? { status: 400, error: error.error }
          : { status: 400, error: error.error, details: error.details };
      return send(reply, 400, body);
    }
    if (error instanceof ZodError) {
      const http = validationError(error);
      return send(reply, 400, errorBody(400, http.message, http.details));
    }
    if (isFastifyError(error) && error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return refuseTooLarge(request, reply, error);
    if (
      isFastifyError(error) &&
      typeof error.statusCode === 'number' &&
      error.statusCode >= 400 &&
      error.statusCode < 500
    ) {
      // Fastify's own refusals (bad JSON, wrong content type) keep their status but take the
      // published shape; the messages are rewritten where Fastify's would leak internals.
      return send(reply, error.statusCode, errorBody(error.statusCode, clientMessage(error)));
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, errorBody(500, 'Internal server error'));
  });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) =>
    send(reply, 404, errorBody(404, `Route ${request.method} ${request.url.split('?')[0] ?? ''} not found`)),
  );
}

/**
 * 413 once the rest of the body is read (http/discard-body.ts says why); the connection stays
 * usable when the body ended, and is closed after the answer when it went past the cap.
 */
async function refuseTooLarge(
  request: FastifyRequest,
  reply: FastifyReply,
  error: FastifyError,
): Promise<FastifyReply> {
  const ended = await discardRestOfBody(request.raw);
  if (reply.sent) return reply;
  if (ended) reply.removeHeader('connection');
  else reply.header('connection', 'close');
  return send(reply, 413, errorBody(413, clientMessage(error)));
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'Body is not valid JSON';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return "Body cannot be empty when content-type is set to 'application/json'";
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    default:
      return error.message;
  }
}
