// Where a hold request stands (issue 19), for the leads inbox's lead detail: requested (with why it cannot be
// confirmed now, if so), active, released, expired or ended by a sale. Read-only; the holds module
// (modules/holds) changes holds, through the vehicle write path.
import { eq } from 'drizzle-orm';
import { HOLD_LEAD, HOLD_REFUSALS, holdRefusal, type LeadHold } from '@domain/holds';
import type { Db } from '../../db/client';
import { leads, vehicleHolds, vehicles } from '../../db/schema';
import { vehicleColumns } from '../vehicles/columns';

/** Where a lead's hold stands, for the inbox: null for leads that are not hold requests. */
export async function leadHold(db: Db, leadId: number): Promise<LeadHold | null> {
  const [lead] = await db.select({ leadType: leads.leadType, vehicleId: leads.vehicleId }).from(leads).where(eq(leads.id, leadId));
  if (!lead || lead.leadType !== HOLD_LEAD.leadType) return null;
  const [hold] = await db.select().from(vehicleHolds).where(eq(vehicleHolds.leadId, leadId));
  if (!hold) {
    const [v] = lead.vehicleId === null ? [] : await db.select(vehicleColumns('status', 'heldUntil', 'sellerType'))
      .from(vehicles).where(eq(vehicles.id, lead.vehicleId));
    const refusal = v ? holdRefusal(v) : 'noVehicle';
    return { state: 'requested', heldUntil: null, confirmedAt: null, endedAt: null, refusal: refusal ? HOLD_REFUSALS[refusal] : null };
  }
  const state = !hold.endedAt ? 'active' : hold.endReason === 'released' ? 'released' : hold.endReason === 'expired' ? 'expired' : 'ended';
  return {
    state, heldUntil: hold.heldUntil.toISOString(), confirmedAt: hold.confirmedAt.toISOString(), endedAt: hold.endedAt?.toISOString() ?? null, refusal: null,
  };
}
