// Lead delivery to the dealer's CRM (issue 32 part 2): the back office's settings and log contracts, the webhook's
// body, and the retry schedule. Pure: modules/lead-delivery sends and records; the page at /admin/lead-delivery
// reads these types.
import { z } from 'zod';

export const LEAD_DELIVERY_CHANNELS = ['email', 'webhook'] as const;
export type LeadDeliveryChannel = (typeof LEAD_DELIVERY_CHANNELS)[number];
export const LEAD_DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'dead'] as const;
export type LeadDeliveryStatus = (typeof LEAD_DELIVERY_STATUSES)[number];

/** The webhook's headers: the signature of the raw body, and the id a receiver drops duplicates by. */
export const SIGNATURE_HEADER = 'X-Signature-256';
export const DELIVERY_ID_HEADER = 'X-Delivery-Id';
export const EVENT_HEADER = 'X-Lead-Event';

// ---- Retries (docs/decisions/020-lead-delivery.md) ----

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Retries go on for at least this long after the lead; the first failure at or after it dead-letters the delivery. */
export const RETRY_WINDOW_MS = 24 * HOUR;
/** The first retry's wait; each failure doubles it, up to the cap of the delivery's age (below). */
export const FIRST_RETRY_MS = 15 * SECOND;

/**
 * How long to wait after the `failures`-th failed attempt of a delivery `ageMs` old. Exponential from 15 s, capped
 * at 110 s in the first hour (a CRM back from a short outage gets every lead within 2 minutes, issue 32's bar, even
 * with the dispatcher's 5 s poll on top), 15 minutes up to 6 hours, then an hour: about 70 attempts over the 24
 * hours instead of 720 at a flat 2 minutes.
 */
export function retryDelayMs(failures: number, ageMs: number): number {
  const exponential = FIRST_RETRY_MS * 2 ** Math.min(Math.max(failures - 1, 0), 20);
  const cap = ageMs < HOUR ? 110 * SECOND : ageMs < 6 * HOUR ? 15 * MINUTE : HOUR;
  return Math.min(exponential, cap);
}

/** After a failed attempt: the next try's time, or dead once the delivery is RETRY_WINDOW_MS old. */
export function afterFailure(failures: number, createdAt: Date, now: Date): { dead: true } | { dead: false; nextAttemptAt: Date } {
  const age = now.getTime() - createdAt.getTime();
  if (age >= RETRY_WINDOW_MS) return { dead: true };
  return { dead: false, nextAttemptAt: new Date(now.getTime() + retryDelayMs(failures, age)) };
}

// ---- Settings ----

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

