// A lead's facts in the words staff read them (issue 21): the data forms send with a lead (additionalData) as
// labelled sentences rather than keys and raw values, dates in the dealership's own time, the vehicle a seller or
// trader brings as year, make, model and kilometres. Pure, so the list, the detail and the tests agree.
import { isSynthesizedEmail, type TradeIn } from '@domain/leads';
import { ALBERTA_TIME_LABEL } from '@domain/alberta-time';
import { formatDealershipDate } from '@/components/dealership-date';

/**
 * Nov 26, 2026, 6:51 a.m. Alberta time: every lead date in Alberta time, whatever the reader's computer says, named
 * in words (issue 29: zone abbreviations read "MST", "CST" or "GMT-6" depending on the runtime's data).
 */
export const formatLeadDate = (iso: string) => `${formatDealershipDate(iso, 'mediumDateTime')} ${ALBERTA_TIME_LABEL}`;

const cad = new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD', maximumFractionDigits: 0 });
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** "2015 Dodge Grand Caravan SE, 180,000 km": the vehicle a shopper trades in or sells. */
export function tradeVehicleText(trade: TradeIn): string {
  const title = [trade.year, trade.make, trade.model, trade.trim].filter(Boolean).join(' ') || 'Vehicle not described';
  return trade.mileage != null ? `${title}, ${trade.mileage.toLocaleString('en-CA')} km` : title;
}

/** The e-mail to show: none for a chat lead's synthesized address (it reaches no one). */
export const realEmail = (email: string | null | undefined) => (email && !isSynthesizedEmail(email) ? email : null);

export interface LeadFact { label: string; value: string }

const LABELS: Record<string, string> = {
  name: 'Name given', page: 'Sent from page', reference: 'Application reference', comparableCount: 'Comparable vehicles used',
  // A hold request's CASL record (issue 19): the exact words agreed to and when.
  marketingConsentText: 'Consent wording', marketingConsentAt: 'Consent given',
};

/** "preferredContactTime" → "Preferred contact time". */
const words = (key: string) => {
  const spaced = key.replace(/_/g, ' ').replace(/([a-z\d])([A-Z])/g, '$1 $2').toLowerCase().trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

function valueWords(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' && ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value))) return formatLeadDate(value);
  if (typeof value === 'number') return value.toLocaleString('en-CA');
  return String(value);
}

/**
 * What a form sent with the lead, as labelled facts: "Started in chat", "No e-mail given (chat)", the estimate the
 * appraiser showed, dates in Edmonton time. Empty values, nested data and a name the lead already shows are left out.
 */
export function leadFacts(data: Record<string, unknown>, lead: { name: string; email: string | null }): LeadFact[] {
  const facts: LeadFact[] = [];
  const chat = data.chatInitiated === true;
  if (chat) facts.push({ label: 'How it started', value: 'Started in chat' });
  if (chat && typeof data.timestamp === 'string' && !Number.isNaN(Date.parse(data.timestamp))) {
    facts.push({ label: 'Chat started', value: formatLeadDate(data.timestamp) });
  }
  if ((typeof data.synthesizedEmail === 'string' || chat) && !realEmail(lead.email)) facts.push({ label: 'E-mail', value: 'No e-mail given (chat)' });
  if (data.purpose === 'sell' || data.purpose === 'trade-in') facts.push({ label: 'Wants to', value: data.purpose === 'sell' ? 'Sell the vehicle to us' : 'Trade the vehicle in' });
  if ('estimateLow' in data || 'estimateHigh' in data) {
    const low = data.estimateLow, high = data.estimateHigh;
    facts.push({
      label: 'Estimate shown',
      value: typeof low === 'number' && typeof high === 'number' ? `${cad.format(low)} – ${cad.format(high)}` : 'None (no comparable vehicles)',
    });
  }
  if (typeof data.marketingConsent === 'boolean') facts.push({ label: 'Marketing e-mails', value: data.marketingConsent ? 'Agreed' : 'Not agreed' });

  const handled = new Set(['chatInitiated', 'timestamp', 'synthesizedEmail', 'purpose', 'estimateLow', 'estimateHigh', 'marketingConsent', 'dealWorksheetToken']);
  for (const [key, value] of Object.entries(data)) {
    if (handled.has(key) || value === null || value === undefined || value === '' || typeof value === 'object') continue;
    if (key === 'name' && typeof value === 'string' && value.trim() === lead.name.trim()) continue;
    // A stray synthesized address under another key is no more an address than the known one.
    if (typeof value === 'string' && isSynthesizedEmail(value)) continue;
    facts.push({ label: LABELS[key] ?? words(key), value: valueWords(value) });
  }
  return facts;
}
