// API contracts of the back office's core (issue 4): the inventory table and its bulk actions, the dashboard, the
// audit log and admin two-factor sign-in. One source for the routes' schemas, the client's types and OpenAPI.
import { z } from 'zod';
import { vehicleSchema } from './vehicle';
import { ratingBandCountsSchema } from './deal-rating';
import { BODY_TYPES, LOCATIONS, VEHICLE_STATUSES } from './constants';
import { userSchema } from './auth';
import { errorBodySchema, type ErrorCode } from './errors';

const id = z.coerce.number({ error: 'id must be a number' }).int('id must be a whole number').positive('id must be positive').max(2_147_483_647, 'id is too large');
const csvList = <T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.union([z.enum(values), z.array(z.enum(values))], { error: `${field} must be one of ${values.join(', ')}` })
    .optional().transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));

// ---------------------------------------------------------------- inventory table

/** A vehicle is "aged" after this many days on the lot (issue 4: aged units over 60 days). */
export const AGED_DAYS = 60;

export const INVENTORY_SORT_KEYS = ['createdAt', 'price', 'year', 'mileage', 'make', 'stockNumber', 'daysOnLot', 'updatedAt'] as const;
export type InventorySortKey = (typeof INVENTORY_SORT_KEYS)[number];
export const INVENTORY_PAGE_SIZES = [25, 50, 100, 200] as const;

export const inventoryQuerySchema = z.object({
  search: z.string().trim().max(100, 'search is at most 100 characters').optional(),
  status: csvList('status', VEHICLE_STATUSES),
  location: csvList('location', LOCATIONS),
  bodyType: csvList('bodyType', BODY_TYPES),
  /** Only vehicles on the lot longer than AGED_DAYS (available ones). */
  aged: z.enum(['true', 'false'], { error: 'aged must be true or false' }).optional().transform((v) => v === 'true'),
  /**
   * Issue 19's pricing filters: `above` lists available vehicles priced above their market average (a deal rating with
   * a positive difference); `aged-above` those of them also on the lot longer than AGED_DAYS.
   */
  market: z.enum(['above', 'aged-above'], { error: 'market must be above or aged-above' }).optional(),
  /** Only vehicles with no photo. */
  noPhotos: z.enum(['true', 'false'], { error: 'noPhotos must be true or false' }).optional().transform((v) => v === 'true'),
  sort: z.enum(INVENTORY_SORT_KEYS, { error: `sort must be one of ${INVENTORY_SORT_KEYS.join(', ')}` }).default('createdAt'),
  dir: z.enum(['asc', 'desc'], { error: 'dir must be asc or desc' }).default('desc'),
  page: z.coerce.number({ error: 'page must be a number' }).int('page must be a whole number').min(1, 'page must be at least 1').max(100_000, 'page is too large').default(1),
  limit: z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number').min(1, 'limit must be at least 1').max(200, 'limit is at most 200').default(50),
});
export type InventoryQuery = z.output<typeof inventoryQuerySchema>;

/** A row of the back office's inventory table: the vehicle's own fields (vehicleSchema), plus what the table adds. */
export const inventoryRowSchema = vehicleSchema.pick({
  id: true, vin: true, stockNumber: true, year: true, make: true, model: true, trim: true, price: true, originalPrice: true,
  mileage: true, bodyType: true, status: true, sellerType: true, location: true, createdAt: true, updatedAt: true, soldAt: true,
  dealRating: true,
}).extend({
  photoCount: z.number().int(),
  coverUrl: z.string().nullable(),
  /** Whole days since the vehicle was added (to its sale when sold). */
  daysOnLot: z.number().int(),
});
export type InventoryRow = z.infer<typeof inventoryRowSchema>;

export const inventoryPageSchema = z.object({
  rows: z.array(inventoryRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageCount: z.number().int(),
  /** Counts by status over the whole inventory (the filter chips). */
  counts: z.record(z.enum(VEHICLE_STATUSES), z.number().int()),
});
export type InventoryPage = z.infer<typeof inventoryPageSchema>;

// ---------------------------------------------------------------- bulk actions

export const BULK_MAX = 500;
export const BULK_ACTIONS = ['mark-sold', 'mark-available', 'delete', 'price'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

const ids = z.array(id, { error: 'ids must be a list of vehicle ids' }).min(1, 'Select at least one vehicle')
  .max(BULK_MAX, `At most ${BULK_MAX} vehicles at once`).transform((l) => [...new Set(l)]);

export const bulkActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('mark-sold'), ids }),
  z.object({ action: z.literal('mark-available'), ids }),
  z.object({ action: z.literal('delete'), ids }),
  z.object({
    action: z.literal('price'),
    ids,
    /** amount: add this many dollars (negative lowers); percent: add this percentage (negative lowers). */
    mode: z.enum(['amount', 'percent'], { error: 'mode must be amount or percent' }),
    value: z.number({ error: 'value must be a number' }).finite('value must be a number')
      .refine((v) => v !== 0, 'value cannot be 0: nothing would change'),
  }).superRefine((v, ctx) => {
    if (v.mode === 'percent' && (v.value <= -100 || v.value > 100)) ctx.addIssue({ code: 'custom', path: ['value'], message: 'value must be between -99.99 and 100 percent' });
    if (v.mode === 'amount' && (!Number.isInteger(v.value) || Math.abs(v.value) > 1_000_000)) ctx.addIssue({ code: 'custom', path: ['value'], message: 'value must be a whole number of dollars up to 1,000,000' });
  }),
], { error: `action must be one of ${BULK_ACTIONS.join(', ')}` });
export type BulkActionInput = z.input<typeof bulkActionSchema>;

