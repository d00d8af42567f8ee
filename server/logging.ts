// What the request log may say (issue 15 item 10; ASVS 5.0 16.2.5 "sensitive data is not logged"). Fastify logs
// every request's URL, and some URLs carry secrets or personal data in their query: the reset and unsubscribe
// links from our e-mails (/reset-password?token=…), the outbox filter (/api/admin/outbox?to=someone@…), a
// two-factor challenge; and a worksheet's share link carries its token in the path. Those values are replaced before
// the line is written; the rest of the path stays, for debugging.
import type { FastifyRequest } from 'fastify';

/** Query parameters whose value is a credential or personal data, whatever it looks like. */
const SECRET_PARAMS = new Set([
  'token', 'code', 'challenge', 'password', 'secret', 'key', 'api_key', 'apikey', 'access_token', 'session',
  'to', 'email', 'phone', 'name', 'q',
]);
/** Any value that holds an e-mail address is personal data, whatever its parameter is called. */
const EMAIL_LIKE = /@|%40/i;

export const REDACTED = '[redacted]';

/**
 * Paths whose last segment is a secret: a kept deal worksheet's share link (/deal-worksheets/<token>, and the API
 * that reads it) lets whoever holds it read the worksheet (issue 56 finding 7).
 */
const SECRET_PATH = /^(\/(?:api\/)?deal-worksheets\/)[^/?#]+/;

/** The URL with secret path segments and secret or personal query values replaced; the rest as it was. */
export function redactUrl(rawUrl: string): string {
  const url = rawUrl.replace(SECRET_PATH, `$1${REDACTED}`);
  const q = url.indexOf('?');
  if (q === -1) return url;
  const hash = url.indexOf('#', q);
  const query = url.slice(q + 1, hash === -1 ? undefined : hash);
  const parts = query.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    if (eq === -1) return pair;
    const rawKey = pair.slice(0, eq);
    let key = rawKey;
    try { key = decodeURIComponent(rawKey.replace(/\+/g, ' ')); } catch { /* a malformed escape: judge the raw name */ }
    const value = pair.slice(eq + 1);
    return SECRET_PARAMS.has(key.toLowerCase()) || EMAIL_LIKE.test(value) ? `${rawKey}=${REDACTED}` : pair;
  });
  return `${url.slice(0, q)}?${parts.join('&')}`;
}

/**
 * Error properties that hold the values a query was sent with (Drizzle's `params`): a customer's e-mail, a token's
 * hash, whatever an admin typed in a filter. Issue 36 item 6: a NUL in an admin query string reached the warn log
 * this way.
 */
const SECRET_ERROR_FIELDS = new Set(['params', 'parameters', 'values', 'bindings']);

/**
 * Drizzle repeats the parameters in its message ("Failed query: …\nparams: a@b.ca,…") and PostgreSQL in its
 * detail ("Key (email)=(a@b.ca) already exists"): both cut out, the rest kept for debugging.
 */
export function redactErrorText(text: string): string {
  return text.replace(/(^|\n)(\s*params: )[^\n]*/g, `$1$2${REDACTED}`).replace(/\)=\((?:[^()]|\([^()]*\))*\)/g, `)=(${REDACTED})`);
}

interface SerializedError { [key: string]: unknown; type: string; message: string; stack: string }

/** An error as pino's default serializer writes it (type, message, stack, own fields, cause), with values redacted. */
export function serializeError(err: Error, depth = 0): SerializedError {
  const out: SerializedError = { type: err.constructor?.name ?? err.name, message: redactErrorText(String(err.message)), stack: redactErrorText(err.stack ?? '') };
  for (const [key, value] of Object.entries(err)) {
    if (key === 'cause' || key === 'message' || key === 'stack') continue;
    out[key] = SECRET_ERROR_FIELDS.has(key) ? REDACTED
      : key === 'detail' && typeof value === 'string' ? redactErrorText(value)
      : value instanceof Error && depth < 5 ? serializeError(value, depth + 1)
      : value;
  }
  if (err.cause instanceof Error && depth < 5) out.cause = serializeError(err.cause, depth + 1);
  else if (err.cause !== undefined) out.cause = err.cause;
  return out;
}

/** Fastify's request serializer with the URL redacted (same fields as its default), and errors with their values cut. */
export const logSerializers = {
  err: (err: Error) => (err instanceof Error ? serializeError(err) : err),
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};
