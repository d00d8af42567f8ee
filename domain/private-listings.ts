// Private-seller listings (issue 5, "Private-seller listings"): what a customer may enter for their own vehicle,
// the moderation states, and the buyer's message form. One source for the server's checks and the client's forms.
import { z } from 'zod';
import { BODY_TYPES, DRIVETRAINS, FUEL_TYPES, LOCATIONS, TRANSMISSIONS } from './constants';
import { photoSchema } from './vehicle';
import { checkVin } from './vin';

/**
 * pending: waiting for an admin; approved: in search as 'private seller'; rejected: an admin said why;
 * withdrawn: the seller took it down; sold: the seller sold it. A new or edited listing is pending again.
 */
export const LISTING_STATES = ['pending', 'approved', 'rejected', 'withdrawn', 'sold'] as const;
export type ListingState = (typeof LISTING_STATES)[number];

export const LISTING_STATE_LABELS: Record<ListingState, string> = {
  pending: 'Waiting for review',
  approved: 'Live in search',
  rejected: 'Changes needed',
  withdrawn: 'Withdrawn',
  sold: 'Sold',
};

/** The seller may edit (and so resubmit) any listing not sold. */
export const canEdit = (s: ListingState) => s !== 'sold';
/** Withdraw takes a listing out of review or out of search. */
export const canWithdraw = (s: ListingState) => s === 'pending' || s === 'approved' || s === 'rejected';
/** Marked sold only while live: a listing nobody could see was not sold through us. */
export const canMarkSold = (s: ListingState) => s === 'approved';
/** Moderation acts on pending listings only. */
export const canModerate = (s: ListingState) => s === 'pending';

export const LISTING_PRICE_MAX = 500_000;
export const LISTING_MILEAGE_MAX = 1_000_000;
export const LISTING_FEATURES_MAX = 30;
export const LISTING_DESCRIPTION_MAX = 3000;
export const LISTING_YEAR_MIN = 1981; // 17-character VINs with a check digit since model year 1981
export const listingYearMax = (now: Date = new Date()) => now.getFullYear() + 1;

const text = (field: string, max: number) =>
  z.string({ error: `Enter the ${field.toLowerCase()}` }).trim().min(1, `Enter the ${field.toLowerCase()}`).max(max, `${field} can be at most ${max} characters`)
    .refine((s) => !s.includes('\u0000'), `${field} contains a NUL character`);
const optionalText = (field: string, max: number) =>
  z.string().trim().max(max, `${field} can be at most ${max} characters`).refine((s) => !s.includes('\u0000'), `${field} contains a NUL character`)
    .transform((s) => s || null).nullable().optional().transform((v) => v ?? null);
const whole = (field: string, min: number, max: number) =>
  z.number({ error: `${field} must be a number` }).int(`${field} must be a whole number`)
    .min(min, `${field} must be at least ${min.toLocaleString('en-CA')}`).max(max, `${field} can be at most ${max.toLocaleString('en-CA')}`);

export const vinInput = z.string({ error: 'vin is required' }).superRefine((raw, ctx) => {
  const check = checkVin(raw);
  if (!check.ok) ctx.addIssue({ code: 'custom', message: `vin: ${check.message}` });
}).transform((raw) => checkVin(raw).vin);

/** A subset of the dealer's vehicle input: what an owner knows and a buyer needs. No stock number, sale price or status. */
export const privateListingInputSchema = z.object({
  vin: vinInput,
  year: z.number({ error: 'Enter the model year, such as 2019' }).int('Year must be a whole number')
    .min(LISTING_YEAR_MIN, `Year must be ${LISTING_YEAR_MIN} or later`)
    .refine((y) => y <= listingYearMax(), 'Year cannot be later than next year'),
  // Messages name each field as the form's label does (issue 21): the server sends the same words.
  make: text('Make', 40),
  model: text('Model', 60),
  trim: optionalText('Trim', 60),
  price: whole('Asking price', 500, LISTING_PRICE_MAX),
  mileage: whole('Odometer (km)', 0, LISTING_MILEAGE_MAX),
  bodyType: z.enum(BODY_TYPES, { error: 'Choose a body type' }),
  transmission: z.enum(TRANSMISSIONS, { error: 'Choose a transmission' }),
  drivetrain: z.enum(DRIVETRAINS, { error: 'Choose a drivetrain, or leave it empty' }).nullable().optional().transform((v) => v ?? null),
  engine: optionalText('Engine', 80),
  fuelType: z.enum(FUEL_TYPES, { error: 'Choose a fuel type' }),
  exteriorColor: text('Exterior colour', 40),
  interiorColor: optionalText('Interior colour', 40),
  doors: whole('Doors', 1, 6).nullable().optional().transform((v) => v ?? null),
  seats: whole('Seats', 1, 15).nullable().optional().transform((v) => v ?? null),
  /** Nearest of our two cities: where buyers search for it (the seller shows the vehicle, not us). */
  location: z.enum(LOCATIONS, { error: 'Choose the nearest city' }),
  description: z.string({ error: 'Describe your vehicle' }).trim()
    .min(20, 'Your description needs at least 20 characters: condition, history, why you are selling')
    .max(LISTING_DESCRIPTION_MAX, `Your description can be at most ${LISTING_DESCRIPTION_MAX} characters`)
    .refine((s) => !s.includes('\u0000'), 'description contains a NUL character'),
  features: z.array(z.string().trim().min(1, 'a feature cannot be empty').max(60, 'a feature is at most 60 characters'))
    .max(LISTING_FEATURES_MAX, `features has at most ${LISTING_FEATURES_MAX} entries`)
    .default([])
    .transform((list) => [...new Set(list)]),
});
export type PrivateListingInput = z.input<typeof privateListingInputSchema>;
export type PrivateListingValues = z.output<typeof privateListingInputSchema>;

