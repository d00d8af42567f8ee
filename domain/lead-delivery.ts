// Lead delivery to the dealer's CRM (issue 32 part 2): the back office's settings and log contracts, the webhook's
// body, and the retry schedule. Pure: modules/lead-delivery sends and records; the page at /admin/lead-delivery
// reads these types.
import { z } from 'zod';

export const LEAD_DELIVERY_CHANNELS = ['email', 'webhook'] as const;
export type LeadDeliveryChannel = (typeof LEAD_DELIVERY_CHANNELS)[number];
/**
 * `not_sent` is final: the channel cannot send at all (an ADF e-mail without a mail server), so nothing left the
 * site; "send again" once the channel works.
 */
export const LEAD_DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'not_sent', 'dead'] as const;
export type LeadDeliveryStatus = (typeof LEAD_DELIVERY_STATUSES)[number];

/** How the back office names each status (the lead-delivery log and the lead's own panel). */
export const LEAD_DELIVERY_STATUS_LABELS: Record<LeadDeliveryStatus, string> = {
  pending: 'Waiting to retry', sending: 'Sending', delivered: 'Delivered', not_sent: 'Not sent', dead: 'Failed for good',
};

/** What the log, the lead and the test answer say of an ADF e-mail when no mail server (SMTP_URL) is configured. */
export const NO_MAIL_SERVER = 'Not sent: no mail server configured';

/**
 * What a delivery tells the CRM: a new lead, or a change to a booking it already has (issue 54 §4). The change
 * events carry the same lead (the same ADF prospect id, status `resend`) with comments that say what changed.
 */
export const LEAD_DELIVERY_EVENTS = ['lead.created', 'appointment.rescheduled', 'appointment.cancelled'] as const;
export type LeadDeliveryEvent = (typeof LEAD_DELIVERY_EVENTS)[number];
/** A change's name in the back office; a new lead needs none. */
export const LEAD_DELIVERY_EVENT_LABELS: Record<LeadDeliveryEvent, string | null> = {
  'lead.created': null, 'appointment.rescheduled': 'Appointment moved', 'appointment.cancelled': 'Appointment cancelled',
};

/** One delivery as the lead's panel shows it (issue 54 §4: "not sent" on the lead itself, not only in the log). */
export const leadCrmDeliverySchema = z.object({
  channel: z.enum(LEAD_DELIVERY_CHANNELS),
  event: z.enum(LEAD_DELIVERY_EVENTS),
  status: z.enum(LEAD_DELIVERY_STATUSES),
  /** The endpoint's last answer when delivered, else the last error or why it was not sent. */
  detail: z.string().nullable(),
  createdAt: z.string(),
});
export type LeadCrmDelivery = z.infer<typeof leadCrmDeliverySchema>;

/** A booking's change, recorded with the delivery when it happens (a later change is a delivery of its own). */
export interface AppointmentChange {
  appointmentId: number;
  /** The booking's date and slot before the change (Alberta wall clock, as booked). */
  from: { date: string; time: string };
  /** After a move; absent for a cancellation. */
  to?: { date: string; time: string };
  /** Who changed it, in words: "the shopper, through the link in their e-mail". */
  by: string;
}

/** The sentence the lead's timeline, the dealer's e-mail and the CRM's ADF comments all say about a change. */
export function appointmentChangeText(c: AppointmentChange): string {
  return c.to
    ? `Appointment moved by ${c.by}: from ${c.from.date} at ${c.from.time} to ${c.to.date} at ${c.to.time} (Alberta time).`
    : `Appointment cancelled by ${c.by}: it was on ${c.from.date} at ${c.from.time} (Alberta time).`;
}

/** The webhook's headers: the signature of the raw body, and the id a receiver drops duplicates by. */
export const SIGNATURE_HEADER = 'X-Signature-256';
export const DELIVERY_ID_HEADER = 'X-Delivery-Id';
export const EVENT_HEADER = 'X-Lead-Event';
/** Standard Webhooks 1.0 (standardwebhooks.com): the same delivery id, the send time in seconds, `v1,<base64>`. */
export const WEBHOOK_ID_HEADER = 'webhook-id';
export const WEBHOOK_TIMESTAMP_HEADER = 'webhook-timestamp';
export const WEBHOOK_SIGNATURE_HEADER = 'webhook-signature';
/** A Standard Webhooks secret: `whsec_` and the base64 of its key bytes (24 to 64 of them, the specification's range). */
export const WHSEC_PREFIX = 'whsec_';
export const WHSEC_KEY_BYTES = { min: 24, max: 64 } as const;

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

