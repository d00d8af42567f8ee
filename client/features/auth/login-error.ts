import { isApiError } from '@/lib/api-client';

/**
 * What the login form says after a failure (spec §8: 'Login failed'), made specific where the cause is known.
 * The cause is told by the answer's code (domain/errors.ts), not by its status: a 401 may also mean "enter your
 * two-factor code", which the login page handles before asking here.
 */
export function loginErrorMessage(err: unknown): string {
  if (isApiError(err)) {
    if (err.code === 'invalid_credentials') return err.serverMessage ?? 'Login failed: the username or password is not right.';
    if (err.code === 'rate_limited') return err.serverMessage ?? 'Too many attempts. Please wait a few minutes and try again.';
    if (err.status < 500 && err.serverMessage) return err.serverMessage;
    return 'Login failed: our server had a problem. Please try again in a moment.';
  }
  return 'Login failed: we could not reach the server. Check your connection and try again.';
}
