// Vehicle holds (issue 19, "Hold this vehicle"; docs/decisions/018-vehicle-holds.md). A shopper asks the dealership
// to keep a vehicle for them for 48 hours; the request is a lead (type `hold`), and the hold begins only when staff
// confirm it from the leads inbox. While held, the vehicle is `pending` with a `heldUntil` time: it stays in search
// and on its page with "On hold until …", and nobody else can hold it. No payment is taken (DESIGN.md honest claims).
import { z } from 'zod';
import { HOLD_HOURS, isHeld, type HoldFields } from './hold-rules';

export const HOLD_MS = HOLD_HOURS * 3600_000;

/** When a hold confirmed at `confirmedAt` ends. */
export const heldUntilFrom = (confirmedAt: Date): Date => new Date(confirmedAt.getTime() + HOLD_MS);

/** The lead's source and type of a hold request. */
export const HOLD_LEAD = { source: 'vehicle_hold', leadType: 'hold' } as const;

/**
 * The optional marketing consent of the hold form (CASL: separate from the request, never pre-checked, recorded word
 * for word with its time). Answering the hold request itself needs no consent: the shopper asked for it.
 */
export const HOLD_MARKETING_CONSENT_TEXT = 'Optional: send me offers and news by e-mail. You can unsubscribe at any time.';

export { HELD_FOR_OTHERS_TEXT, HELD_FOR_YOU_TEXT, HOLD_HOURS, HOLD_NO_PAYMENT_TEXT, isHeld, isListed } from './hold-rules';

/** Why a hold cannot be requested or confirmed (409s; the texts are the API's messages and the form's). */
export const HOLD_REFUSALS = {
  sold: 'This vehicle has been sold, so it cannot be held.',
  held: 'This vehicle is already on hold for another shopper.',
  notListed: 'This vehicle is not for sale on our site right now, so it cannot be held.',
  privateSeller: 'Vehicles listed by private sellers cannot be held by the dealership: message the seller instead.',
  alreadyConfirmed: 'This hold request has already been confirmed.',
  ended: 'This hold has already ended.',
  notHeld: 'This vehicle is not on hold.',
  notAHold: 'This lead is not a hold request.',
  noVehicle: 'The vehicle of this hold request no longer exists.',
} as const;

/** Whether a vehicle can be held now, and if not why (one rule for the form, the request and the confirmation). */
export function holdRefusal(v: HoldFields & { sellerType: string }): keyof typeof HOLD_REFUSALS | null {
  if (v.sellerType === 'private seller') return 'privateSeller';
  if (v.status === 'sold') return 'sold';
  if (isHeld(v)) return 'held';
  if (v.status !== 'available') return 'notListed';
  return null;
}

const hasNoNul = (s: string) => !s.includes('\u0000');

/** POST /api/vehicles/:id/hold-requests: name, phone and e-mail are all needed (we confirm by phone or e-mail). */
export const holdRequestSchema = z.object({
  name: z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(100, 'name is at most 100 characters').refine(hasNoNul, 'name contains a NUL character'),
  phone: z.string({ error: 'phone is required' }).trim().max(40, 'phone is at most 40 characters')
    .refine((p) => { const d = p.replace(/\D/g, ''); return d.length >= 10 && d.length <= 15; }, 'phone must have 10 to 15 digits')
    .refine((p) => /^[\d\s()+.-]+$/.test(p), 'phone may contain only digits, spaces and ( ) + - .'),
  email: z.email({ error: 'email is not a valid address' }).max(254, 'email is at most 254 characters'),
  /** CASL: opt-in, false unless the shopper ticked it. */
  marketingConsent: z.boolean({ error: 'marketingConsent must be true or false' }).optional().default(false),
});
export type HoldRequest = z.infer<typeof holdRequestSchema>;

export const holdRequestResponseSchema = z.object({ id: z.number().int(), message: z.string() });

/** The hold of a lead as the inbox shows it. */
export const HOLD_STATES = ['requested', 'active', 'released', 'expired', 'ended'] as const;
export type HoldState = (typeof HOLD_STATES)[number];
export const HOLD_STATE_LABELS: Record<HoldState, string> = {
  requested: 'Waiting for confirmation',
  active: 'On hold',
  released: 'Released',
  expired: 'Expired',
  ended: 'Ended (vehicle sold or made available)',
};

export const leadHoldSchema = z.object({
  state: z.enum(HOLD_STATES),
  heldUntil: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** Why the vehicle cannot be held now (a request not yet confirmed); null when it can. */
  refusal: z.string().nullable(),
});
export type LeadHold = z.infer<typeof leadHoldSchema>;

export const holdActionResponseSchema = z.object({ message: z.string(), hold: leadHoldSchema });

/** How a hold ended: released by staff, expired by the job, or the vehicle was sold or made available meanwhile. */
export const HOLD_END_REASONS = ['released', 'expired', 'sold', 'made_available'] as const;
export type HoldEndReason = (typeof HOLD_END_REASONS)[number];

/**
 * Issue 33 §1: the signed-in shopper's own confirmed holds (GET /api/my-holds), so their vehicle page, cards and saved
 * list say "Held for you until …" where everyone else reads "On hold". The public vehicle answers are shared and
 * cached, so whose hold it is comes from this separate, per-user answer.
 */
export const myHoldsSchema = z.object({
  holds: z.array(z.object({ vehicleId: z.number().int(), heldUntil: z.string() })),
});
export type MyHolds = z.infer<typeof myHoldsSchema>;
