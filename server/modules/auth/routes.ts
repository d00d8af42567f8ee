// Auth endpoints (spec §7; foundation issue). Thin: schema in, limits, one service call, schema out.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readRoute } from '../../plugins/page-reads';
import { loginUnauthorizedSchema, TWO_FACTOR_ENROLMENT_REQUIRED, TWO_FACTOR_REQUIRED } from '@domain/admin';
import { errorSchema, messageSchema } from '@domain/api';
import { currentUserResponseSchema, loginBodySchema, loginResponseSchema, registerBodySchema } from '@domain/auth';
import { unauthorized } from '../../errors';
import { clearSessionCookie, sessionTokenOf, setSessionCookie } from '../../plugins/auth';
import { SIGNED_IN } from '../../plugins/openapi';
import { createLimiter, tryAgainIn } from '../../plugins/rate-limit';

const MINUTE = 60_000;
/** Failed logins only count: staff behind one office IP can sign in freely, guessing cannot. */
export const LOGIN_FAILURES_PER_IP = { max: 10, windowMs: 15 * MINUTE };
/**
 * Per account, whichever name is typed for it (issue 15 item 7), so spreading guesses over many IPs or over the
 * username and the e-mail does not help either. A reset from the e-mailed link lifts it (service.loginLimitKey).
 */
export const LOGIN_FAILURES_PER_ACCOUNT = { max: 5, windowMs: 15 * MINUTE };
export const REGISTRATIONS_PER_IP = { max: 10, windowMs: 60 * MINUTE };

const INVALID_LOGIN = 'Invalid username or password';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const auth = app.services.auth;
  const loginIp = createLimiter(app, { name: 'login-ip', ...LOGIN_FAILURES_PER_IP, message: 'Too many failed sign-in attempts from this address. Try again later.' });
  const loginAccount = createLimiter(app, {
    name: 'login-account', ...LOGIN_FAILURES_PER_ACCOUNT,
    message: (seconds) => `Too many failed sign-in attempts for this account. Try again ${tryAgainIn(seconds)}, or reset your password with the link we e-mail you.`,
  });
  const registerIp = createLimiter(app, { name: 'register-ip', ...REGISTRATIONS_PER_IP, message: 'Too many sign-ups from this address. Try again later.' });
  const metaOf = (request: { headers: { 'user-agent'?: string | undefined }; ip: string }) => ({ userAgent: request.headers['user-agent'], ip: request.ip });

  app.post('/api/auth/register', {
    schema: {
      tags: ['auth'], summary: 'Create a customer account and sign in',
      body: registerBodySchema,
      response: { 201: loginResponseSchema, 400: errorSchema, 409: errorSchema, 429: errorSchema },
    },
  }, async (request, reply) => {
    await registerIp.hit(request, request.ip);
    const { token, expiresAt, user } = await auth.register(request.body, metaOf(request));
    // Referral program (issue 5): credit the friend whose code came along. The account exists either way.
    await app.services.referrals.creditReferralOnSignUp(request.body.referralCode, user.id)
      .catch((err: unknown) => request.log.error({ err }, 'referral credit failed at sign-up'));
    await auth.endPresentedSession(sessionTokenOf(request, config), token);
    setSessionCookie(reply, config, token, expiresAt);
    // A customer: the httpOnly cookie is the session; no token for browser storage (issue 15 item 5).
    return reply.code(201).send({ user });
  });

  app.post('/api/auth/login', {
    schema: {
      tags: ['auth'], summary: 'Sign in with username or email; sets the session cookie and returns a bearer token',
      body: loginBodySchema,
      response: { 200: loginResponseSchema, 400: errorSchema, 401: loginUnauthorizedSchema, 429: errorSchema },
    },
  }, async (request, reply) => {
    const account = await auth.loginLimitKey(request.body.username);
    await loginIp.check(request, request.ip);
    await loginAccount.check(request, account);
    const signedIn = await auth.login(request.body, metaOf(request));
    if (!signedIn) {
      await loginIp.hit(request, request.ip);
      await loginAccount.hit(request, account);
      throw unauthorized(INVALID_LOGIN, 'invalid_credentials');
    }
    // Admin two-factor (issue 4): a correct password opens no session yet; the code step (modules/two-factor) does.
    if (await auth.twoFactorRequired(signedIn.user.id)) {
      await auth.destroySession(signedIn.token);
      return reply.code(401).send({ message: 'Enter the code from your authenticator app', code: TWO_FACTOR_REQUIRED, challenge: await auth.createChallenge(signedIn.user.id) });
    }
    // issue 15 item 2 (ASVS 6.3.3): where it is required, an admin without a second factor sets one up first.
    if (signedIn.user.role === 'admin' && config.adminMfa === 'required') {
      await auth.destroySession(signedIn.token);
      return reply.code(401).send({
        message: 'Staff accounts need two-factor sign-in. Set up an authenticator app to continue.',
        code: TWO_FACTOR_ENROLMENT_REQUIRED,
        challenge: await auth.createChallenge(signedIn.user.id, 'enrol'),
      });
    }
    await auth.endPresentedSession(sessionTokenOf(request, config), signedIn.token);
    setSessionCookie(reply, config, signedIn.token, signedIn.expiresAt);
    // issue 15 item 5: only the back office keeps a token in browser storage; customers have the cookie alone.
    return signedIn.user.role === 'admin' ? { token: signedIn.token, user: signedIn.user } : { user: signedIn.user };
  });

  app.post('/api/auth/logout', {
    // 400: a body that is not JSON; 403: a cookie-bearing request from another site (plugins/security.ts).
    schema: { tags: ['auth'], summary: 'End the current session', response: { 200: messageSchema, 400: errorSchema, 403: errorSchema } },
  }, async (request, reply) => {
    const token = sessionTokenOf(request, config);
    if (token) await auth.destroySession(token);
    clearSessionCookie(reply, config);
    return { message: 'Signed out' };
  });

  // It checks the session itself (a visitor is a 401, not an error): documented as needing one. Per-user data: never
  // stored by a shared cache.
  readRoute(app, '/api/auth/user', {
    schema: { tags: ['auth'], summary: 'The signed-in user (401 when nobody is)', security: SIGNED_IN, response: { 200: currentUserResponseSchema, 401: errorSchema } },
    cacheControl: 'private, no-store',
  }, async ({ user }) => {
    if (!user) throw unauthorized();
    return { user };
  });
};
