// Account API (issue 5, "Accounts"): password reset, profile, password and email changes, email preferences and
// unsubscribe, the data export and account deletion. Thin: schema in, limits, one call, schema out. The admin's outbox
// is in ./admin-routes.ts (admin scope).
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readRoute } from '../../plugins/page-reads';
import { z } from 'zod';
import {
  changeEmailBodySchema, changePasswordBodySchema, deleteAccountBodySchema, preferencesSchema, profileResponseSchema,
  unsubscribeBodySchema, unsubscribeResponseSchema, updatePreferencesBodySchema, updateProfileBodySchema,
} from '@domain/accounts';
import { errorSchema, messageSchema } from '@domain/api';
import { forgotPasswordBodySchema, resetPasswordBodySchema } from '@domain/auth';
import { PHOTO_UPLOADS_PER_USER } from '@domain/media';
import { clearSessionCookie, requireUser, sessionTokenOf } from '../../plugins/auth';
import { createLimiter } from '../../plugins/rate-limit';
import { photoMultipartOptions, photoPartsOf } from '../media/upload-route';
import { RESET_REQUESTED_MESSAGE } from './password-reset';
import { albertaDate } from '@domain/alberta-time';

const MINUTE = 60_000;
/** Reset requests per IP and per address: enough for a forgetful person, too few to mail-bomb an inbox. */
export const RESET_REQUESTS_PER_IP = { max: 5, windowMs: 15 * MINUTE };
export const RESET_REQUESTS_PER_EMAIL = { max: 3, windowMs: 60 * MINUTE };
/** Reset attempts (token guesses) per IP. */
export const RESET_ATTEMPTS_PER_IP = { max: 10, windowMs: 15 * MINUTE };
/** Wrong current passwords per account, on any change that asks for it. */
export const PASSWORD_CHECKS_PER_USER = { max: 10, windowMs: 15 * MINUTE };
/** Unsubscribe links opened per IP (tokens are unguessable; this only blunts scanning). */
export const UNSUBSCRIBES_PER_IP = { max: 30, windowMs: 15 * MINUTE };