export const listingIdParams = z.object({
  id: z.coerce.number({ error: 'id must be a number' }).int('id must be a whole number').positive('id must be positive').max(2_147_483_647, 'id is too large'),
});

/** The seller's own view of a listing: everything they entered, its state and the moderator's reason. */
export const myListingSchema = z.object({
  id: z.number().int(),
  vehicleId: z.number().int(),
  state: z.enum(LISTING_STATES),
  rejectionReason: z.string().nullable(),
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
  stockNumber: z.string(),
  vin: z.string(),
  year: z.number().int(),
  make: z.string(),
  model: z.string(),
  trim: z.string().nullable(),
  price: z.number().int(),
  mileage: z.number().int(),
  bodyType: z.string(),
  transmission: z.string(),
  drivetrain: z.string().nullable(),
  engine: z.string().nullable(),
  fuelType: z.string(),
  exteriorColor: z.string(),
  interiorColor: z.string().nullable(),
  doors: z.number().int().nullable(),
  seats: z.number().int().nullable(),
  location: z.enum(LOCATIONS),
  description: z.string(),
  features: z.array(z.string()),
  photos: z.array(photoSchema),
});
export type MyListing = z.infer<typeof myListingSchema>;

export const myListingsSchema = z.object({ listings: z.array(myListingSchema) });
export const listingResultSchema = z.object({ message: z.string(), listing: myListingSchema });

/** The moderator's view adds who submitted it (admins may see the seller's contact details). */
export const moderationListingSchema = myListingSchema.extend({
  seller: z.object({ id: z.number().int(), username: z.string(), firstName: z.string().nullable(), email: z.string() }),
});
export type ModerationListing = z.infer<typeof moderationListingSchema>;
export const moderationQuerySchema = z.object({
  state: z.enum(LISTING_STATES, { error: `state must be one of ${LISTING_STATES.join(', ')}` }).default('pending'),
});
export const moderationListSchema = z.object({ listings: z.array(moderationListingSchema), counts: z.record(z.enum(LISTING_STATES), z.number().int()) });

export const REJECTION_REASON_MIN = 10;
export const REJECTION_REASON_MAX = 500;
const rejectionReason = z.string({ error: 'reason is required' }).trim()
  .min(REJECTION_REASON_MIN, `reason needs at least ${REJECTION_REASON_MIN} characters: tell the seller what to change`)
  .max(REJECTION_REASON_MAX, `reason is at most ${REJECTION_REASON_MAX} characters`);
export const rejectBodySchema = z.object({ reason: rejectionReason });
/**
 * The route's schema: `reason` optional so that the admin check (which runs after validation) answers a
 * visitor 401 before any 400; the handler then requires it (DESIGN.md convention 4, the route-table walk).
 */
export const rejectRouteBodySchema = z.object({ reason: rejectionReason.optional() });

/** Public: a private seller is shown by first name only; no phone or email ever leaves the server. */
/** GET /api/vehicles/:id/private-seller: canMessage is false for a private unit listed without a seller account. */
export const listingSellerSchema = z.object({ firstName: z.string().nullable(), canMessage: z.boolean() });

export const BUYER_MESSAGE_MIN = 10;
export const BUYER_MESSAGE_MAX = 2000;
/**
 * The buyer's message to a private seller: delivered by email; the buyer's own contact goes along so the seller can reply.
 * phone is nullish: the form validates with this schema and posts its output, where an empty phone is already null.
 */
export const buyerMessageSchema = z.object({
  name: text('name', 80),
  email: z.string({ error: 'email is required' }).trim().toLowerCase().pipe(z.email('email is not a valid address').max(254, 'email is at most 254 characters')),
  phone: z.string().trim().max(30, 'phone is at most 30 characters').regex(/^[0-9+()\-. ]*$/, 'phone may use digits, spaces and + ( ) - .').nullish().transform((v) => v || null),
  message: z.string({ error: 'message is required' }).trim()
    .min(BUYER_MESSAGE_MIN, `message needs at least ${BUYER_MESSAGE_MIN} characters`)
    .max(BUYER_MESSAGE_MAX, `message is at most ${BUYER_MESSAGE_MAX} characters`)
    .refine((s) => !s.includes('\u0000'), 'message contains a NUL character'),
});
export type BuyerMessageInput = z.input<typeof buyerMessageSchema>;