export const leadDeliverySettingsSchema = z.object({
  /** The CRM's lead-intake address: each lead arrives there as an e-mail whose body is the ADF XML. */
  adfEmail: z.string().nullable(),
  webhookUrl: z.string().nullable(),
  /** Whether a signing secret is stored; the secret itself is never sent back. */
  webhookSecretSet: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type LeadDeliverySettings = z.infer<typeof leadDeliverySettingsSchema>;

export const WEBHOOK_SECRET_MIN = 16;

export const leadDeliverySettingsUpdateSchema = z.object({
  adfEmail: z.preprocess(blankToNull, z.email('adfEmail must be an e-mail address such as leads@crm.example.com').max(254, 'adfEmail is at most 254 characters').nullable()),
  webhookUrl: z.preprocess(blankToNull, z.string().trim().max(2000, 'webhookUrl is at most 2000 characters')
    .refine((v) => { try { return ['http:', 'https:'].includes(new URL(v).protocol); } catch { return false; } }, 'webhookUrl must be an http:// or https:// URL')
    .refine((v) => { try { const u = new URL(v); return !u.username && !u.password; } catch { return true; } }, 'webhookUrl must not carry a user name or password: the signature authenticates the site')
    .nullable()),
  /** A new signing secret; left out, the stored one is kept. */
  webhookSecret: z.string().min(WEBHOOK_SECRET_MIN, `webhookSecret needs at least ${WEBHOOK_SECRET_MIN} characters`).max(200, 'webhookSecret is at most 200 characters')
    .refine((s) => /^[\x21-\x7e]+$/.test(s), 'webhookSecret may contain only printable ASCII characters without spaces').optional(),
});
export type LeadDeliverySettingsUpdate = z.input<typeof leadDeliverySettingsUpdateSchema>;

export const leadDeliveryTestResultSchema = z.object({
  results: z.array(z.object({
    channel: z.enum(LEAD_DELIVERY_CHANNELS),
    target: z.string(),
    ok: z.boolean(),
    /** What the endpoint answered (`HTTP 200`, `sent by SMTP`…) or why it failed. */
    detail: z.string(),
    deliveryId: z.string(),
  })),
});
export type LeadDeliveryTestResult = z.infer<typeof leadDeliveryTestResultSchema>;

// ---- The log ----

export const leadDeliverySchema = z.object({
  id: z.number().int(),
  deliveryId: z.string(),
  leadId: z.number().int(),
  leadName: z.string(),
  leadType: z.string(),
  channel: z.enum(LEAD_DELIVERY_CHANNELS),
  target: z.string(),
  status: z.enum(LEAD_DELIVERY_STATUSES),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
  lastResponse: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  deadAt: z.string().nullable(),
  resendOf: z.number().int().nullable(),
  createdAt: z.string(),
});
export type LeadDelivery = z.infer<typeof leadDeliverySchema>;

export const LEAD_DELIVERY_PAGE_SIZE = 50;

export const leadDeliveryQuerySchema = z.object({
  status: z.enum(LEAD_DELIVERY_STATUSES, { error: `status must be one of ${LEAD_DELIVERY_STATUSES.join(', ')}` }).optional(),
  leadId: z.coerce.number({ error: 'leadId must be a whole number' }).int('leadId must be a whole number').min(1).optional(),
  page: z.coerce.number({ error: 'page must be a whole number' }).int('page must be a whole number').min(1, 'page must be at least 1').max(10_000, 'page is at most 10000').default(1),
});
export type LeadDeliveryQuery = z.input<typeof leadDeliveryQuerySchema>;

export const leadDeliveryListSchema = z.object({
  deliveries: z.array(leadDeliverySchema),
  total: z.number().int(),
  page: z.number().int(),
  totalPages: z.number().int(),
  counts: z.object({ pending: z.number().int(), sending: z.number().int(), delivered: z.number().int(), dead: z.number().int() }),
});
export type LeadDeliveryList = z.infer<typeof leadDeliveryListSchema>;

export const leadDeliveryIdParams = z.object({ id: z.coerce.number({ error: 'id must be a whole number' }).int('id must be a whole number').min(1, 'id must be positive') });

// ---- What the webhook receives ----

export interface WebhookVehicle {
  id: number | null;
  label: string | null;
  year: number | null;
  make: string | null;
  model: string | null;
  trim: string | null;
  vin: string | null;
  stockNumber: string | null;
  condition: string | null;
  price: number | null;
  odometerKm: number | null;
  url: string | null;
}

/** The JSON body of a webhook delivery: `adf` is the same ADF 1.0 document the e-mail carries. */
export interface LeadWebhookBody {
  /** The delivery id (also X-Delivery-Id): the same on every retry of this delivery, new for a "send again". */
  id: string;
  event: 'lead.created';
  /** The lead's type: contact, chat, appointment, hold, trade_in, sell, pre_approval… */
  type: string;
  createdAt: string;
  /** Sent from the settings page's "Send test lead": no such lead exists. */
  test?: true;
  /** "Send again": the delivery id this one repeats. */
  resendOf?: string;
  lead: {
    id: number;
    type: string;
    source: string;
    sourceLabel: string;
    createdAt: string;
    name: string;
    email: string | null;
    phone: string | null;
    message: string;
    vehicle: WebhookVehicle | null;
    tradeIn: Omit<WebhookVehicle, 'id' | 'label' | 'stockNumber' | 'price' | 'url'> | null;
    /** Back-office links: the lead, and for a chat its transcript. */
    links: { lead: string; transcript?: string };
  };
  adf: string;
}
