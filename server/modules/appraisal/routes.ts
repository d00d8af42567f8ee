// Sell my vehicle / trade appraiser API (issue 6). Public and rate limited: a VIN lookup to fill the form (the
// admin decoder route needs an account; shoppers have none) and the estimate request, which always creates a lead.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '@domain/api';
import {
  APPRAISAL_MAX_PHOTOS, APPRAISAL_PHOTO_TOKEN_HEADER, appraisalPhotosResultSchema, appraisalRequestSchema, appraisalResultSchema, appraisalVehicleSchema, TRADE_APPRAISAL_PROOF,
  tradeEstimateResultSchema,
} from '@domain/appraisal';
import { leadIdParams } from '@domain/leads';
import { UPLOAD_FIELD } from '@domain/media';
import { vinDecodeParams, vinDecodeResultSchema } from '@domain/vin-decode';
import { unauthorized } from '../../errors';
import { signValue } from '../../lib/signed-value';
import { createLimiter } from '../../plugins/rate-limit';
import { photoMultipartOptions, photoPartsOf } from '../media/upload-route';

/** A shopper asks for one or two estimates; a script mining our prices stops here. */
export const APPRAISALS_PER_IP = { max: 5, windowMs: 60 * 60_000 };
export const VIN_LOOKUPS_PER_IP = { max: 20, windowMs: 10 * 60_000 };
/** Each estimate's photos go in one or two uploads; more from one address is a script filling our disk. */
export const PHOTO_UPLOADS_PER_IP = { max: 10, windowMs: 60 * 60_000 };
/** Trade estimates for worksheets: a shopper tries a few vehicles and conditions, a scraper is stopped. */
export const TRADE_ESTIMATES_PER_IP = { max: 30, windowMs: 60 * 60_000 };

export const appraisalRoutes: FastifyPluginAsyncZod = async (app) => {
  const appraiseIp = createLimiter(app, { name: 'appraisal-ip', ...APPRAISALS_PER_IP, message: 'Too many estimate requests from this address. Please try again later or call the dealership.' });
  const photoIp = createLimiter(app, { name: 'appraisal-photos-ip', ...PHOTO_UPLOADS_PER_IP, message: 'Too many photo uploads from this address. A specialist can collect photos when they call.' });
  const tradeEstimateIp = createLimiter(app, { name: 'trade-estimate-ip', ...TRADE_ESTIMATES_PER_IP, message: 'Too many trade-in estimates from this address. Please try again later or call the dealership.' });
  const vinIp = createLimiter(app, { name: 'appraisal-vin-ip', ...VIN_LOOKUPS_PER_IP, message: 'Too many VIN lookups from this address. Please enter year, make and model instead.' });
  // The app's one decoder (vin/service.ts), closed with the app's services.
  const decoder = app.services.vin.decoder;

  app.get('/api/appraisals/vin/:vin', {
    schema: {
      tags: ['appraisal'], summary: 'Decode a VIN to fill the appraisal form (offline NHTSA vPIC data)',
      params: vinDecodeParams, response: { 200: vinDecodeResultSchema, 400: errorSchema, 429: errorSchema },
    },
  }, async (request) => {
    await vinIp.hit(request, request.ip);
    return decoder.decode(request.params.vin);
  });

  // Issue 34 §1: the deal worksheet's trade-in value from the appraiser's range. No contact, no lead: the range
  // alone, from the same comparables and rule as an appraisal.
  app.post('/api/trade-estimates', {
    schema: {
      tags: ['appraisal'],
      summary: 'The trade appraiser\'s estimated range for a vehicle, for a deal worksheet (no lead is created)',
      description: 'Computed exactly as POST /api/appraisals computes its estimate. With no comparable the estimate is null.',
      body: appraisalVehicleSchema, response: { 200: tradeEstimateResultSchema, 400: errorSchema, 429: errorSchema },
    },
  }, async (request) => {
    await tradeEstimateIp.hit(request, request.ip);
    const estimate = await app.services.appraisal.estimateTrade(request.body);
    // The worksheet's trade-in is the range's low end; only this proof makes it "the trade appraiser range" there.
    return { estimate, proof: estimate.low === null ? null : signValue(app.config.sessionSecret, TRADE_APPRAISAL_PROOF, estimate.low) };
  });

  app.post('/api/appraisals', {
    schema: {
      tags: ['appraisal'],
      summary: 'Instant estimated range for a vehicle to sell or trade in; creates a lead for the dealer either way',
      description: 'Computed from our own inventory and sold history of the same make and model within 3 model years. With no comparable the estimate is null.',
      body: appraisalRequestSchema, response: { 201: appraisalResultSchema, 400: errorSchema, 429: errorSchema },
    },
  }, async (request, reply) => {
    await appraiseIp.hit(request, request.ip);
    return reply.code(201).send(await app.services.appraisal.appraise(request.body));
  });

  // Photos for the estimate just made (issue 6: "condition and photos"). Multipart is accepted by this one route only
  // (its own plugin scope), with the file limit lowered to what an estimate may hold.
  await app.register(async (scope) => {
    await scope.register(multipart, photoMultipartOptions(APPRAISAL_MAX_PHOTOS));
    scope.withTypeProvider<ZodTypeProvider>().post('/api/appraisals/:id/photos', {
      schema: {
        tags: ['appraisal'],
        summary: `Attach up to ${APPRAISAL_MAX_PHOTOS} photos to the estimate's lead (multipart, field "${UPLOAD_FIELD}")`,
        description: `Authorised by the photoToken of the estimate, sent in the ${APPRAISAL_PHOTO_TOKEN_HEADER} header within an hour of it. All photos are stored or none.`,
        consumes: ['multipart/form-data'], params: leadIdParams,
        // The estimate's own token, not a session (plugins/openapi.ts declares the scheme).
        security: [{ appraisalPhotoToken: [] }],
        response: { 201: appraisalPhotosResultSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 409: errorSchema, 413: errorSchema, 415: errorSchema, 429: errorSchema },
      },
    }, async (request, reply) => {
      await photoIp.hit(request, request.ip);
      const token = request.headers[APPRAISAL_PHOTO_TOKEN_HEADER];
      if (typeof token !== 'string' || token === '') throw unauthorized(`Send the estimate's photoToken in the ${APPRAISAL_PHOTO_TOKEN_HEADER} header`);
      return reply.code(201).send(await app.services.appraisal.addAppraisalPhotos(photoPartsOf(request, UPLOAD_FIELD), request.params.id, token));
    });
  });
};
