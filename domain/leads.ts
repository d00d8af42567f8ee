// Leads (issue 6; spec §3 "Lead from chat", §7 POST /api/leads): the public submission contract, the admin inbox
// contracts, and the few rules both sides share (the chat's synthesized e-mail, time to first response).
import { z } from 'zod';
import { photoSchema } from './vehicle';
import { fitsJson } from './json-limits';
import { leadHoldSchema } from './holds';
import { leadCrmDeliverySchema } from './lead-delivery';

/** The sales pipeline (issue 6, "status pipeline"), in order. */
export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'appointment', 'sold', 'lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New', contacted: 'Contacted', qualified: 'Qualified', appointment: 'Appointment', sold: 'Sold', lost: 'Lost',
};

/**
 * Where leads come from. `carbro_chat` is the spec's chat source (§3); the others are the site's own forms.
 * Server modules creating leads (booking, contact, pre-approval, sell/trade, private-listing message) use these.
 */
export const LEAD_SOURCES = [
  'carbro_chat', 'booking', 'contact', 'pre_approval', 'sell_my_vehicle', 'trade_appraiser', 'private_listing', 'exit_intent', 'website', 'vehicle_hold', 'deal_worksheet',
] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];
export const LEAD_SOURCE_LABELS: Record<LeadSource, string> = {
  carbro_chat: 'Chat',
  booking: 'Booking',
  contact: 'Contact form',
  pre_approval: 'Pre-approval',
  sell_my_vehicle: 'Sell my vehicle',
  trade_appraiser: 'Trade appraiser',
  private_listing: 'Private-listing message',
  exit_intent: 'Exit-intent offer',
  website: 'Website',
  vehicle_hold: 'Hold request',
  deal_worksheet: 'Deal worksheet',
};

export const LEAD_TYPES = ['chat', 'appointment', 'contact', 'pre_approval', 'sell', 'trade_in', 'listing_message', 'general', 'hold', 'deal'] as const;
export type LeadType = (typeof LEAD_TYPES)[number];

/** Sources and types a browser may submit to POST /api/leads; the rest are created by their own server modules. */
export const PUBLIC_LEAD_SOURCES = ['carbro_chat', 'contact', 'exit_intent', 'website'] as const satisfies readonly LeadSource[];
export const PUBLIC_LEAD_TYPES = ['chat', 'contact', 'general'] as const satisfies readonly LeadType[];

/** spec §3: the chat lead's source and type. */
export const CHAT_LEAD = { source: 'carbro_chat', leadType: 'chat' } as const;

/**
 * spec §3: the chat lead's e-mail is synthesized from the digits of the phone. It uses the reserved `.invalid`
 * top-level domain (RFC 2606) so no message can ever be sent to it; the server recognises it and stores no e-mail.
 */
export const SYNTHESIZED_EMAIL_DOMAIN = 'chat.carbro.invalid';
export function chatLeadEmail(phone: string): string {
  return `${phone.replace(/\D/g, '')}@${SYNTHESIZED_EMAIL_DOMAIN}`;
}
export const isSynthesizedEmail = (email: string | null | undefined) =>
  !!email && email.toLowerCase().endsWith(`@${SYNTHESIZED_EMAIL_DOMAIN}`);

const hasNoNul = (s: string) => !s.includes('\u0000');
const phoneSchema = z.string().trim().max(40, 'phone is at most 40 characters')
  .refine((p) => { const d = p.replace(/\D/g, ''); return d.length >= 10 && d.length <= 15; }, 'phone must have 10 to 15 digits')
  .refine((p) => /^[\d\s()+.-]+$/.test(p), 'phone may contain only digits, spaces and ( ) + - .');

/** A trade-in the shopper describes (exported as ADF's second vehicle). */
export const tradeInSchema = z.object({
  year: z.number().int().min(1950).max(2100).nullable().optional(),
  make: z.string().trim().max(40).nullable().optional(),
  model: z.string().trim().max(60).nullable().optional(),
  trim: z.string().trim().max(60).nullable().optional(),
  vin: z.string().trim().max(17).nullable().optional(),
  mileage: z.number().int().min(0).max(2_000_000).nullable().optional(),
  condition: z.string().trim().max(40).nullable().optional(),
});
export type TradeIn = z.infer<typeof tradeInSchema>;

