// Instant estimate for /sell-my-vehicle and /trade-appraiser (issue 6): comparables from our own inventory and sold
// history (dealer stock only: private sellers' asking prices are not our data), the pure estimate of
// domain/appraisal.ts, and a lead for the dealer whether or not we could estimate.
import { UPLOAD_FIELD } from '@domain/media';
import { vehicleTitle } from '@domain/vehicle';
import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  APPRAISAL_MAX_PHOTOS, APPRAISAL_PHOTO_WINDOW_MINUTES, estimateValue, METHOD_STEPS, YEAR_WINDOW,
  type AppraisalPhotosResult, type AppraisalPurpose, type AppraisalResult, type AppraisalVehicle, type Comparable,
} from '@domain/appraisal';
import type { Db, Tx } from '../../db/client';
import { leadPhotos, leads, vehicles } from '../../db/schema';
import { conflict, forbidden } from '../../errors';
import { announceLead, announceLeadPhotos, createLead, hashChatToken, leadNotice } from '../leads/service';
import { queueMail } from '../mail/mailer';
import { composeShopperMail } from '../shopper-mail/compose';
import { acceptPhotoUploads, type IncomingPhoto } from '../media/upload';
import type { Deps } from '../../deps';
import { bindFirst } from '../../lib/bind';
import { vehicleColumns } from '../vehicles/columns';

export async function findComparables(db: Db, v: Pick<AppraisalVehicle, 'year' | 'make' | 'model'>): Promise<Comparable[]> {
  const rows = await db.select(vehicleColumns('year', 'make', 'model', 'trim', 'mileage', 'price', 'status')).from(vehicles).where(and(
    sql`lower(${vehicles.make}) = lower(${v.make})`,
    sql`lower(${vehicles.model}) = lower(${v.model})`,
    sql`${vehicles.year} between ${v.year - YEAR_WINDOW} and ${v.year + YEAR_WINDOW}`,
    eq(vehicles.sellerType, 'dealer'),
    inArray(vehicles.status, ['available', 'sold']),
  )).orderBy(asc(sql`abs(${vehicles.year} - ${v.year})`), desc(vehicles.updatedAt)).limit(50);
  return rows.map((r) => ({ year: r.year, make: r.make, model: r.model, trim: r.trim, mileage: r.mileage, price: r.price, sold: r.status === 'sold' }));
}

const cad = (n: number) => `$${n.toLocaleString('en-CA')}`;

/** The estimate e-mail: the range (or that none could be made), its basis and the method in the page's words. */
/** The appraiser's range for a vehicle, as an appraisal computes it (issue 34 §1: the worksheet's trade-in). */
export async function estimateTrade(db: Db, v: AppraisalVehicle) {
  return estimateValue(v, await findComparables(db, v));
}

export function estimateMail(to: string, name: string, label: string, mileage: number, estimate: ReturnType<typeof estimateValue>) {
  const has = estimate.low !== null && estimate.high !== null;
  return composeShopperMail({
    to,
    subject: has ? `Your trade estimate for the ${label}: ${cad(estimate.low!)} to ${cad(estimate.high!)}` : `Your trade estimate request for the ${label}`,
    greetingName: name,
    intro: has
      ? `Here is the estimate you asked for. It is an estimate, not an offer: a specialist confirms the value after seeing the vehicle.`
      : 'We found no comparable vehicles in our inventory or sold history, so we could not estimate a value online. A specialist will call you to appraise it in person.',
    details: [
      ['Vehicle', `${label}, ${mileage.toLocaleString('en-CA')} km`],
      ...(has ? [['Estimated range', `${cad(estimate.low!)} to ${cad(estimate.high!)}`] as [string, string], ['Based on', `${estimate.comparableCount} comparable vehicle(s)`] as [string, string]] : []),
    ],
    paragraphs: has ? ['How it was made:', ...METHOD_STEPS.map((step, i) => `${i + 1}. ${step}`)] : [],
    category: 'shopper_trade_estimate',
  });
}

interface AppraisalInput {
  purpose: AppraisalPurpose;
  vehicle: AppraisalVehicle;
  contact: { name: string; phone: string; email: string; message: string };
}

