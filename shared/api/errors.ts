import { z } from 'zod';

export const ErrorDetailSchema = z.looseObject({ path: z.string(), message: z.string() });
export type ErrorDetail = z.infer<typeof ErrorDetailSchema>;

export const ErrorBodySchema = z.looseObject({
  statusCode: z.number().int().min(100).max(599),
  // Some services send validation messages as a list; one joined string is what callers show.
  message: z.union([z.string(), z.array(z.string()).transform((list) => list.join('; '))]),
  error: z.string(),
  details: z.array(ErrorDetailSchema).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const NotFoundBodySchema = z.looseObject({
  statusCode: z.number().int().min(100).max(599),
  message: z.string(),
  error: z.string().optional(),
});
export type NotFoundBody = z.infer<typeof NotFoundBodySchema>;

export const UploadErrorBodySchema = z.looseObject({
  status: z.literal(400),
  error: z.string(),
  details: z.string().optional(),
});
export type UploadErrorBody = z.infer<typeof UploadErrorBodySchema>;

export const HTTP_STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function statusText(statusCode: number): string {
  return HTTP_STATUS_TEXT[statusCode] ?? 'Error';
}

export function errorBody(statusCode: number, message: string, details?: ErrorDetail[]): ErrorBody {
  const body: ErrorBody = { statusCode, message, error: statusText(statusCode) };
  if (details !== undefined) body.details = details;
  return body;
}

export function uploadErrorBody(error: string, details?: string): UploadErrorBody {
  const body: UploadErrorBody = { status: 400, error };
  if (details !== undefined) body.details = details;
  return body;
}
