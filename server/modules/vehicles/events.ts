// What happens to inventory that other areas react to: one place every writer (admin form, bulk actions,
// imports, private-listing moderation) calls, inside its own transaction, so reactions (notifications to users who
// saved the vehicle, saved-search matches) land with the change or not at all. Each function is the seam the
// accounts area fills in; writers must call them whatever their bodies currently do.
import type { Tx } from '../../db/client';

export interface PriceChangedEvent { vehicleId: number; previousPrice: number; price: number }
export interface StatusChangedEvent { vehicleId: number; previousStatus: 'available' | 'pending' | 'sold'; status: 'available' | 'pending' | 'sold' }
/** A vehicle became publicly listed: created as available, or moved from pending/sold to available. */
export interface VehicleListedEvent { vehicleIds: number[] }

export async function vehiclePriceChanged(_tx: Tx, _event: PriceChangedEvent): Promise<void> {
  // accounts issue: price_drop notifications to users who saved the vehicle (old and new price).
}

export async function vehicleStatusChanged(_tx: Tx, _event: StatusChangedEvent): Promise<void> {
  // accounts issue: "sold" notifications to users who saved the vehicle.
}

export async function vehiclesListed(_tx: Tx, _event: VehicleListedEvent): Promise<void> {
  // accounts issue: saved-search new-match notifications.
}