export async function appraise(app: Pick<Deps, 'db' | 'config' | 'mailer' | 'log'>, input: AppraisalInput): Promise<AppraisalResult> {
  const { vehicle: v } = input;
  const estimate = estimateValue(v, await findComparables(app.db, v));
  const label = vehicleTitle(v);
  const range = estimate.low !== null ? `estimated $${estimate.low.toLocaleString('en-CA')} – $${estimate.high!.toLocaleString('en-CA')} from ${estimate.comparableCount} comparable(s)` : 'no comparable vehicles, no estimate given';
  const photoToken = randomBytes(24).toString('base64url');
  const lead = await app.db.transaction(async (tx) => {
    const created = await createLead(tx, {
    source: input.purpose === 'sell' ? 'sell_my_vehicle' : 'trade_appraiser',
    leadType: input.purpose === 'sell' ? 'sell' : 'trade_in',
    name: input.contact.name,
    phone: input.contact.phone,
    email: input.contact.email || null,
    message: [`${input.purpose === 'sell' ? 'Wants to sell' : 'Trade-in appraisal'}: ${label}, ${v.mileage.toLocaleString('en-CA')} km, ${v.condition} condition; ${range}.`, input.contact.message].filter(Boolean).join('\n\n'),
    tradeIn: { year: v.year, make: v.make, model: v.model, trim: v.trim || null, vin: v.vin || null, mileage: v.mileage, condition: v.condition },
    additionalData: { purpose: input.purpose, estimateLow: estimate.low, estimateHigh: estimate.high, comparableCount: estimate.comparableCount },
    photoTokenHash: hashChatToken(photoToken),
    }, leadNotice(app));
    // Issue 33 §1: the shopper's copy of the estimate (the range, and how it was made), recorded with the lead.
    const mail = input.contact.email ? estimateMail(input.contact.email, input.contact.name, label, v.mileage, estimate) : null;
    return { ...created, shopperMailId: mail ? await queueMail(tx, mail) : null };
  });
  await announceLead(app, lead);
  if (lead.shopperMailId !== null) await app.mailer.deliver?.(lead.shopperMailId);
  return { estimate, leadId: lead.id, photoToken };
}

const INVALID_TOKEN = 'This photo upload link is not valid or has expired. A specialist can collect photos when they call.';

/**
 * The lead the token opens, locked when inside a transaction, with its photo count. One 403 for an unknown lead,
 * a wrong token and an expired one, so the answer tells a guesser nothing.
 */
async function photoLead(db: Db | Tx, leadId: number, token: string, now: Date, lock: boolean) {
  const since = new Date(now.getTime() - APPRAISAL_PHOTO_WINDOW_MINUTES * 60_000);
  const q = db.select({ id: leads.id }).from(leads)
    .where(and(eq(leads.id, leadId), eq(leads.photoTokenHash, hashChatToken(token)), gt(leads.createdAt, since)));
  const [lead] = lock ? await q.for('update') : await q;
  if (!lead) throw forbidden(INVALID_TOKEN);
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(leadPhotos).where(eq(leadPhotos.leadId, leadId));
  return n;
}

const tooManyPhotos = (had: number, adding?: number) => conflict(adding === undefined
  ? `This estimate already has its ${APPRAISAL_MAX_PHOTOS} photos.`
  : `An estimate can have ${APPRAISAL_MAX_PHOTOS} photos; it has ${had} and this upload adds ${adding}.`);

/**
 * Attaches the seller's photos to their sell/trade lead. Checked before a byte is read (token, room left), then
 * through the media upload flow (every file checked from its headers before any is decoded; content-sniffed,
 * re-encoded, metadata stripped), and all rows are written in one transaction that re-checks both under a row lock.
 */
export async function addAppraisalPhotos(app: Pick<Deps, 'db' | 'storage' | 'mailer' | 'config' | 'log'>, files: AsyncIterable<IncomingPhoto>, leadId: number, token: string, now = new Date()): Promise<AppraisalPhotosResult> {
  const had = await photoLead(app.db, leadId, token, now, false);
  if (had >= APPRAISAL_MAX_PHOTOS) throw tooManyPhotos(APPRAISAL_MAX_PHOTOS);
  const { result, added } = await acceptPhotoUploads(files, {
    storage: app.storage, folder: `leads/${leadId}`, kind: 'vehicle', field: UPLOAD_FIELD, maxFiles: APPRAISAL_MAX_PHOTOS,
    room: { left: APPRAISAL_MAX_PHOTOS - had, full: (n) => tooManyPhotos(had, n).message },
    write: async (stored) => ({
      added: stored.length,
      result: await app.db.transaction(async (tx) => {
        const had = await photoLead(tx, leadId, token, now, true);
        if (had + stored.length > APPRAISAL_MAX_PHOTOS) throw tooManyPhotos(had, stored.length);
        await tx.insert(leadPhotos).values(stored.map((img) => ({
          leadId, storageKey: img.storageKey, width: img.width, height: img.height, bytes: img.bytes,
          variants: img.variants.map(({ width, format }) => ({ width, format })),
        })));
        return { photoCount: had + stored.length };
      }),
    }),
  });
  const [lead] = await app.db.select({ id: leads.id, name: leads.name, source: leads.source }).from(leads).where(eq(leads.id, leadId));
  if (lead) await announceLeadPhotos(app, lead, added, result.photoCount);
  return result;
}

/** The appraisal service as the app holds it (server/services.ts): the shopper's estimate, its photos, a worksheet's trade-in. */
export function appraisalService(deps: Deps) {
  return {
    ...bindFirst(deps, { appraise, addAppraisalPhotos }),
    ...bindFirst(deps.db, { estimateTrade, findComparables }),
  };
}
