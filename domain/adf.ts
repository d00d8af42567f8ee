// ADF 1.0 (Auto-lead Data Format, the XML lead format dealer CRMs import): one <prospect> per lead, the vehicle of
// interest first and a trade-in as a second <vehicle interest="trade-in"> (issue 6). Pure: the server fills the
// input from the database; every value is XML-escaped and stripped of characters XML 1.0 cannot carry.
import { DEALERSHIP } from './settings';
import { paymentLine } from './payment-offer';

export interface AdfVehicle {
  year?: number | null;
  make?: string | null;
  model?: string | null;
  trim?: string | null;
  vin?: string | null;
  stock?: string | null;
  odometerKm?: number | null;
  price?: number | null;
  condition?: 'new' | 'used' | null;
  /** ADF's price type: `asking` for our vehicle, `appraisal` for a trade-in's value (issue 34). */
  priceType?: 'asking' | 'appraisal';
  /** Optional products chosen on a deal worksheet (issue 34), as ADF <option>s. */
  options?: { name: string; price: number }[];
  /** A deal worksheet's financing (issue 34), as ADF <finance>. */
  finance?: { method: 'finance' | 'cash'; downPayment: number; monthly: number | null; total: number; balance: number | null } | null;
  comments?: string | null;
}

export interface AdfLead {
  id: number;
  createdAt: Date;
  /** A re-delivery of a lead the CRM already has (ADF `resend`); a lead's first delivery is `new`, whatever its status. */
  resend?: boolean;
  /** Human label of the source, e.g. "Car assistant chat", "Booking". */
  sourceLabel: string;
  name: string;
  email: string | null;
  phone: string | null;
  comments: string;
  vehicle: AdfVehicle | null;
  tradeIn: AdfVehicle | null;
}

export interface AdfVendor {
  name: string;
  email: string;
  phone: string;
  address: { street: string; city: string; region: string; postalCode: string };
  /** Shown as the provider (the system that produced the lead). */
  providerName: string;
  providerUrl: string;
}

/** A stored lead and its vehicle, as the leads export and the CRM delivery read them. */
export interface AdfLeadSource {
  id: number; createdAt: Date; resend?: boolean; sourceLabel: string; name: string; email: string | null; phone: string | null;
  message: string; vehicleInfo: string | null;
  /** A `deal` lead keeps its worksheet here (issue 34): its products, financing and trade value go into the ADF. */
  additionalData?: Record<string, unknown> | null;
  tradeIn: { year?: number | null; make?: string | null; model?: string | null; trim?: string | null; vin?: string | null; mileage?: number | null; condition?: string | null } | null;
}
export interface AdfVehicleSource {
  year: number; make: string; model: string; trim: string | null; vin: string | null; stockNumber: string; mileage: number | null; price: number | null; condition: 'new' | 'used' | null;
}

/** One lead as an ADF prospect: the vehicle row when it has a VIN, else the label; the trade-in as the second vehicle. */
export function adfLeadOf(l: AdfLeadSource, vehicle: AdfVehicleSource | null): AdfLead {
  const v = vehicle?.vin ? vehicle : null;
  const lead = adfLeadOfRow(l, v);
  const deal = dealOf(l.additionalData);
  if (!deal) return lead;
  // issue 34 §4: the deal's products as <option>s and its terms as <finance> on the vehicle of interest; the trade
  // value (the appraiser's range or the shopper's own estimate, said in comments) as the trade-in's appraisal price.
  const extra: AdfVehicle = {
    options: deal.products.map((p) => ({ name: p.name, price: p.price })),
    finance: {
      method: deal.purchase, downPayment: deal.downPayment, total: deal.total,
      monthly: deal.purchase === 'finance' ? deal.payment : null, balance: deal.purchase === 'finance' ? deal.amountFinanced : null,
    },
    // issue 57 §1: the payment with its terms in the words the shopper saw on the page (domain/payment-offer.ts).
    ...(deal.purchase === 'finance' && deal.payment > 0 ? {
      comments: [lead.vehicle?.comments, `Payment ${paymentLine({ ...deal, monthly: deal.payment })}`].filter(Boolean).join('; '),
    } : {}),
  };
  return {
    ...lead,
    vehicle: { ...(lead.vehicle ?? { year: deal.vehicle.year, make: deal.vehicle.make, model: deal.vehicle.model, stock: deal.vehicle.stockNumber }), ...extra },
    tradeIn: deal.tradeIn ? {
      ...(lead.tradeIn ?? {}), condition: 'used', price: deal.tradeIn.value, priceType: 'appraisal',
      comments: [`Trade value ${deal.tradeIn.value} CAD (${deal.tradeIn.label}), lien payout ${deal.tradeIn.lienPayout} CAD`, deal.tradeIn.description].filter(Boolean).join('; '),
    } : lead.tradeIn,
  };
}