export const bulkResultSchema = z.object({ message: z.string(), affected: z.number().int() });
export type BulkResult = z.infer<typeof bulkResultSchema>;

/** The new price of a bulk change: whole dollars, never below 0. */
export function bulkNewPrice(price: number, mode: 'amount' | 'percent', value: number): number {
  const next = mode === 'amount' ? price + value : price * (1 + value / 100);
  return Math.max(0, Math.round(next));
}

/** spec §5 confirmation texts (one vehicle) and their plural for a selection. */
export function bulkConfirmText(action: BulkAction, count: number, price?: { mode: 'amount' | 'percent'; value: number }): string {
  const one = count === 1;
  switch (action) {
    case 'delete':
      return one ? 'Are you sure you want to delete this vehicle? This action cannot be undone.'
        : `Are you sure you want to delete these ${count} vehicles? This action cannot be undone.`;
    case 'mark-sold':
      return one ? 'Are you sure you want to mark this vehicle as sold?' : `Are you sure you want to mark these ${count} vehicles as sold?`;
    case 'mark-available':
      return one ? 'Are you sure you want to mark this vehicle as available?' : `Are you sure you want to mark these ${count} vehicles as available?`;
    case 'price': {
      const v = price?.value ?? 0;
      const change = price?.mode === 'percent' ? `${v > 0 ? '+' : ''}${v}%` : `${v < 0 ? '-' : '+'}$${Math.abs(v).toLocaleString('en-CA')}`;
      return `Are you sure you want to change the price of ${one ? 'this vehicle' : `these ${count} vehicles`} by ${change}? Saved-vehicle shoppers are told about price drops.`;
    }
  }
}

