// GET /api/admin/dashboard (issue 4, "Dashboard"): live figures from the inventory and the audit log, never
// invented (DESIGN.md "Claims come from data"). Stock figures count the dealership's own vehicles; private
// listings are the sellers', so they appear only as the moderation queue's length. Months are Edmonton months.
// Engagement (issue 6) is the first-party page views of the week, the same window as the ticker and vehicle page.
import { and, desc, eq, sql } from 'drizzle-orm';
import { AGED_DAYS, type Dashboard } from '@domain/admin';
import { DEALERSHIP } from '@domain/settings';
import type { Db } from '../../db/client';
import { auditLog, vehiclePhotos, vehicles } from '../../db/schema';
import { vehicleEngagement } from '../analytics/service';
import { ratingBandCounts } from '../vehicles/deal-ratings';
import { toAuditEntry } from './audit-log';

const TZ = DEALERSHIP.timeZone;
const inStock = and(eq(vehicles.status, 'available'), eq(vehicles.sellerType, 'dealer'));
const ageDays = sql`extract(epoch from (now() - ${vehicles.createdAt})) / 86400`;
/** The most viewed vehicles of the week: a short list a manager can act on (reprice, move to the front row). */
const TOP_VIEWED = 10;

export async function getDashboard(db: Db): Promise<Dashboard> {
  const [summary] = await db.select({
    inStock: sql<number>`count(*) filter (where ${inStock})::int`,
    soldThisMonth: sql<number>`count(*) filter (where ${vehicles.status} = 'sold' and ${vehicles.sellerType} = 'dealer'
      and ${vehicles.soldAt} >= (date_trunc('month', now() at time zone ${TZ}) at time zone ${TZ}))::int`,
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

  const monthlyResult = await db.execute<{ month: string; sold: number; added: number }>(sql`
    with months as (
      select generate_series(date_trunc('month', now() at time zone ${TZ}) - interval '5 months', date_trunc('month', now() at time zone ${TZ}), interval '1 month') as m
    )
    select to_char(m, 'YYYY-MM') as month,
      (select count(*)::int from ${vehicles} v where v.seller_type = 'dealer' and v.status = 'sold'
        and (v.sold_at at time zone ${TZ}) >= m and (v.sold_at at time zone ${TZ}) < m + interval '1 month') as sold,
      (select count(*)::int from ${vehicles} v where v.seller_type = 'dealer'
        and (v.created_at at time zone ${TZ}) >= m and (v.created_at at time zone ${TZ}) < m + interval '1 month') as added
    from months order by m`);

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
  };
}
