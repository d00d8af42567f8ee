// One guard for every admin route of every module (DESIGN.md convention 4; issue 4, "Access": 401 without a
// session, 403 for a customer, for every route). It runs in preValidation, before a body is parsed, so a visitor or
// a customer gets 401/403 whatever they send, never a 400 that describes an admin endpoint's input. A route is an
// admin route when its path is under /api/admin or its schema carries the 'admin' tag (e.g. DELETE /api/vehicles/:id).
// Registered right after the auth plugin, before any module, so its hook covers routes registered later.
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { requireAdmin, sessionTokenOf } from '../../plugins/auth';
import { resolveSession } from '../auth/sessions';

export function isAdminRoute(request: FastifyRequest): boolean {
  const url = request.routeOptions.url ?? '';
  if (url === '/api/admin' || url.startsWith('/api/admin/')) return true;
  const tags = (request.routeOptions.schema as { tags?: unknown } | undefined)?.tags;
  return Array.isArray(tags) && tags.includes('admin');
}

export const adminGuardPlugin = fp(async (app) => {
  app.addHook('preValidation', async (request) => {
    if (!isAdminRoute(request)) return;
    const token = sessionTokenOf(request, app.config);
    // The auth plugin resolves the session again in preHandler (after validation) for every /api route.
    request.user = token ? await resolveSession(app.db, app.config, token) : null;
    await requireAdmin(request);
  });
}, { name: 'admin-guard', dependencies: ['auth', 'db'] });
