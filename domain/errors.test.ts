// The error codes are a contract with every client (domain/errors.ts): a closed list, and the body schema that
// route response schemas (and so the API) hold to.
import { describe, expect, it } from 'vitest';
import { errorBodySchema, ERROR_CODES, isErrorCode } from './errors';

describe('error codes', () => {
  it('are distinct snake_case words', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });

  it('include the ones clients branch on (renaming one breaks them)', () => {
    expect(ERROR_CODES).toEqual(expect.arrayContaining([
      'validation_failed', 'unauthorized', 'invalid_credentials', 'two_factor_required', 'two_factor_enrolment_required',
      'challenge_expired', 'forbidden', 'not_found', 'path_not_found', 'conflict', 'payload_too_large', 'rate_limited', 'internal',
    ]));
  });

  it('isErrorCode accepts the list only', () => {
    expect(isErrorCode('rate_limited')).toBe(true);
    expect(isErrorCode('too_many_requests')).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
    expect(isErrorCode(429)).toBe(false);
  });

  it('the body schema wants a listed code and a message; fields are optional strings', () => {
    expect(errorBodySchema.safeParse({ code: 'not_found', message: 'Vehicle not found' }).success).toBe(true);
    expect(errorBodySchema.safeParse({ code: 'validation_failed', message: 'Invalid body', fields: { vin: 'is required' } }).success).toBe(true);
    expect(errorBodySchema.safeParse({ message: 'no code' }).success).toBe(false);
    expect(errorBodySchema.safeParse({ code: 'made_up', message: 'x' }).success).toBe(false);
    expect(errorBodySchema.safeParse({ code: 'conflict', message: 'x', fields: { vin: 1 } }).success).toBe(false);
  });
});
