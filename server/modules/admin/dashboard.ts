// GET /api/admin/dashboard (issue 4, "Dashboard"): live figures from the inventory and the audit log, never
// invented (DESIGN.md "Claims come from data"). Stock figures count the dealership's own vehicles; private
// listings are the sellers', so they appear only as the moderation queue's length. Months are Edmonton months.
// Engagement (issue 6) is the first-party page views of the week, the same window as the ticker and vehicle page.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { readDisclosures, unansweredDisclosures } from '@domain/amvic-disclosures';
import { vehicleTitle } from '@domain/vehicle';
import { AGED_DAYS, type Dashboard } from '@domain/admin';
import { albertaClock, albertaInstant } from '@domain/alberta-time';
import type { Db } from '../../db/client';
import { auditLog, vehiclePhotos, vehicles } from '../../db/schema';
import { vehicleEngagement } from '../analytics/service';
import { ratingBandCounts } from '../vehicles/deal-ratings';
import { disclosuresIncompleteSql } from '../vehicles/disclosures-sql';
import { toAuditEntry } from './audit-log';
import { vehicleColumns } from '../vehicles/columns';

const inStock = and(eq(vehicles.status, 'available'), eq(vehicles.sellerType, 'dealer'));
const ageDays = sql`extract(epoch from (now() - ${vehicles.createdAt})) / 86400`;
/** The most viewed vehicles of the week: a short list a manager can act on (reprice, move to the front row). */
const TOP_VIEWED = 10;

/** The first day (YYYY-MM-01) of the Alberta month `back` months before the one `now` falls in. */
function monthStart(now: Date, back: number): string {
  const { year, month } = albertaClock(now);
  const d = new Date(Date.UTC(year, month - 1 - back, 1));
  return d.toISOString().slice(0, 10);
}

/** How many dashboard rows name vehicles with incomplete AMVIC disclosures; the count covers them all. */
export const DISCLOSURE_FLAG_LIST = 10;

async function incompleteDisclosures(db: Db): Promise<Dashboard['disclosuresIncomplete']> {
  const where = and(inStock, disclosuresIncompleteSql);
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(vehicles).where(where);
  const rows = await db.select({
    ...vehicleColumns('id', 'year', 'make', 'model', 'trim', 'stockNumber'),
    answers: vehicles.amvicDisclosures,
  }).from(vehicles).where(where).orderBy(asc(vehicles.createdAt), asc(vehicles.id)).limit(DISCLOSURE_FLAG_LIST);
  return {
    count: Number(total?.n ?? 0),
    vehicles: rows.map((r) => ({ id: r.id, title: vehicleTitle(r), stockNumber: r.stockNumber, unanswered: unansweredDisclosures(readDisclosures(r.answers)).length })),
  };
}

export async function getDashboard(db: Db, now: Date = new Date()): Promise<Dashboard> {
  // Months are Alberta's calendar months; their bounds are instants worked out here, not by the database's zone
  // data, which may be stale (issue 29).
  const thisMonth = albertaInstant(monthStart(now, 0));
  const [summary] = await db.select({
    inStock: sql<number>`count(*) filter (where ${inStock})::int`,
    soldThisMonth: sql<number>`count(*) filter (where ${vehicles.status} = 'sold' and ${vehicles.sellerType} = 'dealer'
      and ${vehicles.soldAt} >= ${thisMonth})::int`,
    averageDaysOnLot: sql<string | null>`avg(${ageDays}) filter (where ${inStock})`,
    inventoryValue: sql<string>`coalesce(sum(${vehicles.price}) filter (where ${inStock}), 0)`,
    withoutPhotos: sql<number>`count(*) filter (where ${inStock} and not exists (select 1 from ${vehiclePhotos} p where p.vehicle_id = ${vehicles}.id))::int`,
    agedUnits: sql<number>`count(*) filter (where ${inStock} and ${vehicles.createdAt} < now() - make_interval(days => ${AGED_DAYS}))::int`,
    pendingListings: sql<number>`count(*) filter (where ${vehicles.status} = 'pending')::int`,
  }).from(vehicles);

  const byBodyType = await db.select({ bodyType: vehicles.bodyType, count: sql<number>`count(*)::int` })
    .from(vehicles).where(inStock).groupBy(vehicles.bodyType).orderBy(desc(sql`count(*)`), vehicles.bodyType);

  const bands = await db.select({
    band: sql<string>`case when ${ageDays} < 30 then '0–30 days' when ${ageDays} < 60 then '30–60 days'
      when ${ageDays} < 90 then '60–90 days' else '90+ days' end`,
    count: sql<number>`count(*)::int`,
  }).from(vehicles).where(inStock).groupBy(sql`1`);
  const BAND_ORDER = ['0–30 days', '30–60 days', '60–90 days', '90+ days'];
  const byAge = BAND_ORDER.map((band) => ({ band, count: bands.find((b) => b.band === band)?.count ?? 0 }));

  const months = [5, 4, 3, 2, 1, 0].map((back) => {
    const first = monthStart(now, back);
    const next = monthStart(now, back - 1);
    return sql`(${first.slice(0, 7)}, ${albertaInstant(first)}::timestamptz, ${albertaInstant(next)}::timestamptz)`;
  });
  const monthlyResult = await db.execute<{ month: string; sold: number; added: number }>(sql`
    select m.month,
      (select count(*)::int from ${vehicles} v where v.seller_type = 'dealer' and v.status = 'sold'
        and v.sold_at >= m.starts and v.sold_at < m.ends) as sold,
      (select count(*)::int from ${vehicles} v where v.seller_type = 'dealer'
        and v.created_at >= m.starts and v.created_at < m.ends) as added
    from (values ${sql.join(months, sql`, `)}) as m(month, starts, ends) order by m.month`);

  const recent = await db.select().from(auditLog).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(10);
  const engagement = await vehicleEngagement(db, TOP_VIEWED);

  const s = summary!;
  return {
    inStock: s.inStock,
    soldThisMonth: s.soldThisMonth,
    averageDaysOnLot: s.averageDaysOnLot === null ? null : Math.round(Number(s.averageDaysOnLot) * 10) / 10,
    inventoryValue: Number(s.inventoryValue),
    withoutPhotos: s.withoutPhotos,
    agedUnits: s.agedUnits,
    pendingListings: s.pendingListings,
    byBodyType,
    byAge,
    monthly: monthlyResult.rows.map((r) => ({ month: r.month, sold: Number(r.sold), added: Number(r.added) })),
    recentActivity: recent.map(toAuditEntry),
    engagement,
    dealRatings: await ratingBandCounts(db),
    disclosuresIncomplete: await incompleteDisclosures(db),
  };
}
