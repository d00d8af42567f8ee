// Instant estimate for /sell-my-vehicle and /trade-appraiser (issue 6): comparables from our own inventory and sold
// history (dealer stock only: private sellers' asking prices are not our data), the pure estimate of
// domain/appraisal.ts, and a lead for the dealer whether or not we could estimate.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { estimateValue, YEAR_WINDOW, type AppraisalPurpose, type AppraisalResult, type AppraisalVehicle, type Comparable } from '@domain/appraisal';
import type { Db } from '../../db/client';
import { vehicles } from '../../db/schema';
import { announceLead, createLead } from '../leads/service';

export async function findComparables(db: Db, v: Pick<AppraisalVehicle, 'year' | 'make' | 'model'>): Promise<Comparable[]> {
  const rows = await db.select({
    year: vehicles.year, make: vehicles.make, model: vehicles.model, trim: vehicles.trim, mileage: vehicles.mileage, price: vehicles.price, status: vehicles.status,
  }).from(vehicles).where(and(
    sql`lower(${vehicles.make}) = lower(${v.make})`,
    sql`lower(${vehicles.model}) = lower(${v.model})`,
    sql`${vehicles.year} between ${v.year - YEAR_WINDOW} and ${v.year + YEAR_WINDOW}`,
    eq(vehicles.sellerType, 'dealer'),
    inArray(vehicles.status, ['available', 'sold']),
  )).orderBy(asc(sql`abs(${vehicles.year} - ${v.year})`), desc(vehicles.updatedAt)).limit(50);
  return rows.map((r) => ({ year: r.year, make: r.make, model: r.model, trim: r.trim, mileage: r.mileage, price: r.price, sold: r.status === 'sold' }));
}

interface AppraisalInput {
  purpose: AppraisalPurpose;
  vehicle: AppraisalVehicle;
  contact: { name: string; phone: string; email: string; message: string };
}

export async function appraise(app: Pick<FastifyInstance, 'db' | 'config' | 'mailer' | 'log'>, input: AppraisalInput): Promise<AppraisalResult> {
  const { vehicle: v } = input;
  const estimate = estimateValue(v, await findComparables(app.db, v));
  const label = `${v.year} ${v.make} ${v.model}${v.trim ? ` ${v.trim}` : ''}`;
  const range = estimate.low !== null ? `estimated $${estimate.low.toLocaleString('en-CA')} – $${estimate.high!.toLocaleString('en-CA')} from ${estimate.comparableCount} comparable(s)` : 'no comparable vehicles, no estimate given';
  const lead = await createLead(app.db, {
    source: input.purpose === 'sell' ? 'sell_my_vehicle' : 'trade_appraiser',
    leadType: input.purpose === 'sell' ? 'sell' : 'trade_in',
    name: input.contact.name,
    phone: input.contact.phone,
    email: input.contact.email || null,
    message: [`${input.purpose === 'sell' ? 'Wants to sell' : 'Trade-in appraisal'}: ${label}, ${v.mileage.toLocaleString('en-CA')} km, ${v.condition} condition; ${range}.`, input.contact.message].filter(Boolean).join('\n\n'),
    tradeIn: { year: v.year, make: v.make, model: v.model, trim: v.trim || null, vin: v.vin || null, mileage: v.mileage, condition: v.condition },
    additionalData: { purpose: input.purpose, estimateLow: estimate.low, estimateHigh: estimate.high, comparableCount: estimate.comparableCount },
  });
  await announceLead(app, lead);
  return { estimate, leadId: lead.id };
}