/** additionalData is a few flat facts (spec §3); a little nesting is allowed for what a form may add. */
export const ADDITIONAL_DATA_MAX_DEPTH = 4;

/** POST /api/leads body (spec §7: email, phone, source, leadType, additionalData); name and message optional extras. */
export const createLeadRequestSchema = z.object({
  email: z.email('email is not a valid address').max(254, 'email is at most 254 characters').optional().nullable(),
  phone: phoneSchema.optional().nullable(),
  source: z.enum(PUBLIC_LEAD_SOURCES, { error: `source must be one of ${PUBLIC_LEAD_SOURCES.join(', ')}` }),
  leadType: z.enum(PUBLIC_LEAD_TYPES, { error: `leadType must be one of ${PUBLIC_LEAD_TYPES.join(', ')}` }),
  name: z.string().trim().max(100, 'name is at most 100 characters').refine(hasNoNul, 'name contains a NUL character').optional(),
  message: z.string().trim().max(4000, 'message is at most 4000 characters').refine(hasNoNul, 'message contains a NUL character').optional(),
  vehicleId: z.number({ error: 'vehicleId must be a number' }).int().positive().nullable().optional(),
  /** spec §3 additionalData {name, chatInitiated, timestamp}; other small values are kept as given. */
  additionalData: z.record(z.string(), z.unknown()).optional().default({})
    .refine((d) => fitsJson(d, ADDITIONAL_DATA_MAX_DEPTH, 4000), `additionalData is too large (at most ${ADDITIONAL_DATA_MAX_DEPTH} levels deep and 4000 characters as JSON)`),
}).refine((b) => !!b.email || !!b.phone, { message: 'email or phone is required so the dealer can answer', path: ['phone'] });
export type CreateLeadRequest = z.infer<typeof createLeadRequestSchema>;

export const createLeadResponseSchema = z.object({
  id: z.number().int(),
  /** Chat leads only: the widget sends it with chat messages so the conversation is stored against this lead. */
  chatToken: z.string().optional(),
});
export type CreateLeadResponse = z.infer<typeof createLeadResponseSchema>;

// ---- Admin inbox (/admin/leads) ----

export const leadSchema = z.object({
  id: z.number().int(),
  source: z.string(),
  leadType: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  message: z.string(),
  vehicleId: z.number().int().nullable(),
  vehicleInfo: z.string().nullable(),
  tradeIn: tradeInSchema.nullable(),
  status: z.enum(LEAD_STATUSES),
  assigneeId: z.number().int().nullable(),
  assigneeName: z.string().nullable(),
  refType: z.string().nullable(),
  refId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  firstResponseAt: z.string().nullable(),
  /** Minutes from arrival to the first staff response; null while nobody has answered. */
  responseMinutes: z.number().nullable(),
  noteCount: z.number().int(),
  messageCount: z.number().int(),
});
export type Lead = z.infer<typeof leadSchema>;

export const leadNoteSchema = z.object({
  id: z.number().int(), authorName: z.string(), body: z.string(), createdAt: z.string(),
});
export type LeadNote = z.infer<typeof leadNoteSchema>;

export const chatMessageSchema = z.object({
  id: z.number().int(), role: z.enum(['user', 'assistant']), content: z.string(), createdAt: z.string(),
});

/** Another lead from the same person: the same e-mail or the same phone number, however either was written. */
export const relatedLeadSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  source: z.string(),
  leadType: z.string(),
  status: z.enum(LEAD_STATUSES),
  vehicleInfo: z.string().nullable(),
  createdAt: z.string(),
  /** What the two leads share. */
  sameEmail: z.boolean(),
  samePhone: z.boolean(),
});
export type RelatedLead = z.infer<typeof relatedLeadSchema>;

/** How many other leads of the same person the lead detail lists (newest first). */
export const RELATED_LEADS_MAX = 20;

/** A phone number as digits only, without North America's leading 1: "+1 (780) 555-0199" and "780.555.0199" match. */
export function normalizePhone(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.length >= 10 ? national : null;
}
/** An e-mail address as compared: trimmed, lower case; a chat's synthesized address is no address. */
export function normalizeEmail(email: string | null | undefined): string | null {
  const e = (email ?? '').trim().toLowerCase();
  return e && !isSynthesizedEmail(e) ? e : null;
}

