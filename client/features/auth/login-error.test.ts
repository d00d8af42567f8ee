// The login form's message after a failure: the kind of failure comes from the answer's code, the words from the server.
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { loginErrorMessage } from './login-error';

const answer = (status: number, body?: object) => new ApiError(status, '', body ? JSON.stringify(body) : '', body);

describe('loginErrorMessage', () => {
  it('shows the server\'s words for wrong credentials and rate limits', () => {
    expect(loginErrorMessage(answer(401, { code: 'invalid_credentials', message: 'Invalid username or password' }))).toBe('Invalid username or password');
    const limited = 'Too many failed sign-in attempts from this address. Try again later.';
    expect(loginErrorMessage(answer(429, { code: 'rate_limited', message: limited }))).toBe(limited);
    expect(loginErrorMessage(answer(400, { code: 'validation_failed', message: 'Invalid body: username is required' }))).toBe('Invalid body: username is required');
  });

  it('blames the server for 5xx and answers without a body, and the network when there was no answer', () => {
    expect(loginErrorMessage(answer(500, { code: 'internal', message: 'Internal server error' }))).toMatch(/our server had a problem/);
    expect(loginErrorMessage(answer(502))).toMatch(/our server had a problem/);
    expect(loginErrorMessage(new TypeError('Failed to fetch'))).toMatch(/could not reach the server/);
  });
});
