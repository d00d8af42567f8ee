// First-party analytics (issue 6; spec §4 exit intent, §7 form-analytics beacon and page views). No personal data:
// form events carry a form name, a step name and a random per-tab session id; page views carry a path only.
// A browser sending Global Privacy Control (Sec-GPC: 1) is not recorded at all.
import { z } from 'zod';
import { TRACKED_FORMS, FORM_EVENT_KINDS } from './analytics-rules';

export * from './analytics-rules';

const sessionId = z.string({ error: 'sessionId is required' }).regex(/^[A-Za-z0-9_-]{8,64}$/, 'sessionId must be 8-64 letters, digits, _ or -');
const slug = (field: string) => z.string().trim().regex(/^[a-z0-9_-]{1,40}$/, `${field} must be 1-40 lower-case letters, digits, _ or -`);

/** Our own events: {form, event, step?, sessionId, durationMs?}. */
const formEventBody = z.object({
  form: z.enum(TRACKED_FORMS, { error: `form must be one of ${TRACKED_FORMS.join(', ')}` }),
  event: z.enum(FORM_EVENT_KINDS, { error: `event must be one of ${FORM_EVENT_KINDS.join(', ')}` }),
  step: slug('step').optional(),
  sessionId,
  durationMs: z.number({ error: 'durationMs must be a number' }).int().min(0).max(7 * 24 * 3600_000).optional(),
});

/** spec §7 beacon: formType 'exit_intent_trigger', action 'page_leave', fieldData {timeOnSite} (ms). */
const specBeaconBody = z.object({
  formType: z.literal('exit_intent_trigger', { error: "formType must be 'exit_intent_trigger'" }),
  action: z.enum(['page_leave', 'shown'], { error: "action must be 'page_leave' or 'shown'" }),
  fieldData: z.object({ timeOnSite: z.number().min(0).max(7 * 24 * 3600_000) }).partial().optional().default({}),
  sessionId: sessionId.optional(),
});

export const formTrackBodySchema = z.union([formEventBody, specBeaconBody], { error: 'Send {form, event, sessionId} or the exit-intent beacon {formType, action, fieldData}' });
export type FormTrackBody = z.input<typeof formTrackBodySchema>;

/** Normalises both shapes to one stored event. The spec's beacon has no session id: a fixed placeholder stands in. */
export function toFormEvent(body: z.infer<typeof formTrackBodySchema>) {
  if ('formType' in body) {
    return {
      form: 'exit_intent' as const,
      event: body.action === 'shown' ? ('exit_intent' as const) : ('page_leave' as const),
      step: null,
      sessionId: body.sessionId ?? 'beacon-no-session',
      durationMs: body.fieldData.timeOnSite != null ? Math.round(body.fieldData.timeOnSite) : null,
    };
  }
  return { form: body.form, event: body.event, step: body.step ?? null, sessionId: body.sessionId, durationMs: body.durationMs ?? null };
}

export const pageViewBodySchema = z.object({
  /** A site path such as /vehicles/12; query and hash are dropped (they may hold search words or codes). */
  path: z.string({ error: 'path is required' }).trim().min(1).max(300, 'path is at most 300 characters').regex(/^\/[^\s]*$/, 'path must start with /'),
});

export const vehicleViewsSchema = z.object({ vehicleId: z.number().int(), views: z.number().int(), days: z.number().int() });
export type VehicleViews = z.infer<typeof vehicleViewsSchema>;

// ---- engagement per vehicle: the home ticker, the vehicle page and the dashboard (issue 6) ----

/** The ticker's pool (spec §2 "Ticker"): available vehicles with their real figures of the window. */
export const tickerVehicleSchema = z.object({
  id: z.number().int(),
  year: z.number().int(),
  make: z.string(),
  model: z.string(),
  trim: z.string().nullable(),
  price: z.number(),
  mileage: z.number().int(),
  bodyType: z.string(),
  createdAt: z.string(),
  /** Page views of the vehicle over the window. */
  views: z.number().int(),
  /** Appointments booked for the vehicle over the window (cancelled ones left out). */
  appointments: z.number().int(),
});
export type TickerVehicle = z.infer<typeof tickerVehicleSchema>;
export const tickerSchema = z.object({ days: z.number().int(), vehicles: z.array(tickerVehicleSchema) });
export type Ticker = z.infer<typeof tickerSchema>;

// ---- /admin/form-analytics ----

export const analyticsRangeQuerySchema = z.object({
  days: z.coerce.number({ error: 'days must be a number' }).int('days must be whole days').min(1, 'days must be 1-365').max(365, 'days must be 1-365').default(30),
});

export const formAnalyticsSchema = z.object({
  days: z.number().int(),
  forms: z.array(z.object({
    form: z.string(),
    label: z.string(),
    starts: z.number().int(),
    completions: z.number().int(),
    abandons: z.number().int(),
    /** Sessions that reached each step (in first-seen order). */
    steps: z.array(z.object({ step: z.string(), sessions: z.number().int() })),
    /** Where the sessions that abandoned were when they left. */
    abandonedAt: z.array(z.object({ step: z.string(), sessions: z.number().int() })),
  })),
  exitIntent: z.object({ shown: z.number().int(), pageLeaves: z.number().int(), medianLeaveMs: z.number().nullable() }),
  /** Page-leave time on site, bucketed. */
  leaveTimes: z.array(z.object({ bucket: z.string(), count: z.number().int() })),
  daily: z.array(z.object({ day: z.string(), starts: z.number().int(), completions: z.number().int(), pageViews: z.number().int() })),
  topPages: z.array(z.object({ path: z.string(), views: z.number().int() })),
});
export type FormAnalytics = z.infer<typeof formAnalyticsSchema>;