interface AdfDeal {
  purchase: 'cash' | 'finance'; downPayment: number; total: number; payment: number; amountFinanced: number; apr: number; termMonths: number;
  products: { name: string; price: number }[];
  vehicle: { year: number; make: string; model: string; stockNumber: string | null };
  tradeIn: { value: number; lienPayout: number; label: string; description: string | null } | null;
}
/** The worksheet a `deal` lead keeps in additionalData.dealWorksheet (server/modules/deal-worksheet), when present. */
function dealOf(data: Record<string, unknown> | null | undefined): AdfDeal | null {
  const d = data?.dealWorksheet as AdfDeal | undefined;
  return d && typeof d === 'object' && (d.purchase === 'cash' || d.purchase === 'finance') ? d : null;
}

function adfLeadOfRow(l: AdfLeadSource, v: AdfVehicleSource | null): AdfLead {
  return {
    id: l.id, createdAt: l.createdAt, resend: l.resend ?? false, sourceLabel: l.sourceLabel,
    name: l.name, email: l.email, phone: l.phone, comments: l.message,
    vehicle: v
      ? { year: v.year, make: v.make, model: v.model, trim: v.trim, vin: v.vin, stock: v.stockNumber, odometerKm: v.mileage, price: v.price, condition: v.condition, comments: l.vehicleInfo }
      : l.vehicleInfo && l.vehicleInfo !== 'General Consultation' ? { comments: l.vehicleInfo } : null,
    tradeIn: l.tradeIn ? {
      year: l.tradeIn.year ?? null, make: l.tradeIn.make ?? null, model: l.tradeIn.model ?? null, trim: l.tradeIn.trim ?? null,
      vin: l.tradeIn.vin ?? null, odometerKm: l.tradeIn.mileage ?? null, condition: 'used', comments: l.tradeIn.condition ? `Condition: ${l.tradeIn.condition}` : null,
    } : null,
  };
}

/** The dealership as the ADF vendor, and this site as the provider (the leads export and the CRM delivery, issue 32). */
export function dealerAdfVendor(publicUrl: string): AdfVendor {
  const store = DEALERSHIP.addresses[0];
  return {
    name: DEALERSHIP.name, email: DEALERSHIP.email, phone: DEALERSHIP.phone,
    address: { street: store.street, city: store.city, region: store.region, postalCode: store.postalCode },
    providerName: `${DEALERSHIP.name} website`, providerUrl: publicUrl,
  };
}