const userErrors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 429: errorSchema };

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const accounts = app.services.accounts;
  const notifications = app.services.notifications;
  // Encapsulated here: only the profile photo route accepts multipart bodies; one file of at most 15 MB.
  await app.register(multipart, photoMultipartOptions(1));
  const resetIp = createLimiter(app, { name: 'reset-request-ip', ...RESET_REQUESTS_PER_IP, message: 'Too many password reset requests from this address. Try again later.' });
  const resetEmail = createLimiter(app, { name: 'reset-request-email', ...RESET_REQUESTS_PER_EMAIL, message: 'Too many password reset requests for this address. Try again later.' });
  const resetAttemptIp = createLimiter(app, { name: 'reset-attempt-ip', ...RESET_ATTEMPTS_PER_IP, message: 'Too many password reset attempts from this address. Try again later.' });
  const passwordCheck = createLimiter(app, { name: 'password-check-user', ...PASSWORD_CHECKS_PER_USER, message: 'Too many attempts with a wrong current password. Try again later.' });
  const unsubscribeIp = createLimiter(app, { name: 'unsubscribe-ip', ...UNSUBSCRIBES_PER_IP, message: 'Too many unsubscribe requests from this address. Try again later.' });
  const uploadsUser = createLimiter(app, { name: 'photo-uploads-user', ...PHOTO_UPLOADS_PER_USER, message: 'You have uploaded many photos this hour. Please try again later.' });

  /** Runs a change that checks the current password; only wrong passwords count against the allowance. */
  const withPasswordCheck = async <T>(request: Parameters<typeof passwordCheck.hit>[0], run: () => Promise<T>): Promise<T> => {
    const key = String(request.user!.id);
    await passwordCheck.check(request, key);
    try {
      return await run();
    } catch (err) {
      if ((err as { fields?: Record<string, string> }).fields?.currentPassword) await passwordCheck.hit(request, key);
      throw err;
    }
  };

  app.post('/api/auth/forgot-password', {
    schema: {
      tags: ['auth'], summary: 'Email a single-use, one-hour password reset link (the same answer whether or not the address has an account)',
      body: forgotPasswordBodySchema, response: { 200: messageSchema, 400: errorSchema, 429: errorSchema },
    },
  }, async (request) => {
    await resetIp.hit(request, request.ip);
    await resetEmail.hit(request, request.body.email);
    // After the answer (issue 15 item 8): looking the address up, storing the link and the SMTP send would take
    // measurably longer for a known address than for an unknown one, and tell which addresses have accounts.
    const { email } = request.body;
    app.background.run('password reset mail', () => accounts.requestPasswordReset(email));
    return { message: RESET_REQUESTED_MESSAGE };
  });

  app.post('/api/auth/reset-password', {
    schema: {
      tags: ['auth'], summary: 'Set a new password with a reset link; ends every session of the account',
      body: resetPasswordBodySchema, response: { 200: messageSchema, 400: errorSchema, 429: errorSchema },
    },
  }, async (request) => {
    await resetAttemptIp.hit(request, request.ip);
    await accounts.resetPassword(request.body.token, request.body.password);
    return { message: 'Your password has been changed. Sign in with your new password.' };
  });

  app.patch('/api/account/profile', {
    preHandler: requireUser,
    schema: { tags: ['account'], summary: 'Change my first and last name', body: updateProfileBodySchema, response: { 200: profileResponseSchema, ...userErrors } },
  }, async (request) => ({ user: await accounts.updateProfile(request.user!.id, request.body) }));

  app.post('/api/account/password', {
    preHandler: requireUser,
    schema: { tags: ['account'], summary: 'Change my password (asks for the current one; ends my other sessions)', body: changePasswordBodySchema, response: { 200: messageSchema, ...userErrors } },
  }, async (request) => {
    await withPasswordCheck(request, () => accounts.changePassword(request.user!.id, sessionTokenOf(request, config), request.body));
    return { message: 'Password changed. You were signed out everywhere else.' };
  });

  app.post('/api/account/email', {
    preHandler: requireUser,
    schema: { tags: ['account'], summary: 'Change my email (asks for the current password; ends my other sessions)', body: changeEmailBodySchema, response: { 200: profileResponseSchema, 409: errorSchema, ...userErrors } },
  }, async (request) => ({
    user: await withPasswordCheck(request, () => accounts.changeEmail(request.user!.id, sessionTokenOf(request, config), request.body)),
  }));

  app.post('/api/account/photo', {
    preHandler: requireUser,
    schema: {
      tags: ['account'], summary: 'Upload my profile photo (multipart, field "photo"; JPEG, PNG, WebP or AVIF up to 15 MB; re-encoded, metadata stripped)',
      consumes: ['multipart/form-data'], response: { 200: profileResponseSchema, ...userErrors, 413: errorSchema, 415: errorSchema, 429: errorSchema },
    },
  }, async (request) => {
    await uploadsUser.hit(request, String(request.user!.id));
    const { user, previous } = await accounts.uploadProfilePhoto(request.user!.id, photoPartsOf(request, 'photo'));
    await accounts.deleteProfilePhoto(previous).catch((err: unknown) => request.log.warn({ err }, 'old profile photo not removed'));
    return { user };
  });

  app.delete('/api/account/photo', {
    preHandler: requireUser,
    schema: { tags: ['account'], summary: 'Remove my profile photo', response: { 200: profileResponseSchema, ...userErrors } },
  }, async (request) => {
    const { user, previous } = await accounts.setProfilePhoto(request.user!.id, null);
    await accounts.deleteProfilePhoto(previous).catch((err: unknown) => request.log.warn({ err }, 'old profile photo not removed'));
    return { user };
  });

  readRoute(app, '/api/account/preferences', {
    signedIn: true,
    cacheControl: 'private, no-store',
    schema: { tags: ['account'], summary: 'Which notifications also arrive by email, and marketing consent', response: { 200: preferencesSchema, ...userErrors } },
  }, ({ user }) => notifications.getPreferences(user!.id));

  app.put('/api/account/preferences', {
    preHandler: requireUser,
    schema: { tags: ['account'], summary: 'Change my email preferences', body: updatePreferencesBodySchema, response: { 200: preferencesSchema, ...userErrors } },
  }, async (request) => notifications.updatePreferences(request.user!.id, request.body));

  app.post('/api/unsubscribe', {
    schema: { tags: ['account'], summary: 'Turn off the email an unsubscribe link came with (no sign-in needed)', body: unsubscribeBodySchema, response: { 200: unsubscribeResponseSchema, 400: errorSchema, 429: errorSchema } },
  }, async (request) => {
    await unsubscribeIp.hit(request, request.ip);
    return notifications.unsubscribe(request.body.token);
  });

  app.get('/api/account/export', {
    preHandler: requireUser,
    schema: { tags: ['account'], summary: 'Download everything we hold about me, as JSON', response: { 200: z.record(z.string(), z.unknown()), ...userErrors } },
  }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    reply.header('content-disposition', `attachment; filename="my-data-${albertaDate()}.json"`);
    return accounts.exportAccountData(request.user!.id);
  });

  app.post('/api/account/delete', {
    preHandler: requireUser,
    schema: { tags: ['account'], summary: 'Delete my account (asks for the password; keeps only what the dealership must, anonymised)', body: deleteAccountBodySchema, response: { 200: messageSchema, ...userErrors } },
  }, async (request, reply) => {
    const { photo } = await withPasswordCheck(request, () => accounts.deleteAccount(request.user!.id, request.body.currentPassword));
    await accounts.deleteProfilePhoto(photo).catch((err: unknown) => request.log.warn({ err }, 'deleted account\'s photo not removed'));
    clearSessionCookie(reply, config);
    return { message: 'Your account has been deleted.' };
  });
};
