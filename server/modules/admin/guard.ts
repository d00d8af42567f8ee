// The admin scope's guard (DESIGN.md convention 4; issue 4, "Access": 401 without a session, 403 for a customer).
// server/app.ts registers every module's admin route plugin inside one encapsulated scope whose preValidation hook is
// this function: a route is admin-only because of where it is registered, not because of its URL or its OpenAPI tags
// (those are documentation). It runs before the schemas, so a visitor or a customer gets 401/403 whatever they send,
// never a 400 that describes an admin endpoint's input. The route walk in ./admin.test.ts checks the scope holds
// exactly the admin routes.
import type { FastifyRequest } from 'fastify';
import { requireAdmin } from '../../plugins/auth';

export async function adminScopeGuard(request: FastifyRequest): Promise<void> {
  // Resolved once: the auth plugin's preHandler (after validation) reuses this lookup.
  await request.server.authenticate(request);
  await requireAdmin(request);
}
