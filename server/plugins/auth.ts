// Who is calling: request.user from the session cookie or an `Authorization: Bearer` token (spec §6: the client
// sends its stored token as a bearer header), and the two guards every protected route uses (DESIGN.md convention 4).
import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isActiveAdmin, type User } from '@domain/auth';
import type { Config } from '../config';
import { forbidden, unauthorized } from '../errors';
import { resolveSession } from '../modules/auth/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    user: User | null;
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{16,128})\s*$/i;

/** The token a request presents: a well-formed bearer header wins over the cookie. */
export function sessionTokenOf(request: FastifyRequest, config: Config): string | null {
  const match = BEARER.exec(request.headers.authorization ?? '');
  if (match) return match[1]!;
  return request.cookies[config.session.cookieName] || null;
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string, expiresAt: Date) {
  reply.setCookie(config.session.cookieName, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: config.session.secure,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(config.session.cookieName, { httpOnly: true, sameSite: 'lax', path: '/', secure: config.session.secure });
}

/** preHandler: 401 without a session. A deactivated account keeps no rights. */
export async function requireUser(request: FastifyRequest) {
  if (!request.user) throw unauthorized();
  if (!request.user.isActive) throw forbidden('Account is disabled');
}

/** preHandler: 401 without a session, 403 unless the user is an active admin. */
export async function requireAdmin(request: FastifyRequest) {
  if (!request.user) throw unauthorized();
  if (!isActiveAdmin(request.user)) throw forbidden('Admin access required');
}

export const authPlugin = fp<{ config: Config }>(async (app, { config }) => {
  await app.register(cookie, { hook: 'onRequest' });
  app.decorateRequest('user', null);
  // preHandler runs after validation, so malformed requests never cost a session lookup;
  // static files and images never need one.
  app.addHook('preHandler', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = sessionTokenOf(request, config);
    request.user = token ? await resolveSession(app.db, config, token) : null;
  });
}, { name: 'auth', dependencies: ['db'] });
