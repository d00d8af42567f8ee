// Admin two-factor sign-in endpoints (issue 4, "Access"). Set-up, confirmation, recovery codes and turning it off
// are admin-only (the 'admin' tag puts them under modules/admin/guard.ts); the login step is public and limited.
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  recoveryCodesSchema, twoFactorConfirmSchema, twoFactorDisableSchema, twoFactorEnrolBodySchema, twoFactorEnrolConfirmSchema,
  twoFactorEnrolResultSchema, twoFactorLoginSchema, twoFactorSetupSchema, twoFactorStatusSchema,
} from '@domain/admin';
import { errorSchema, messageSchema } from '@domain/api';
import { loginResponseSchema } from '@domain/auth';
import { users } from '../../db/schema';
import { unauthorized } from '../../errors';
import { requireAdmin, sessionTokenOf, setSessionCookie } from '../../plugins/auth';
import { createLimiter } from '../../plugins/rate-limit';
import { actorOf } from '../audit/record';
import { createSession, publicUserColumns, toUser } from '../auth/sessions';
import {
  completeChallenge, confirmEnrolment, confirmSetup, disableTwoFactor, regenerateRecoveryCodes, startEnrolment, startSetup, twoFactorStatus,
} from './service';

/** Wrong codes per IP: with 5 per challenge and a password needed for each challenge, guessing is slow twice over. */
export const TWO_FACTOR_FAILURES_PER_IP = { max: 20, windowMs: 15 * 60_000 };

export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 409: errorSchema };
  const tags = ['auth', 'admin'];
  const failuresIp = createLimiter(app, { name: 'two-factor-ip', ...TWO_FACTOR_FAILURES_PER_IP, message: 'Too many wrong codes from this address. Try again later.' });
  const noStore = (reply: { header(k: string, v: string): unknown }) => reply.header('cache-control', 'private, no-store');

  app.get('/api/auth/two-factor', {
    preHandler: requireAdmin,
    schema: { tags, summary: 'Whether two-factor sign-in is on for me, and how many recovery codes are left', response: { 200: twoFactorStatusSchema, ...errors } },
  }, async (request, reply) => {
    noStore(reply);
    return twoFactorStatus(app.db, request.user!.id);
  });

  app.post('/api/auth/two-factor/setup', {
    preHandler: requireAdmin,
    schema: { tags, summary: 'Start turning two-factor on: a new secret as an otpauth QR code and as text', response: { 200: twoFactorSetupSchema, ...errors } },
  }, async (request, reply) => {
    noStore(reply);
    return startSetup(app.db, config, request.user!);
  });

  app.post('/api/auth/two-factor/confirm', {
    preHandler: requireAdmin,
    schema: { tags, summary: 'Confirm with the first code: two-factor is on; the recovery codes are shown this once', body: twoFactorConfirmSchema, response: { 200: recoveryCodesSchema, ...errors } },
  }, async (request, reply) => {
    noStore(reply);
    const recoveryCodes = await confirmSetup(app.db, config, request.user!, actorOf(request), request.body.code, sessionTokenOf(request, config));
    return { message: 'Two-factor sign-in is on', recoveryCodes };
  });

  app.post('/api/auth/two-factor/recovery-codes', {
    preHandler: requireAdmin,
    schema: { tags, summary: 'Replace the recovery codes (password required); the old ones stop working', body: twoFactorDisableSchema, response: { 200: recoveryCodesSchema, ...errors } },
  }, async (request, reply) => {
    noStore(reply);
    const recoveryCodes = await regenerateRecoveryCodes(app.db, request.user!, actorOf(request), request.body.password);
    return { message: 'New recovery codes made; the old ones no longer work', recoveryCodes };
  });

  app.post('/api/auth/two-factor/disable', {
    preHandler: requireAdmin,
    schema: { tags, summary: 'Turn two-factor sign-in off (password required)', body: twoFactorDisableSchema, response: { 200: messageSchema, ...errors } },
  }, async (request) => {
    await disableTwoFactor(app.db, request.user!, actorOf(request), request.body.password, sessionTokenOf(request, config));
    return { message: 'Two-factor sign-in is off' };
  });

  app.post('/api/auth/login/two-factor', {
    schema: {
      tags: ['auth'], summary: 'Second sign-in step: the challenge from POST /api/auth/login and a code; sets the session like login',
      body: twoFactorLoginSchema, response: { 200: loginResponseSchema, 400: errorSchema, 401: errorSchema, 429: errorSchema },
    },
  }, async (request, reply) => {
    await failuresIp.check(request, request.ip);
    let userId: number;
    try {
      ({ userId } = await completeChallenge(app.db, config, request.body.challenge, request.body.code));
    } catch (err) {
      await failuresIp.hit(request, request.ip);
      throw err;
    }
    const [row] = await app.db.select(publicUserColumns).from(users).where(eq(users.id, userId));
    // Deactivated between the two steps: no session.
    if (!row || row.isActive !== 1) throw unauthorized('Invalid username or password');
    const user = toUser(row);
    const session = await createSession(app.db, config, user, { userAgent: request.headers['user-agent'], ip: request.ip });
    setSessionCookie(reply, config, session.token, session.expiresAt);
    return { token: session.token, user };
  });

  // Enrolment at sign-in (issue 15 item 2): an admin without a second factor, while it is required, got an
  // enrolment challenge instead of a session from POST /api/auth/login. These two steps set it up; only the second
  // opens the session, with the recovery codes. Wrong codes count against the address like the login step's.
  app.post('/api/auth/login/two-factor/enrol', {
    schema: {
      tags: ['auth'], summary: 'Sign-in enrolment, step 1: the enrolment challenge for a new authenticator secret (QR code and text)',
      body: twoFactorEnrolBodySchema, response: { 200: twoFactorSetupSchema, 400: errorSchema, 401: errorSchema, 409: errorSchema, 429: errorSchema },
    },
  }, async (request, reply) => {
    await failuresIp.check(request, request.ip);
    noStore(reply);
    return startEnrolment(app.db, config, request.body.challenge);
  });

  app.post('/api/auth/login/two-factor/enrol/confirm', {
    schema: {
      tags: ['auth'], summary: 'Sign-in enrolment, step 2: the first code turns two-factor on; opens the session and returns the recovery codes once',
      body: twoFactorEnrolConfirmSchema, response: { 200: twoFactorEnrolResultSchema, 400: errorSchema, 401: errorSchema, 409: errorSchema, 429: errorSchema },
    },
  }, async (request, reply) => {
    await failuresIp.check(request, request.ip);
    noStore(reply);
    let enrolled: Awaited<ReturnType<typeof confirmEnrolment>>;
    try {
      enrolled = await confirmEnrolment(app.db, config, request.body.challenge, request.body.code);
    } catch (err) {
      await failuresIp.hit(request, request.ip);
      throw err;
    }
    const session = await createSession(app.db, config, enrolled.user, { userAgent: request.headers['user-agent'], ip: request.ip });
    setSessionCookie(reply, config, session.token, session.expiresAt);
    return { message: 'Two-factor sign-in is on. Save your recovery codes: each one signs you in once if you lose your phone.', token: session.token, user: enrolled.user, recoveryCodes: enrolled.recoveryCodes };
  });
};