/** Characters XML 1.0 allows (tab, newline, carriage return and the printable planes); anything else is dropped. */
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function xmlEscape(value: string | number): string {
  return String(value)
    .replace(INVALID_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const el = (name: string, value: string | number | null | undefined, attrs = '') =>
  value === null || value === undefined || value === '' ? '' : `<${name}${attrs}>${xmlEscape(value)}</${name}>`;

/** ADF dates are ISO 8601 with an offset. */
const isoDate = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, '+00:00');

/**
 * ADF's prospect status says whether the CRM has seen this prospect before, not where the lead is in our pipeline:
 * a booking's lead is at `appointment` from its first moment, and a CRM files a `resend` as a duplicate.
 */
const prospectStatus = (lead: AdfLead) => (lead.resend ? 'resend' : 'new');

function vehicleXml(v: AdfVehicle | null, interest: 'buy' | 'trade-in', indent: string): string {
  const i = `${indent}  `;
  const status = v?.condition === 'new' ? 'new' : 'used';
  const lines = [
    // year, make and model are required by the ADF DTD; the one vehicle a lead without any must carry keeps them
    // empty and says why.
    `${i}<year>${v?.year ? xmlEscape(v.year) : ''}</year>`,
    `${i}<make>${v?.make ? xmlEscape(v.make) : ''}</make>`,
    `${i}<model>${v?.model ? xmlEscape(v.model) : ''}</model>`,
    v?.vin ? `${i}${el('vin', v.vin)}` : '',
    v?.stock ? `${i}${el('stock', v.stock)}` : '',
    v?.trim ? `${i}${el('trim', v.trim)}` : '',
    v?.odometerKm != null ? `${i}${el('odometer', v.odometerKm, ' status="unknown" units="km"')}` : '',
    v?.price != null ? `${i}${el('price', v.price, ` type="${v.priceType ?? 'asking'}" currency="CAD"`)}` : '',
    ...(v?.options ?? []).map((o) => `${i}<option>${el('optionname', o.name)}${el('price', o.price, ' type="quote" currency="CAD"')}</option>`),
    v?.finance ? [
      `${i}<finance>`,
      `${i}  ${el('method', v.finance.method)}`,
      `${i}  ${el('amount', v.finance.downPayment, ' type="downpayment" limit="exact" currency="CAD"')}`,
      v.finance.monthly != null ? `${i}  ${el('amount', v.finance.monthly, ' type="monthly" limit="exact" currency="CAD"')}` : '',
      `${i}  ${el('amount', v.finance.total, ' type="total" limit="exact" currency="CAD"')}`,
      v.finance.balance != null ? `${i}  ${el('balance', v.finance.balance, ' type="finance" currency="CAD"')}` : '',
      `${i}</finance>`,
    ].filter(Boolean).join('\n') : '',
    `${i}${el('comments', v ? v.comments : 'General enquiry: no vehicle chosen')}`,
  ].filter((l) => l.trim());
  return [`${indent}<vehicle interest="${interest}" status="${status}">`, ...lines, `${indent}</vehicle>`].join('\n');
}

function prospectXml(lead: AdfLead, vendor: AdfVendor): string {
  const v = '    ';
  return [
    `  <prospect status="${prospectStatus(lead)}">`,
    `    <id sequence="1" source="${xmlEscape(vendor.providerName)}">${xmlEscape(lead.id)}</id>`,
    `    <requestdate>${isoDate(lead.createdAt)}</requestdate>`,
    // The DTD wants at least one <vehicle>: without a vehicle of interest the trade-in is that one; only a lead with
    // neither keeps the empty vehicle the DTD requires, which says so in its comments.
    lead.vehicle || !lead.tradeIn ? vehicleXml(lead.vehicle, 'buy', v) : '',
    ...(lead.tradeIn ? [vehicleXml(lead.tradeIn, 'trade-in', v)] : []),
    '    <customer>',
    '      <contact>',
    `        <name part="full">${xmlEscape(lead.name || 'Not given')}</name>`,
    lead.email ? `        ${el('email', lead.email)}` : '',
    lead.phone ? `        ${el('phone', lead.phone, ' type="voice"')}` : '',
    '      </contact>',
    lead.comments ? `      ${el('comments', lead.comments)}` : '',
    '    </customer>',
    '    <vendor>',
    `      <vendorname>${xmlEscape(vendor.name)}</vendorname>`,
    '      <contact>',
    `        <name part="full">${xmlEscape(vendor.name)}</name>`,
    `        ${el('email', vendor.email)}`,
    `        ${el('phone', vendor.phone, ' type="voice"')}`,
    '        <address>',
    `          <street line="1">${xmlEscape(vendor.address.street)}</street>`,
    `          <city>${xmlEscape(vendor.address.city)}</city>`,
    `          <regioncode>${xmlEscape(vendor.address.region)}</regioncode>`,
    `          <postalcode>${xmlEscape(vendor.address.postalCode)}</postalcode>`,
    '          <country>CA</country>',
    '        </address>',
    '      </contact>',
    '    </vendor>',
    '    <provider>',
    `      <name part="full">${xmlEscape(vendor.providerName)}</name>`,
    `      <service>${xmlEscape(lead.sourceLabel)}</service>`,
    `      <url>${xmlEscape(vendor.providerUrl)}</url>`,
    '    </provider>',
    '  </prospect>',
  ].filter((l) => l.trim()).join('\n');
}

/** One ADF document holding every given lead (an ADF file may carry several prospects). */
export function buildAdf(leads: AdfLead[], vendor: AdfVendor): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<?adf version="1.0"?>',
    '<adf>',
    ...leads.map((l) => prospectXml(l, vendor)),
    '</adf>',
    '',
  ].join('\n');
}
