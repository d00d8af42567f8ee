// Referral program API (issue 5). Thin: contracts from domain/referral.ts, one service call each.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readRoute } from '../../plugins/page-reads';
import { errorSchema } from '@domain/api';
import { myReferralsSchema, redeemReferralBodySchema, redeemReferralResultSchema, referralCodeInfoSchema, referralCodeParams } from '@domain/referrals';
import { requireUser } from '../../plugins/auth';
import { AppError } from '../../errors';
import { createLimiter } from '../../plugins/rate-limit';

/**
 * Code look-ups are public. Only misses count: walking the code space is a run of unknown codes, while a referred
 * visitor's modal looks up the same real code on every page they load (and must not meet a 429 on their 31st page).
 */
export const CODE_MISSES_PER_IP = { max: 30, windowMs: 10 * 60_000 };
/** Redeeming is per account; a handful of typos is fine, guessing codes is not. */
export const REDEEMS_PER_USER = { max: 5, windowMs: 60 * 60_000 };

export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  const lookupIp = createLimiter(app, { name: 'referral-lookup-ip', ...CODE_MISSES_PER_IP, message: 'Too many referral code checks from this address. Try again later.' });
  const redeemUser = createLimiter(app, { name: 'referral-redeem-user', ...REDEEMS_PER_USER, message: 'Too many attempts to apply a referral code. Try again later.' });

  readRoute(app, '/api/referrals/me', {
    signedIn: true,
    cacheControl: 'private, no-store',
    schema: {
      tags: ['referrals'], summary: 'My referral code, share link, the friends I referred and the rewards earned',
      response: { 200: myReferralsSchema, 401: errorSchema, 403: errorSchema },
    },
  }, ({ user }) => app.services.referrals.myReferrals(user!.id));

  app.get('/api/referrals/codes/:code', {
    schema: {
      tags: ['referrals'], summary: 'Check a referral code (the referrer\'s first name only)',
      params: referralCodeParams,
      response: { 200: referralCodeInfoSchema, 400: errorSchema, 404: errorSchema, 429: errorSchema },
    },
  }, async (request) => {
    // Once an address has used up its misses, every look-up waits, a real code's too (else hits would test guesses).
    await lookupIp.check(request, request.ip);
    try {
      return await app.services.referrals.codeInfo(request.params.code);
    } catch (err) {
      // This miss is answered (404) and counted; the check above stops the next one once the allowance is used.
      if (err instanceof AppError && err.status === 404) await lookupIp.hit(request, request.ip).catch(() => undefined);
      throw err;
    }
  });

  app.post('/api/referrals/redeem', {
    preHandler: requireUser,
    schema: {
      tags: ['referrals'], summary: 'Apply a friend\'s code to my new account (within 7 days of sign-up)',
      body: redeemReferralBodySchema,
      response: { 200: redeemReferralResultSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema },
    },
  }, async (request) => {
    await redeemUser.hit(request, String(request.user!.id));
    return app.services.referrals.redeemReferral(request.user!.id, request.body.code);
  });
};
