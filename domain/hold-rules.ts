// Whether a vehicle is on hold, what its card says, and what the vehicle page says of a hold, without
// domain/holds.ts's zod schemas: the vehicle card shows it on every shopping page and the hold box on every vehicle
// page, neither of which may load zod before an interaction (PERFORMANCE.md). The form's schema stays in holds.ts.
import type { VehicleStatus } from './constants';

/** The shape of what the hold fields of a vehicle say. */
export type HoldFields = { status: VehicleStatus; heldUntil?: string | Date | null };

/** A vehicle on a confirmed hold: pending with a held-until time. Other pending vehicles (a private listing in review) are not. */
export const isHeld = (v: HoldFields): boolean => v.status === 'pending' && v.heldUntil != null;

/** On the public listing, in its facets and on its public page: available, or held (issue 19: a hold stays in search). */
export const isListed = (v: HoldFields): boolean => v.status === 'available' || isHeld(v);

export const HELD_FOR_YOU_TEXT = 'Held for you until';
export const HELD_FOR_OTHERS_TEXT = 'On hold';

/** How long a confirmed hold lasts, counted from the confirmation (issue 19). */
export const HOLD_HOURS = 48;

/** What the form and the confirmation say about money: nothing is charged, and the hold starts when we confirm. */
export const HOLD_NO_PAYMENT_TEXT =
  `No payment is taken. We hold the vehicle for ${HOLD_HOURS} hours after we confirm by phone or e-mail.`;
