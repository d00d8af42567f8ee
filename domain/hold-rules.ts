// Whether a vehicle is on hold, and what its card says, without domain/holds.ts's zod schemas: the vehicle card shows
// it on every shopping page, whose entry must not load zod (PERFORMANCE.md).
import type { VehicleStatus } from './constants';

/** The shape of what the hold fields of a vehicle say. */
export type HoldFields = { status: VehicleStatus; heldUntil?: string | Date | null };

/** A vehicle on a confirmed hold: pending with a held-until time. Other pending vehicles (a private listing in review) are not. */
export const isHeld = (v: HoldFields): boolean => v.status === 'pending' && v.heldUntil != null;

/** On the public listing, in its facets and on its public page: available, or held (issue 19: a hold stays in search). */
export const isListed = (v: HoldFields): boolean => v.status === 'available' || isHeld(v);

export const HELD_FOR_YOU_TEXT = 'Held for you until';
export const HELD_FOR_OTHERS_TEXT = 'On hold';
