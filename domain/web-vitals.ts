// The web-vitals endpoint's and report's schemas (issue 35 §3); the rules themselves are in ./web-vitals-rules.ts.
import { z } from 'zod';
import { FORM_FACTORS, VITAL_NAMES, VITAL_PAGES, type VitalName } from './web-vitals-rules';

export * from './web-vitals-rules';

const MAX_VALUE: Record<VitalName, number> = { LCP: 120_000, INP: 60_000, CLS: 100 };

export const vitalsBodySchema = z.object({
  page: z.enum(VITAL_PAGES, { error: `page must be one of ${VITAL_PAGES.join(', ')}` }),
  formFactor: z.enum(FORM_FACTORS, { error: `formFactor must be one of ${FORM_FACTORS.join(', ')}` }),
  metrics: z.array(z.object({
    name: z.enum(VITAL_NAMES, { error: `name must be one of ${VITAL_NAMES.join(', ')}` }),
    value: z.number({ error: 'value must be a number' }).min(0, 'value must be 0 or more'),
  }).refine((m) => m.value <= MAX_VALUE[m.name], { error: 'value is out of range for its metric', path: ['value'] }),
  { error: 'metrics must be a list' }).min(1, 'metrics must hold at least one figure').max(VITAL_NAMES.length, `metrics holds at most ${VITAL_NAMES.length} figures`)
    .refine((l) => new Set(l.map((m) => m.name)).size === l.length, 'each metric at most once'),
});
export type VitalsBody = z.infer<typeof vitalsBodySchema>;

export const vitalsQuerySchema = z.object({
  days: z.coerce.number({ error: 'days must be a number' }).int('days must be a whole number').min(1, 'days is at least 1').max(365, 'days is at most 365').default(28),
});

const p75Schema = z.object({ p75: z.number().nullable(), samples: z.number().int(), rating: z.enum(['good', 'needs-improvement', 'poor']).nullable() });
export const vitalsReportSchema = z.object({
  days: z.number().int(),
  rows: z.array(z.object({
    page: z.enum([...VITAL_PAGES, 'all']),
    formFactor: z.enum(FORM_FACTORS),
    LCP: p75Schema, INP: p75Schema, CLS: p75Schema,
  })),
});
export type VitalsReport = z.infer<typeof vitalsReportSchema>;