export const leadDetailSchema = leadSchema.extend({
  additionalData: z.record(z.string(), z.unknown()),
  notes: z.array(leadNoteSchema),
  messages: z.array(chatMessageSchema),
  /** Photos the seller attached (sell and trade-in leads). */
  photos: z.array(photoSchema),
  /** The same person's other leads (same e-mail or phone), newest first, at most RELATED_LEADS_MAX. */
  relatedLeads: z.array(relatedLeadSchema),
  /** Hold requests (issue 19): where the hold stands; null for every other lead. */
  hold: leadHoldSchema.nullable(),
  /** Its deliveries to the CRM (issue 54 §4), newest first: one per endpoint, and per booking change. */
  crmDeliveries: z.array(leadCrmDeliverySchema),
});
export type LeadDetail = z.infer<typeof leadDetailSchema>;

const csvIds = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
  z.array(z.coerce.number({ error: 'ids must be numbers' }).int('ids must be whole numbers').positive('ids must be positive')).max(1000, 'at most 1000 ids'),
);

/** Inbox filters (also used by the CSV and ADF batch exports). */
export const leadListQuerySchema = z.object({
  status: z.enum(LEAD_STATUSES, { error: `status must be one of ${LEAD_STATUSES.join(', ')}` }).optional(),
  source: z.enum(LEAD_SOURCES, { error: `source must be one of ${LEAD_SOURCES.join(', ')}` }).optional(),
  assigneeId: z.union([z.literal('none'), z.coerce.number({ error: 'assigneeId must be a number or none' }).int().positive()]).optional(),
  q: z.string().trim().max(100, 'q is at most 100 characters').refine(hasNoNul, 'q contains a NUL character').optional(),
  from: z.iso.date('from must be YYYY-MM-DD').optional(),
  to: z.iso.date('to must be YYYY-MM-DD').optional(),
  ids: csvIds.optional(),
  page: z.coerce.number({ error: 'page must be a number' }).int().min(1, 'page starts at 1').max(100_000).default(1),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(200, 'limit is at most 200').default(50),
});
export type LeadListQuery = z.infer<typeof leadListQuerySchema>;

export const leadListSchema = z.object({
  leads: z.array(leadSchema),
  total: z.number().int(),
  page: z.number().int(),
  totalPages: z.number().int(),
  /** Counts per status over the current filters without the status filter: the pipeline bar. */
  statusCounts: z.record(z.string(), z.number().int()),
  /** Median minutes to first response over the answered leads of the current filters. */
  medianResponseMinutes: z.number().nullable(),
  assignees: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type LeadList = z.infer<typeof leadListSchema>;

export const leadUpdateSchema = z.object({
  status: z.enum(LEAD_STATUSES, { error: `status must be one of ${LEAD_STATUSES.join(', ')}` }).optional(),
  assigneeId: z.number({ error: 'assigneeId must be a number or null' }).int().positive().nullable().optional(),
}).refine((b) => b.status !== undefined || b.assigneeId !== undefined, { message: 'Nothing to change: give status or assigneeId', path: ['status'] });
export type LeadUpdate = z.infer<typeof leadUpdateSchema>;

export const leadNoteRequestSchema = z.object({
  body: z.string({ error: 'body is required' }).trim().min(1, 'body cannot be empty').max(4000, 'body is at most 4000 characters').refine(hasNoNul, 'body contains a NUL character'),
});

export const leadIdParams = z.object({
  id: z.coerce.number({ error: 'id must be a number' }).int('id must be a whole number').positive('id must be positive'),
});

/** Whole minutes between arrival and first response (null while unanswered). */
export function responseMinutes(createdAt: Date, firstResponseAt: Date | null): number | null {
  if (!firstResponseAt) return null;
  return Math.max(0, Math.round((firstResponseAt.getTime() - createdAt.getTime()) / 60_000));
}

/** "12 min", "3 h 5 min", "2 d 4 h": how the inbox shows time to first response. */
export function formatDuration(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 24 * 60) { const h = Math.floor(minutes / 60); const m = minutes % 60; return m ? `${h} h ${m} min` : `${h} h`; }
  const d = Math.floor(minutes / 1440); const h = Math.floor((minutes % 1440) / 60);
  return h ? `${d} d ${h} h` : `${d} d`;
}
