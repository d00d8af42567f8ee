// What the CRM receives for one lead (issue 32 part 2): the ADF 1.0 document (domain/adf.ts, the same builder as the
// leads export) and, for the webhook, the JSON body around it. Built once, at a delivery's first attempt, and stored,
// so every retry sends the same bytes under the same signature.
import { adfLeadOf, buildAdf, dealerAdfVendor, type AdfLeadSource, type AdfVehicleSource } from '@domain/adf';
import { appointmentChangeText, type AppointmentChange, type LeadDeliveryEvent, type LeadWebhookBody } from '@domain/lead-delivery';
import { LEAD_SOURCE_LABELS, type LeadSource } from '@domain/leads';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { leads, vehicles } from '../../db/schema';
import { LEAD_VEHICLE_COLUMNS, vehicleColumns } from '../vehicles/columns';

export interface LeadForDelivery extends AdfLeadSource {
  leadType: string;
  source: string;
  vehicleId: number | null;
  refType: string | null;
  refId: string | null;
  additionalData: Record<string, unknown>;
}

export interface DeliveryContent { subject: string; adf: string; body: LeadWebhookBody }

/** The lead and its vehicle as stored, or null when the lead is gone. */
export async function readLead(db: Db, leadId: number): Promise<{ lead: LeadForDelivery; vehicle: AdfVehicleSource | null } | null> {
  const [row] = await db.select({
    lead: leads,
    vehicle: vehicleColumns(...LEAD_VEHICLE_COLUMNS),
  }).from(leads).leftJoin(vehicles, eq(vehicles.id, leads.vehicleId)).where(eq(leads.id, leadId));
  if (!row) return null;
  const l = row.lead;
  return {
    lead: {
      id: l.id, createdAt: l.createdAt, sourceLabel: LEAD_SOURCE_LABELS[l.source as LeadSource] ?? l.source,
      name: l.name, email: l.email, phone: l.phone, message: l.message, vehicleInfo: l.vehicleInfo, tradeIn: l.tradeIn ?? null,
      leadType: l.leadType, source: l.source, vehicleId: l.vehicleId, refType: l.refType, refId: l.refId, additionalData: l.additionalData,
    },
    vehicle: row.vehicle,
  };
}

/**
 * The content for one lead. What changes by kind:
 * - a chat carries the link to its transcript (the lead's page in the back office shows the conversation);
 * - a pre-approval is a notice with the contact and the vehicle only: no trade-in, no reference to income or
 *   finances beyond "an application arrived" (issue 32; the application stays encrypted in the back office);
 * - a booking's change (issue 54 §4) is the same prospect again (ADF `resend`, the CRM has it), its comments opening
 *   with what changed, subject "ADF lead update: …".
 */
