// Issue 32 part 2, "never lost": a lead's deliveries to the CRM are recorded in the lead's own transaction, one row
// per configured endpoint (the outbox pattern, DESIGN.md convention 12); so is a booking's change (issue 54 §4), in
// the transaction that changes the booking. createLead (modules/leads/service.ts), the
// one path every kind of lead takes, calls this; the dispatcher (./dispatcher.ts) sends them after the commit.
import type { AppointmentChange, LeadDeliveryEvent } from '@domain/lead-delivery';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';

/** The LISTEN/NOTIFY channel that wakes the dispatchers when deliveries commit. */
export const LEAD_DELIVERY_CHANNEL = 'lead_delivery';

/**
 * Records one delivery per endpoint set in the settings (none when none is set), in one statement. The NOTIFY in it
 * is delivered by PostgreSQL (and PGlite) only when the caller's transaction commits, so every instance's dispatcher
 * wakes for a lead that exists, never for one rolled back.
 */
export async function queueLeadDeliveries(
  db: Db | Tx, leadId: number, what: { event: LeadDeliveryEvent; change: AppointmentChange | null } = { event: 'lead.created', change: null },
): Promise<void> {
  await db.execute(sql`
    with queued as (
      insert into lead_deliveries (lead_id, channel, target, event, change)
      select ${leadId}, e.channel, e.target, ${what.event}, ${what.change ? JSON.stringify(what.change) : null}::jsonb
      from lead_delivery_settings s
      cross join lateral (values ('email', s.adf_email), ('webhook', s.webhook_url)) as e(channel, target)
      where s.id = 1 and e.target is not null
      returning id
    )
    select pg_notify(${LEAD_DELIVERY_CHANNEL}, '') from queued limit 1`);
}
