// Real visitors' Core Web Vitals (issue 35 §3): store what the browser measured, and the back office's p75 per kind of
// page and form factor (domain/web-vitals.ts), the figure Google's Core Web Vitals assessment uses.
import { and, gte, sql } from 'drizzle-orm';
import {
  FORM_FACTORS, VITAL_NAMES, VITAL_PAGES, vitalRating, type VitalName, type VitalsBody, type VitalsReport,
} from '@domain/web-vitals';
import type { Db } from '../../db/client';
import { webVitals } from '../../db/schema';

export async function recordVitals(db: Db, body: VitalsBody): Promise<void> {
  await db.insert(webVitals).values(body.metrics.map((m) => ({ page: body.page, formFactor: body.formFactor, metric: m.name, value: m.value })));
}

export async function vitalsReport(db: Db, days: number, now: Date = new Date()): Promise<VitalsReport> {
  const since = new Date(now.getTime() - days * 24 * 3600_000);
  const p75 = sql<number>`percentile_cont(0.75) within group (order by ${webVitals.value})`;
  const n = sql<number>`count(*)::int`;
  const where = and(gte(webVitals.ts, since));
  const [perPage, overall] = await Promise.all([
    db.select({ page: webVitals.page, formFactor: webVitals.formFactor, metric: webVitals.metric, p75, n }).from(webVitals).where(where)
      .groupBy(webVitals.page, webVitals.formFactor, webVitals.metric),
    db.select({ formFactor: webVitals.formFactor, metric: webVitals.metric, p75, n }).from(webVitals).where(where)
      .groupBy(webVitals.formFactor, webVitals.metric),
  ]);
  const cell = (rows: { metric: string; p75: number; n: number }[], metric: VitalName) => {
    const r = rows.find((x) => x.metric === metric);
    if (!r) return { p75: null, samples: 0, rating: null };
    // CLS keeps three decimals; times are whole milliseconds.
    const value = metric === 'CLS' ? Math.round(Number(r.p75) * 1000) / 1000 : Math.round(Number(r.p75));
    return { p75: value, samples: Number(r.n), rating: vitalRating(metric, value) };
  };
  const row = (page: VitalsReport['rows'][number]['page'], formFactor: (typeof FORM_FACTORS)[number], rows: { metric: string; p75: number; n: number }[]) => ({
    page, formFactor, LCP: cell(rows, 'LCP'), INP: cell(rows, 'INP'), CLS: cell(rows, 'CLS'),
  });
  const rows: VitalsReport['rows'] = [];
  for (const formFactor of FORM_FACTORS) {
    rows.push(row('all', formFactor, overall.filter((r) => r.formFactor === formFactor)));
    for (const page of VITAL_PAGES) {
      const mine = perPage.filter((r) => r.page === page && r.formFactor === formFactor);
      if (mine.length) rows.push(row(page, formFactor, mine));
    }
  }
  return { days, rows: rows.filter((r) => VITAL_NAMES.some((m) => r[m].samples > 0)) };
}
