// Who is calling: request.user from the session cookie or an `Authorization: Bearer` token (spec §6: the client
// sends its stored token as a bearer header), and the two guards (DESIGN.md convention 4): requireUser on a signed-in
// user's routes, requireAdmin behind the admin scope's guard (app.ts, modules/admin/guard.ts) and the API docs.
// How a token becomes a user is the caller's to say (app.ts passes the sessions module's resolver as an option): a
// plugin never imports a module.
import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isActiveAdmin, type User } from '@domain/auth';
import type { Config } from '../config';
import { forbidden, unauthorized } from '../errors';

declare module 'fastify' {
  interface FastifyRequest {
    user: User | null;
  }
  interface FastifyInstance {
    /**
     * Resolves the request's session into request.user (once per request: later calls answer the same user) and
     * returns it. Every /api route gets it in preHandler, after validation; the admin scope's guard (app.ts,
     * modules/admin/guard.ts) asks for it earlier, in preValidation.
     */
    authenticate(request: FastifyRequest): Promise<User | null>;
  }
}

/** The user a session token belongs to, or null when it is unknown or expired. */
export type SessionResolver = (token: string) => Promise<User | null>;

export interface AuthPluginOptions {
  config: Config;
  resolveSession: SessionResolver;
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

/** 401 without a session, 403 unless the user is an active admin (request.user must be resolved first). */
export async function requireAdmin(request: FastifyRequest) {
  if (!request.user) throw unauthorized();
  if (!isActiveAdmin(request.user)) throw forbidden('Admin access required');
}

export const authPlugin = fp<AuthPluginOptions>(async (app, { config, resolveSession }) => {
  await app.register(cookie, { hook: 'onRequest' });
  app.decorateRequest('user', null);
  const resolved = new WeakSet<FastifyRequest>();
  app.decorate('authenticate', async (request: FastifyRequest) => {
    if (resolved.has(request)) return request.user;
    const token = sessionTokenOf(request, config);
    request.user = token ? await resolveSession(token) : null;
    resolved.add(request);
    return request.user;
  });
  // preHandler runs after validation, so malformed requests never cost a session lookup;
  // static files and images never need one.
  app.addHook('preHandler', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    await app.authenticate(request);
  });
}, { name: 'auth' });
