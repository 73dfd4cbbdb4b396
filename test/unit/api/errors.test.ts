import { describe, expect, it } from 'vitest';
import * as errors from '../../../shared/api/errors.js';
import {
  ErrorBodySchema,
  HTTP_STATUS_TEXT,
  UploadErrorBodySchema,
  errorBody,
  uploadErrorBody,
} from '../../../shared/api/errors.js';
import { errorsCases } from './cases/errors.cases.js';
import { runCases } from './cases/runner.js';

runCases(errors, errorsCases);

describe('errorBody', () => {
  it.each([
    [400, 'Bad Request'],
    [401, 'Unauthorized'],
    [402, 'Payment Required'],
    [403, 'Forbidden'],
    [404, 'Not Found'],
    [409, 'Conflict'],
    [413, 'Payload Too Large'],
    [415, 'Unsupported Media Type'],
    [422, 'Unprocessable Entity'],
    [429, 'Too Many Requests'],
    [500, 'Internal Server Error'],
    [503, 'Service Unavailable'],
  ])('fills error with the status text of %i', (status, text) => {
    const body = errorBody(status, 'something');
    expect(body).toEqual({ statusCode: status, message: 'something', error: text });
    expect(ErrorBodySchema.parse(body)).toEqual(body);
  });

  it('covers exactly the twelve statuses of the table', () => {
    expect(Object.keys(HTTP_STATUS_TEXT).map(Number).sort()).toEqual([
      400, 401, 402, 403, 404, 409, 413, 415, 422, 429, 500, 503,
    ]);
  });

  it('uses a generic text for a status outside the table', () => {
    expect(errorBody(418, 'teapot').error).toBe('Error');
  });

  it('adds details only when given', () => {
    expect(errorBody(400, 'bad')).not.toHaveProperty('details');
    const details = [{ path: 'idNumber', message: 'idNumber is required when clientSACitizen is true' }];
    expect(errorBody(400, 'bad', details).details).toEqual(details);
  });

  it('uses the published organigram text verbatim as message', () => {
    const body = errorBody(409, 'Organigram has already been finalised');
    expect(body.message).toBe('Organigram has already been finalised');
    expect(body.error).toBe('Conflict');
  });
});

describe('ErrorBodySchema', () => {
  it('joins a list of messages into one string', () => {
    const body = ErrorBodySchema.parse({
      statusCode: 400,
      message: ['a is required', 'b is required'],
      error: 'Bad Request',
    });
    expect(body.message).toBe('a is required; b is required');
  });
});

describe('uploadErrorBody', () => {
  it('builds the published upload error shape', () => {
    expect(uploadErrorBody('File too large', 'File is 25 MB; the maximum is 20 MB')).toEqual({
      status: 400,
      error: 'File too large',
      details: 'File is 25 MB; the maximum is 20 MB',
    });
    expect(uploadErrorBody('No file uploaded')).toEqual({ status: 400, error: 'No file uploaded' });
    expect(UploadErrorBodySchema.safeParse(uploadErrorBody('x')).success).toBe(true);
  });
});