// ---------------------------------------------------------------- audit log

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actorId: z.number().int().nullable(),
  actorName: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  summary: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const isoDate = (field: string) => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date like 2026-01-31`)
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s; // 2026-02-30 is not a day
  }, `${field} is not a real date`).optional();

export const auditQuerySchema = z.object({
  /** Actor's username (exact, case-insensitive). */
  actor: z.string().trim().max(100, 'actor is at most 100 characters').optional(),
  entityType: z.string().trim().max(40, 'entityType is at most 40 characters').optional(),
  entityId: z.string().trim().max(64, 'entityId is at most 64 characters').optional(),
  /** An action or a prefix ending in a dot: `vehicle.` matches every vehicle action. */
  action: z.string().trim().max(60, 'action is at most 60 characters').optional(),
  /** Inclusive calendar days in Edmonton time. */
  from: isoDate('from'),
  to: isoDate('to'),
  page: z.coerce.number({ error: 'page must be a number' }).int('page must be a whole number').min(1, 'page must be at least 1').max(100_000, 'page is too large').default(1),
  limit: z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number').min(1, 'limit must be at least 1').max(200, 'limit is at most 200').default(50),
}).refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'to must be on or after from' });
export type AuditQuery = z.output<typeof auditQuerySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageCount: z.number().int(),
  /** Distinct values to offer in the filters. */
  actions: z.array(z.string()),
  entityTypes: z.array(z.string()),
  actors: z.array(z.string()),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** One changed field between an audit entry's before and after (the diff the log page shows). */
export interface FieldChange { field: string; before: unknown; after: unknown }

/** Fields whose values differ between two JSON objects (shallow; arrays and objects compared by JSON). */
export function diffFields(before: unknown, after: unknown): FieldChange[] {
  const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? v as Record<string, unknown> : {});
  const b = obj(before);
  const a = obj(after);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys
    .filter((k) => JSON.stringify(b[k] ?? null) !== JSON.stringify(a[k] ?? null))
    .map((k) => ({ field: k, before: b[k] ?? null, after: a[k] ?? null }));
}

// ---------------------------------------------------------------- dashboard

export const vehicleEngagementSchema = z.object({
  days: z.number().int(),
  totalViews: z.number().int(),
  topVehicles: z.array(z.object({
    id: z.number().int(),
    year: z.number().int(),
    make: z.string(),
    model: z.string(),
    trim: z.string().nullable(),
    stockNumber: z.string(),
    status: z.enum(VEHICLE_STATUSES),
    views: z.number().int(),
    appointments: z.number().int(),
  })),
});
export type VehicleEngagement = z.infer<typeof vehicleEngagementSchema>;

export const dashboardSchema = z.object({
  inStock: z.number().int(),
  soldThisMonth: z.number().int(),
  /** Mean days on the lot of the vehicles in stock; null when none. */
  averageDaysOnLot: z.number().nullable(),
  /** Sum of advertised prices of the vehicles in stock (whole CAD). */
  inventoryValue: z.number().int(),
  withoutPhotos: z.number().int(),
  agedUnits: z.number().int(),
  pendingListings: z.number().int(),
  /** In-stock vehicles by body type and by age band (charts). */
  byBodyType: z.array(z.object({ bodyType: z.string(), count: z.number().int() })),
  byAge: z.array(z.object({ band: z.string(), count: z.number().int() })),
  /** Sales and new stock per month, oldest first (last 6 months, Edmonton time). */
  monthly: z.array(z.object({ month: z.string(), sold: z.number().int(), added: z.number().int() })),
  recentActivity: z.array(auditEntrySchema),
  /** First-party engagement of the last `days` days (issue 6): vehicle-page views, and the most viewed vehicles. */
  engagement: vehicleEngagementSchema,
  /** Dealer units in stock per deal-rating band, and those without a rating (issue 19). */
  dealRatings: ratingBandCountsSchema,
  /**
   * Used dealer vehicles in stock whose AMVIC disclosures are incomplete (issue 34 §5): how many, and the first few
   * (oldest on the lot first) with how many items each has unanswered.
   */
  disclosuresIncomplete: z.object({
    count: z.number().int(),
    vehicles: z.array(z.object({ id: z.number().int(), title: z.string(), stockNumber: z.string(), unanswered: z.number().int() })),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

// ---------------------------------------------------------------- two-factor sign-in

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD = 30;
export const RECOVERY_CODE_COUNT = 10;

export const totpCodeSchema = z.string({ error: 'code is required' }).trim()
  .transform((s) => s.replace(/[\s-]/g, ''))
  .refine((s) => /^\d{6}$/.test(s) || /^[a-z0-9]{10}$/i.test(s), 'code must be the 6 digits from your authenticator app or a 10-character recovery code');

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const twoFactorSetupSchema = z.object({
  /** Base32 secret, for typing into an app that cannot scan. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a PNG data URL QR code. */
  qrDataUrl: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const twoFactorConfirmSchema = z.object({
  code: z.string({ error: 'code is required' }).trim().regex(/^\d{6}$/, 'code must be the 6 digits your authenticator app shows'),
});
export const recoveryCodesSchema = z.object({ message: z.string(), recoveryCodes: z.array(z.string()) });
export const twoFactorDisableSchema = z.object({
  password: z.string({ error: 'password is required' }).min(1, 'password is required').max(1024, 'password is too long'),
});

/** The 401 of POST /api/auth/login: an ordinary error, or (code two_factor_required) the challenge to answer. */
export const TWO_FACTOR_REQUIRED = 'two_factor_required' satisfies ErrorCode;
export const loginUnauthorizedSchema = errorBodySchema.extend({ challenge: z.string().optional() });
/**
 * The 401 of POST /api/auth/login for an admin who has no second factor while it is required (issue 15 item 2,
 * ASVS 6.3.3): no session, but a short-lived enrolment challenge. With it the admin sets up an authenticator
 * (POST /api/auth/login/two-factor/enrol), confirms a code and receives the recovery codes with the session
 * (POST /api/auth/login/two-factor/enrol/confirm).
 */
export const TWO_FACTOR_ENROLMENT_REQUIRED = 'two_factor_enrolment_required' satisfies ErrorCode;
const challengeSchema = z.string({ error: 'challenge is required' }).regex(/^[A-Za-z0-9_-]{20,100}$/, 'challenge is not valid');
export const twoFactorEnrolBodySchema = z.object({ challenge: challengeSchema });
export const twoFactorEnrolConfirmSchema = z.object({ challenge: challengeSchema, code: twoFactorConfirmSchema.shape.code });
export const twoFactorEnrolResultSchema = z.object({
  message: z.string(),
  token: z.string(),
  user: userSchema,
  /** Shown this once: the session is open, the admin should write them down before going on. */
  recoveryCodes: z.array(z.string()),
});
export type TwoFactorEnrolResult = z.infer<typeof twoFactorEnrolResultSchema>;

export const twoFactorLoginSchema = z.object({
  challenge: challengeSchema,
  code: totpCodeSchema,
});