export function deliveryContent(
  input: { lead: LeadForDelivery; vehicle: AdfVehicleSource | null },
  opts: {
    publicUrl: string; deliveryId: string; resendOf?: string | null; resendOfNotSent?: boolean; test?: boolean; event?: LeadDeliveryEvent; change?: AppointmentChange | null;
  },
): DeliveryContent {
  const event = opts.event ?? 'lead.created';
  const change = opts.change ? { ...opts.change, summary: appointmentChangeText(opts.change) } : null;
  const { vehicle } = input;
  const base = opts.publicUrl;
  const leadUrl = `${base}/admin/leads?lead=${input.lead.id}`;
  const chat = input.lead.leadType === 'chat';
  const preApproval = input.lead.leadType === 'pre_approval';
  const lead: LeadForDelivery = { ...input.lead };
  if (chat) lead.message = [lead.message, `Chat transcript: ${leadUrl}`].filter(Boolean).join('\n\n');
  if (preApproval) {
    lead.message = `A financing pre-approval application was submitted on the website. Call the shopper back; the application (encrypted) is in the back office: ${base}/admin/pre-approvals${lead.refType === 'pre_approval' && lead.refId ? `?id=${lead.refId}` : ''}`;
    lead.tradeIn = null;
  }
  if (change) lead.message = [change.summary, lead.message].filter(Boolean).join('\n\n');
  // The first delivery of a lead is `new`, whatever its pipeline status; a "send again" or a change is the same
  // prospect again, a `resend` in ADF's terms, so a CRM that keys on the prospect id updates rather than duplicates.
  const resend = change !== null || (Boolean(opts.resendOf) && !opts.resendOfNotSent);
  const adf = buildAdf([adfLeadOf({ ...lead, resend }, vehicle)], dealerAdfVendor(base));
  const who = lead.name || lead.phone || lead.email || 'a shopper';
  const what = vehicle ? `${vehicle.year} ${vehicle.make} ${vehicle.model}` : lead.vehicleInfo && lead.vehicleInfo !== 'General Consultation' ? lead.vehicleInfo : null;
  // ASCII only: some intake parsers match the subject before decoding MIME words.
  const subject = `ADF lead${change ? ' update' : ''}: ${opts.test ? 'TEST - ' : ''}${change ? `${change.to ? 'Appointment moved' : 'Appointment cancelled'} - ` : ''}${lead.sourceLabel} - ${who}${what ? ` - ${what}` : ''}`.replace(/[\r\n]+/g, ' ').replace(/[\u2012-\u2015]/g, '-').slice(0, 300);
  const body: LeadWebhookBody = {
    id: opts.deliveryId,
    event,
    ...(change ? { change } : {}),
    type: lead.leadType,
    createdAt: lead.createdAt.toISOString(),
    ...(opts.test ? { test: true as const } : {}),
    ...(opts.resendOf ? { resendOf: opts.resendOf } : {}),
    lead: {
      id: lead.id,
      type: lead.leadType,
      source: lead.source,
      sourceLabel: lead.sourceLabel,
      createdAt: lead.createdAt.toISOString(),
      name: lead.name,
      email: lead.email,
      phone: lead.phone,
      message: lead.message,
      vehicle: vehicle || lead.vehicleId || lead.vehicleInfo ? {
        id: lead.vehicleId,
        label: lead.vehicleInfo,
        year: vehicle?.year ?? null, make: vehicle?.make ?? null, model: vehicle?.model ?? null, trim: vehicle?.trim ?? null,
        vin: vehicle?.vin ?? null, stockNumber: vehicle?.stockNumber ?? null, condition: vehicle?.condition ?? null,
        price: vehicle?.price ?? null, odometerKm: vehicle?.mileage ?? null,
        url: lead.vehicleId ? `${base}/vehicles/${lead.vehicleId}` : null,
      } : null,
      tradeIn: lead.tradeIn ? {
        year: lead.tradeIn.year ?? null, make: lead.tradeIn.make ?? null, model: lead.tradeIn.model ?? null, trim: lead.tradeIn.trim ?? null,
        vin: lead.tradeIn.vin ?? null, condition: lead.tradeIn.condition ?? null, odometerKm: lead.tradeIn.mileage ?? null,
      } : null,
      links: { lead: leadUrl, ...(chat ? { transcript: leadUrl } : {}) },
    },
    adf,
  };
  return { subject, adf, body };
}

/** The made-up lead "Send test lead" delivers: clearly marked, with no shopper behind it. */
export function testLead(now: Date): { lead: LeadForDelivery; vehicle: AdfVehicleSource | null } {
  return {
    lead: {
      id: 0, createdAt: now, sourceLabel: 'Test lead', name: 'Test Lead (Prairie Motor Hub)', email: 'test-lead@example.com',
      phone: '780-555-0100', message: 'This is a test lead sent from the Lead delivery settings. No shopper is waiting on it; you can delete it.',
      vehicleInfo: null, tradeIn: null, leadType: 'contact', source: 'website', vehicleId: null, refType: null, refId: null, additionalData: { test: true },
    },
    vehicle: null,
  };
}