/** The key bytes a `whsec_` secret stands for, counted from its base64 (null when it is not valid base64). */
function whsecKeyLength(secret: string): number | null {
  const b64 = secret.slice(WHSEC_PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64) || b64.length % 4 !== 0) return null;
  return (b64.length / 4) * 3 - (b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0);
}

/** Whether a secret is a Standard Webhooks one (its decoded bytes are the key) rather than an older plain one. */
export const isWhsecSecret = (secret: string) => secret.startsWith(WHSEC_PREFIX) && whsecKeyLength(secret) !== null;

// Messages name the fields as the page labels them: the admin reads them, not the API's field names.
export const leadDeliverySettingsUpdateSchema = z.object({
  adfEmail: z.preprocess(blankToNull, z.email('ADF e-mail address must be an e-mail address such as leads@crm.example.com').max(254, 'ADF e-mail address is at most 254 characters').nullable()),
  webhookUrl: z.preprocess(blankToNull, z.string().trim().max(2000, 'Webhook URL is at most 2000 characters')
    .refine((v) => { try { return ['http:', 'https:'].includes(new URL(v).protocol); } catch { return false; } }, 'Webhook URL must start with http:// or https://')
    .refine((v) => { try { const u = new URL(v); return !u.username && !u.password; } catch { return true; } }, 'Webhook URL must not carry a user name or password: the signature authenticates the site')
    .nullable()),
  /**
   * A new signing secret; left out, the stored one is kept. The page generates `whsec_` secrets (Standard Webhooks);
   * a plain secret of 16+ printable characters, as CRMs set up before issue 54 hold, keeps working.
   */
  webhookSecret: z.string().min(WEBHOOK_SECRET_MIN, `Signing secret needs at least ${WEBHOOK_SECRET_MIN} characters`).max(200, 'Signing secret is at most 200 characters')
    .refine((s) => /^[\x21-\x7e]+$/.test(s), 'Signing secret may contain only printable characters without spaces')
    .refine((s) => {
      if (!s.startsWith(WHSEC_PREFIX)) return true;
      const n = whsecKeyLength(s);
      return n !== null && n >= WHSEC_KEY_BYTES.min && n <= WHSEC_KEY_BYTES.max;
    }, `Signing secret: after whsec_ comes the base64 of ${WHSEC_KEY_BYTES.min} to ${WHSEC_KEY_BYTES.max} random bytes; use Generate`)
    .optional(),
});
export type LeadDeliverySettingsUpdate = z.input<typeof leadDeliverySettingsUpdateSchema>;

export const leadDeliveryTestResultSchema = z.object({
  results: z.array(z.object({
    channel: z.enum(LEAD_DELIVERY_CHANNELS),
    target: z.string(),
    ok: z.boolean(),
    /** What the endpoint answered (`HTTP 200`, `sent by SMTP`…) or why it failed or was not sent. */
    detail: z.string(),
    /** The channel could not send at all (NO_MAIL_SERVER): nothing left the site. */
    notSent: z.boolean(),
    deliveryId: z.string(),
  })),
});
export type LeadDeliveryTestResult = z.infer<typeof leadDeliveryTestResultSchema>;

// ---- The log ----

export const leadDeliverySchema = z.object({
  id: z.number().int(),
  deliveryId: z.string(),
  event: z.enum(LEAD_DELIVERY_EVENTS),
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
  counts: z.object({ pending: z.number().int(), sending: z.number().int(), delivered: z.number().int(), not_sent: z.number().int(), dead: z.number().int() }),
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
  /**
   * The delivery id (also X-Delivery-Id and webhook-id): the same on every retry of this delivery, new for a "send
   * again". Delivery is at least once: a receiver drops an id it has already taken.
   */
  id: string;
  event: LeadDeliveryEvent;
  /** For appointment.rescheduled and appointment.cancelled: what changed, and the same in words (`summary`). */
  change?: AppointmentChange & { summary: string };
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
