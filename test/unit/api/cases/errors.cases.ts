import type { CaseTable } from './runner.js';

export const errorsCases: CaseTable = {
  ErrorDetailSchema: {
    valid: [{ path: 'entityRegNumber', message: 'must match YYYY/NNNNNN/NN' }],
    invalid: [{ why: 'message missing', value: { path: 'x' }, path: ['message'] }],
  },
  ErrorBodySchema: {
    valid: [
      { statusCode: 400, message: 'entityRegNumber is invalid', error: 'Bad Request' },
      { statusCode: 400, message: ['a is required', 'b is required'], error: 'Bad Request' },
      {
        statusCode: 400,
        message: 'invalid',
        error: 'Bad Request',
        details: [{ path: 'idNumber', message: 'idNumber is required when clientSACitizen is true' }],
      },
    ],
    invalid: [
      { why: 'error text missing', value: { statusCode: 400, message: 'x' }, path: ['error'] },
      {
        why: 'statusCode as text',
        value: { statusCode: '400', message: 'x', error: 'Bad Request' },
        path: ['statusCode'],
      },
      {
        why: 'details not a list',
        value: { statusCode: 400, message: 'x', error: 'Bad Request', details: 'x' },
        path: ['details'],
      },
    ],
  },
  NotFoundBodySchema: {
    valid: [
      { statusCode: 404, message: 'Individual not found' },
      { statusCode: 404, message: 'x', error: 'Not Found' },
    ],
    invalid: [{ why: 'message missing', value: { statusCode: 404 }, path: ['message'] }],
  },
  UploadErrorBodySchema: {
    valid: [
      { status: 400, error: 'File too large', details: 'File is 25 MB; the maximum is 20 MB' },
      { status: 400, error: 'No file uploaded' },
    ],
    invalid: [
      { why: 'status other than 400', value: { status: 413, error: 'too large' }, path: ['status'] },
      { why: 'statusCode instead of status', value: { statusCode: 400, error: 'x' }, path: ['status'] },
    ],
  },
};
