// Two-factor sign-in settings of the signed-in admin (issue 4, "Access"): status, set-up, confirmation, new recovery
// codes and turning it off. Admin only (401/403): app.ts registers this plugin in the admin scope
// (modules/admin/guard.ts). The public sign-in steps are in ./two-factor-routes.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recoveryCodesSchema, twoFactorConfirmSchema, twoFactorDisableSchema, twoFactorSetupSchema, twoFactorStatusSchema } from '@domain/admin';
import { errorSchema, messageSchema } from '@domain/api';
import { sessionTokenOf } from '../../plugins/auth';
import { actorOf } from '../audit/record';

export const twoFactorAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const auth = app.services.auth;
  const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 409: errorSchema };
  const tags = ['auth', 'admin'];
  const noStore = (reply: { header(k: string, v: string): unknown }) => reply.header('cache-control', 'private, no-store');

  app.get('/api/auth/two-factor', {
    schema: { tags, summary: 'Whether two-factor sign-in is on for me, and how many recovery codes are left', response: { 200: twoFactorStatusSchema, ...errors } },
  }, async (request, reply) => {
    noStore(reply);
    return auth.twoFactorStatus(request.user!.id);
  });

  app.post('/api/auth/two-factor/setup', {
    schema: { tags, summary: 'Start turning two-factor on: a new secret as an otpauth QR code and as text', response: { 200: twoFactorSetupSchema, ...errors } },
  }, async (request, reply) => {
    noStore(reply);
    return auth.startSetup(request.user!);
  });

  app.post('/api/auth/two-factor/confirm', {
    schema: { tags, summary: 'Confirm with the first code: two-factor is on; the recovery codes are shown this once', body: twoFactorConfirmSchema, response: { 200: recoveryCodesSchema, ...errors } },
  }, async (request, reply) => {
    noStore(reply);
    const recoveryCodes = await auth.confirmSetup(request.user!, actorOf(request), request.body.code, sessionTokenOf(request, config));
    return { message: 'Two-factor sign-in is on', recoveryCodes };
  });

  app.post('/api/auth/two-factor/recovery-codes', {
    schema: { tags, summary: 'Replace the recovery codes (password required); the old ones stop working', body: twoFactorDisableSchema, response: { 200: recoveryCodesSchema, ...errors } },
  }, async (request, reply) => {
    noStore(reply);
    const recoveryCodes = await auth.regenerateRecoveryCodes(request.user!, actorOf(request), request.body.password);
    return { message: 'New recovery codes made; the old ones no longer work', recoveryCodes };
  });

  app.post('/api/auth/two-factor/disable', {
    schema: { tags, summary: 'Turn two-factor sign-in off (password required)', body: twoFactorDisableSchema, response: { 200: messageSchema, ...errors } },
  }, async (request) => {
    await auth.disableTwoFactor(request.user!, actorOf(request), request.body.password, sessionTokenOf(request, config));
    return { message: 'Two-factor sign-in is off' };
  });
};
