import { isApiError } from '@/lib/api-client';

/** What the login form says after a failure (spec §8: 'Login failed'), made specific where the cause is known. */
export function loginErrorMessage(err: unknown): string {
  if (isApiError(err)) {
    if (err.status === 401) return err.serverMessage ?? 'Login failed: the username or password is not right.';
    if (err.status === 429) return err.serverMessage ?? 'Too many attempts. Please wait a few minutes and try again.';
    if (err.status < 500 && err.serverMessage) return err.serverMessage;
    return 'Login failed: our server had a problem. Please try again in a moment.';
  }
  return 'Login failed: we could not reach the server. Check your connection and try again.';
}
