// Two-factor sign-in steps (issue 4, "Access"; issue 15 item 2): the login step and enrolment at sign-in, public and
// limited. Set-up, confirmation, recovery codes and turning it off are admin-only: ./admin-routes.ts (admin scope).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  twoFactorEnrolBodySchema, twoFactorEnrolConfirmSchema, twoFactorEnrolResultSchema, twoFactorLoginSchema, twoFactorSetupSchema,
} from '@domain/admin';
import { errorSchema } from '@domain/api';
import { loginResponseSchema } from '@domain/auth';
import { unauthorized } from '../../errors';
import { sessionTokenOf, setSessionCookie } from '../../plugins/auth';
import { createLimiter } from '../../plugins/rate-limit';

/** Wrong codes per IP: with 5 per challenge and a password needed for each challenge, guessing is slow twice over. */
export const TWO_FACTOR_FAILURES_PER_IP = { max: 20, windowMs: 15 * 60_000 };

export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const auth = app.services.auth;
  const failuresIp = createLimiter(app, { name: 'two-factor-ip', ...TWO_FACTOR_FAILURES_PER_IP, message: 'Too many wrong codes from this address. Try again later.' });
  const noStore = (reply: { header(k: string, v: string): unknown }) => reply.header('cache-control', 'private, no-store');

  app.post('/api/auth/login/two-factor', {
    schema: {
      tags: ['auth'], summary: 'Second sign-in step: the challenge from POST /api/auth/login and a code; sets the session like login',
      body: twoFactorLoginSchema, response: { 200: loginResponseSchema, 400: errorSchema, 401: errorSchema, 429: errorSchema },
    },
  }, async (request, reply) => {
    await failuresIp.check(request, request.ip);
    let userId: number;
    try {
      ({ userId } = await auth.completeChallenge(request.body.challenge, request.body.code));
    } catch (err) {
      await failuresIp.hit(request, request.ip);
      throw err;
    }
    const user = await auth.activeUser(userId);
    // Deactivated between the two steps: no session.
    if (!user) throw unauthorized('Invalid username or password', 'invalid_credentials');
    const session = await auth.createSession(user, { userAgent: request.headers['user-agent'], ip: request.ip });
    await auth.endPresentedSession(sessionTokenOf(request, config), session.token);
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
    return auth.startEnrolment(request.body.challenge);
  });

  app.post('/api/auth/login/two-factor/enrol/confirm', {
    schema: {
      tags: ['auth'], summary: 'Sign-in enrolment, step 2: the first code turns two-factor on; opens the session and returns the recovery codes once',
      body: twoFactorEnrolConfirmSchema, response: { 200: twoFactorEnrolResultSchema, 400: errorSchema, 401: errorSchema, 409: errorSchema, 429: errorSchema },
    },
  }, async (request, reply) => {
    await failuresIp.check(request, request.ip);
    noStore(reply);
    let enrolled: Awaited<ReturnType<typeof auth.confirmEnrolment>>;
    try {
      enrolled = await auth.confirmEnrolment(request.body.challenge, request.body.code);
    } catch (err) {
      await failuresIp.hit(request, request.ip);
      throw err;
    }
    const session = await auth.createSession(enrolled.user, { userAgent: request.headers['user-agent'], ip: request.ip });
    await auth.endPresentedSession(sessionTokenOf(request, config), session.token);
    setSessionCookie(reply, config, session.token, session.expiresAt);
    return { message: 'Two-factor sign-in is on. Save your recovery codes: each one signs you in once if you lose your phone.', token: session.token, user: enrolled.user, recoveryCodes: enrolled.recoveryCodes };
  });
};
