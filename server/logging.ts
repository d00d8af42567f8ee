// What the request log may say (issue 15 item 10; ASVS 5.0 16.2.5 "sensitive data is not logged"). Fastify logs
// every request's URL, and some URLs carry secrets or personal data in their query: the reset and unsubscribe
// links from our e-mails (/reset-password?token=…), the outbox filter (/api/admin/outbox?to=someone@…), a
// two-factor challenge. Those values are replaced before the line is written; the path stays, for debugging.
import type { FastifyRequest } from 'fastify';

/** Query parameters whose value is a credential or personal data, whatever it looks like. */
const SECRET_PARAMS = new Set([
  'token', 'code', 'challenge', 'password', 'secret', 'key', 'api_key', 'apikey', 'access_token', 'session',
  'to', 'email', 'phone', 'name', 'q',
]);
/** Any value that holds an e-mail address is personal data, whatever its parameter is called. */
const EMAIL_LIKE = /@|%40/i;

export const REDACTED = '[redacted]';

/** The URL with secret and personal query values replaced; the path and the other parameters as they were. */
export function redactUrl(url: string): string {
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

/** Fastify's request serializer with the URL redacted (same fields as its default). */
export const logSerializers = {
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
