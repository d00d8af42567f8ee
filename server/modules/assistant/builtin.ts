// The built-in car assistant (issue 6): no network, no model. It reads the question (./intents.ts) and answers
// from live data: inventory through the listing's search, payments through domain/finance.ts (with APR, term and
// down payment stated, as Alberta requires), facts from domain/settings.ts. It never invents a vehicle, a price
// or an approval, never promises a deal, and offers a person when it cannot help. Only a shopper asking to
// book gets words like "book" or "appointment": the widget opens the booking form on them (spec §4).
import { vehicleTitle } from '@domain/vehicle';
import { approvedAmount, DEFAULT_CRITERIA, maxTermForYear } from '@domain/finance';
import { ALL_IN_PRICE_NOTE, DEALERSHIP } from '@domain/settings';
import type { AssistantVehicle, HistoryItem } from '@domain/assistant';
import type { Vehicle } from '@domain/vehicle';
import type { InventoryContext } from '../vehicles/service';
import { parseQuestion, type Parsed, type Slots, type Topic } from './intents';
import { computePayment, searchFromSlots, searchInventory, vocabulary, type PaymentQuote } from './tools';

export interface ContextVehicle { id: number; title: string; price: number; year: number; stockNumber: string }

export interface AssistantInput {
  question: string;
  history: HistoryItem[];
  /** The vehicle page the chat was opened from. */
  contextVehicle: ContextVehicle | null;
  /** An available vehicle by id (a follow-up about a vehicle named in an earlier answer). */
  findVehicle: (id: number) => Promise<ContextVehicle | null>;
}

export interface AssistantAnswer {
  message: string;
  vehicles: AssistantVehicle[];
  bookingVehicle: { id: number; title: string } | null;
  /** The appointment type the booking form starts with: a test drive when the shopper asked for one. */
  bookingType?: 'test_drive' | null;
}

const cad = new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD', maximumFractionDigits: 0, minimumFractionDigits: 0 });
const num = new Intl.NumberFormat('en-CA', { maximumFractionDigits: 0 });
export const formatCad = (n: number) => cad.format(Math.round(n));


/** One line per vehicle: title, all-in price, km, store, stock number (AMVIC: every ad shows it) and its page. */
export function vehicleLine(v: Vehicle): string {
  return `• ${vehicleTitle(v)} — ${formatCad(v.price)}, ${num.format(v.mileage)} km, ${v.location} (Stock # ${v.stockNumber}) — /vehicles/${v.id}`;
}

export const PERSON_OFFER = `If you'd rather talk to a person, call us at ${DEALERSHIP.phone} or e-mail ${DEALERSHIP.email}.`;
export const NO_PROMISE = 'This is an estimate, not an approval or an offer: your actual rate and terms depend on a lender\'s review of your credit.';

function hoursText(): string {
  const fmt = (hhmm: string) => {
    const [h, m] = hhmm.split(':').map(Number) as [number, number];
    const suffix = h >= 12 ? 'PM' : 'AM';
    const h12 = h % 12 === 0 ? 12 : h % 12;
    return m ? `${h12}:${String(m).padStart(2, '0')} ${suffix}` : `${h12} ${suffix}`;
  };
  return DEALERSHIP.hours.map((h) => `${h.days} ${fmt(h.opens)}–${fmt(h.closes)}`).join('; ');
}

function addressLines(city?: 'Edmonton' | 'Calgary'): string[] {
  return DEALERSHIP.addresses
    .filter((a) => !city || a.city === city)
    .map((a) => `• ${a.city}: ${a.street}, ${a.city}, ${a.region} ${a.postalCode} — ${a.phone}`);
}

function describeSearch(s: Slots): string {
  const parts: string[] = [];
  if (s.year) parts.push(String(s.year));
  if (s.fuel) parts.push(s.fuel.toLowerCase());
  if (s.drivetrain) parts.push(s.drivetrain);
  if (s.make) parts.push(s.make);
  if (s.model) parts.push(s.model);
  if (s.bodyType && !s.model) parts.push(s.bodyType === 'SUV' ? 'SUVs' : `${s.bodyType.toLowerCase()}s`);
  if (!s.bodyType && !s.model) parts.push('vehicles');
  if (s.transmission) parts.push('with a manual transmission');
  if (s.features.length) parts.push(`with ${s.features.join(', ').toLowerCase()}`);
  if (s.yearMin) parts.push(`from ${s.yearMin} on`);
  if (s.yearMax) parts.push(`up to ${s.yearMax}`);
  if (s.priceMin !== undefined && s.priceMax !== undefined) parts.push(`between ${formatCad(s.priceMin)} and ${formatCad(s.priceMax)}`);
  else if (s.priceMax !== undefined) parts.push(`under ${formatCad(s.priceMax)}`);
  else if (s.priceMin !== undefined) parts.push(`over ${formatCad(s.priceMin)}`);
  if (s.mileageMax !== undefined) parts.push(`under ${num.format(s.mileageMax)} km`);
  if (s.location) parts.push(`in ${s.location}`);
  return parts.join(' ');
}

function listingLink(s: Slots): string {
  const p = new URLSearchParams();
  if (s.bodyType) p.set('bodyType', s.bodyType);
  if (s.make) p.set('make', s.make);
  if (s.model) p.set('model', s.model);
  if (s.priceMax !== undefined) p.set('maxPrice', String(s.priceMax));
  if (s.transmission) p.set('transmission', s.transmission);
  const search = [s.drivetrain?.toLowerCase(), s.fuel?.toLowerCase(), s.year ? String(s.year) : undefined].filter(Boolean).join(' ');
  if (search) p.set('search', search);
  const q = p.toString();
  return `/vehicles${q ? `?${q}` : ''}`;
}

const toAssistantVehicle = (v: Vehicle): AssistantVehicle => ({ id: v.id, title: vehicleTitle(v), price: v.price, url: `/vehicles/${v.id}` });

/** Follow-ups ("what about under 25k?") keep the vehicle facts of the shopper's previous inventory question. */
function withHistory(parsed: Parsed, history: HistoryItem[], vocab: Parameters<typeof parseQuestion>[1]): Parsed {
  const s = parsed.slots;
  const narrowsOnly = !s.bodyType && !s.make && !s.model && !s.unknownMake
    && (s.priceMax !== undefined || s.priceMin !== undefined || s.mileageMax !== undefined || s.year || s.yearMin || s.drivetrain || s.fuel);
  if (!narrowsOnly || parsed.topics.has('payment')) return parsed;
  const previous = [...history].reverse().filter((h) => h.isUser).map((h) => parseQuestion(h.text, vocab)).find((p) => p.topics.has('inventory'));
  if (!previous) return parsed;
  const p = previous.slots;
  parsed.slots = {
    ...p, ...Object.fromEntries(Object.entries(s).filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0))),
    features: s.features.length ? s.features : p.features,
  } as Slots;
  parsed.topics.add('inventory');
  return parsed;
}

/** The vehicle a payment question is about: "this one" (context), or the first vehicle of the last answer. */
function lastMentionedVehicleId(history: HistoryItem[]): number | null {
  for (const h of [...history].reverse()) {
    if (h.isUser) continue;
    const m = /\/vehicles\/(\d+)/.exec(h.text);
    if (m) return Number(m[1]);
  }
  return null;
}

/**
 * The vehicle a booking is about when the chat has no vehicle of its own: the one the last answer named, or of the
 * several it listed, the one the shopper names now ("a test drive of the RAV4", "the 2019 one", "the second one").
 */
const ORDINALS: Record<string, number> = { first: 0, '1st': 0, second: 1, '2nd': 1, third: 2, '3rd': 2, fourth: 3, '4th': 3, fifth: 4, '5th': 4 };
function vehicleNamedForBooking(history: HistoryItem[], parsed: Parsed, question: string): number | null {
  const last = [...history].reverse().find((h) => !h.isUser && /\/vehicles\/\d+/.test(h.text));
  if (!last) return null;
  const lines = last.text.split('\n').map((line) => ({ line: line.toLowerCase(), id: /\/vehicles\/(\d+)/.exec(line)?.[1] }))
    .filter((l): l is { line: string; id: string } => !!l.id);
  const ids = [...new Set(lines.map((l) => Number(l.id)))];
  if (ids.length === 1) return ids[0]!;
  const { make, model, year } = parsed.slots;
  if (make || model || year) {
    const hits = [...new Set(lines.filter((l) => (!make || l.line.includes(make.toLowerCase()))
      && (!model || l.line.includes(model.toLowerCase())) && (!year || l.line.includes(String(year)))).map((l) => Number(l.id)))];
    if (hits.length === 1) return hits[0]!;
  }
  const ordinal = /\b(first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th)\b/i.exec(question)?.[1]?.toLowerCase();
  return ordinal !== undefined ? ids[ORDINALS[ordinal]!] ?? null : null;
}

function paymentSentence(q: PaymentQuote, what: string): string {
  const apr = q.aprSource === 'credit_score' ? `${q.apr}% APR (our calculator's suggested rate for that credit score)`
    : q.aprSource === 'default' ? `${q.apr}% APR (our calculator's default rate)` : `${q.apr}% APR`;
  return `For ${what} at ${formatCad(q.price)}, with ${formatCad(q.downPayment)} down, over ${q.termMonths} months at ${apr}, the payment works out to about ${formatCad(q.monthly)}/month (before GST).`
    + (q.termCapped ? ` The term is ${q.termMonths} months because lenders cap the term by model year.` : '');
}

export async function answerBuiltin(ctx: InventoryContext, input: AssistantInput): Promise<AssistantAnswer> {
  const vocab = await vocabulary(ctx);
  const parsed = withHistory(parseQuestion(input.question, vocab), input.history, vocab);
  const { topics, slots } = parsed;
  const sections: string[] = [];
  const vehicles: AssistantVehicle[] = [];
  let bookingVehicle: AssistantAnswer['bookingVehicle'] = input.contextVehicle ? { id: input.contextVehicle.id, title: input.contextVehicle.title } : null;
  const handled = new Set<Topic>();

  if (topics.has('greeting') && topics.size === 1) {
    return {
      message: `Hello! I can search our inventory (try "any AWD SUVs under $30k?"), estimate payments, and answer questions about financing, trade-ins, hours and locations. What can I help with?`,
      vehicles, bookingVehicle,
    };
  }

  // ---- Inventory ----
  if (topics.has('inventory') && !topics.has('payment')) {
    handled.add('inventory');
    if (slots.unknownMake && !slots.make) {
      sections.push(`We don't have any ${slots.unknownMake} vehicles in stock right now. Our inventory changes daily; browse everything we have at /vehicles, or tell me the kind of vehicle and budget you have in mind and I'll check what we do have.`);
    } else {
      const result = await searchInventory(ctx, searchFromSlots(slots, 5));
      const described = describeSearch(slots);
      if (result.total > 0) {
        sections.push([
          `Yes — we have ${result.total} ${described} in stock right now${result.total > result.vehicles.length ? `. Here are ${result.vehicles.length}` : ''}:`,
          ...result.vehicles.map(vehicleLine),
          result.total > result.vehicles.length ? `See all of them: ${listingLink(slots)}` : '',
          `Prices are all-in: every fee except GST.`,
        ].filter(Boolean).join('\n'));
        vehicles.push(...result.vehicles.map(toAssistantVehicle));
        if (result.vehicles.length === 1) bookingVehicle = { id: result.vehicles[0]!.id, title: vehicleTitle(result.vehicles[0]!) };
      } else {
        // Say so plainly, then show the nearest real thing: the same model or make without the narrower limits.
        const lines = [`I couldn't find any ${described} in stock right now.`];
        const broader: Slots = slots.model
          ? { features: [], refersToContext: false, make: slots.make, model: slots.model }
          : slots.make ? { features: [], refersToContext: false, make: slots.make, bodyType: slots.bodyType }
            : { features: [], refersToContext: false, bodyType: slots.bodyType };
        const wider = (slots.model || slots.make || slots.bodyType) ? await searchInventory(ctx, { ...searchFromSlots(broader, 3), sort: 'price-asc' }) : { total: 0, vehicles: [] };
        if (wider.total > 0) {
          lines.push(`We do have ${wider.total} ${describeSearch(broader)}; the lowest priced:`, ...wider.vehicles.map(vehicleLine));
          vehicles.push(...wider.vehicles.map(toAssistantVehicle));
        } else {
          lines.push('Our inventory changes daily: browse everything we have at /vehicles.');
        }
        lines.push(`Want us to watch for one? ${PERSON_OFFER}`);
        sections.push(lines.join('\n'));
      }
    }
  }

  // ---- Affordability: "what can I afford with $400 a month?" ----
  if (topics.has('afford') && slots.monthlyBudget !== undefined) {
    handled.add('afford');
    const downPayment = slots.downPayment ?? DEFAULT_CRITERIA.downPayment;
    const termMonths = slots.termMonths ?? DEFAULT_CRITERIA.loanTerm;
    const apr = slots.apr ?? DEFAULT_CRITERIA.interestRate;
    const amount = approvedAmount({ monthlyBudget: slots.monthlyBudget, loanTerm: termMonths, interestRate: apr, downPayment });
    const result = await searchInventory(ctx, { ...searchFromSlots({ ...slots, priceMax: amount, priceMin: undefined }, 3), sort: 'price-desc' });
    sections.push([
      `With ${formatCad(slots.monthlyBudget)}/month over ${termMonths} months at ${apr}% APR and ${formatCad(downPayment)} down, you could look at vehicles up to about ${formatCad(amount)}. ${NO_PROMISE}`,
      ...(result.total ? [`We have ${result.total} ${describeSearch({ ...slots, priceMax: amount })} right now, for example:`, ...result.vehicles.map(vehicleLine)] : []),
      'For a firmer number, the 2-minute application at /pre-approval gives you an answer from our finance team.',
    ].join('\n'));
    vehicles.push(...result.vehicles.map(toAssistantVehicle));
  } else if (topics.has('afford')) {
    handled.add('afford');
    sections.push(`Tell me the monthly payment you're comfortable with (for example "$400 a month") and I'll show what that buys, or use the calculator on /vehicles. For a firmer number, apply at /pre-approval.`);
  }

  // ---- Payments ----
  if (topics.has('payment')) {
    handled.add('payment');
    let price = slots.price;
    let year: number | undefined;
    let what = 'a vehicle';
    const refId = input.contextVehicle && (slots.refersToContext || !price) ? input.contextVehicle.id : lastMentionedVehicleId(input.history);
    if (!price && input.contextVehicle && refId === input.contextVehicle.id) {
      price = input.contextVehicle.price; year = input.contextVehicle.year; what = `the ${input.contextVehicle.title} (Stock # ${input.contextVehicle.stockNumber})`;
    } else if (!price && (slots.model || slots.make || slots.bodyType)) {
      const r = await searchInventory(ctx, { ...searchFromSlots(slots, 1), sort: 'price-asc' });
      const v = r.vehicles[0];
      if (v) { price = v.price; year = v.year; what = `our lowest priced match, the ${vehicleTitle(v)} (Stock # ${v.stockNumber}, /vehicles/${v.id})`; vehicles.push(toAssistantVehicle(v)); }
    } else if (!price && refId) {
      const v = await input.findVehicle(refId);
      if (v) { price = v.price; year = v.year; what = `the ${v.title} (Stock # ${v.stockNumber})`; }
    }
    if (price) {
      const quote = computePayment({ price, downPayment: slots.downPayment, apr: slots.apr, termMonths: slots.termMonths, creditScore: slots.creditScore, year });
      sections.push(`${paymentSentence(quote, what)} ${NO_PROMISE}${year ? ` Lenders allow up to ${maxTermForYear(year)} months for a ${year}.` : ''} Change the down payment, rate or term and I'll recalculate.`);
    } else {
      sections.push(`I can estimate a payment: tell me the vehicle (or its price), your down payment, and the term. For example, "$25,000 with $3,000 down over 72 months". Without your numbers I use our calculator's defaults: ${formatCad(DEFAULT_CRITERIA.downPayment)} down, ${DEFAULT_CRITERIA.interestRate}% APR, ${DEFAULT_CRITERIA.loanTerm} months.`);
    }
  }

  // ---- Financing for every credit situation ----
  if (topics.has('financing') && !handled.has('payment') && !handled.has('afford')) {
    handled.add('financing');
    const lines = [
      'We arrange financing for every credit situation: good credit, no credit history, new to Canada, past bankruptcy or a consumer proposal. We work with several lenders to find an option that fits.',
      'I can\'t tell you whether you\'ll be approved or at what rate — only a lender can, after reviewing your application. The 2-minute application at /pre-approval gets our finance team started, with no obligation.',
    ];
    if (slots.creditScore !== undefined) {
      const quote = computePayment({ price: 20_000, creditScore: slots.creditScore });
      if (quote.aprSource === 'credit_score') lines.push(`As a guide only, our calculator suggests about ${quote.apr}% APR for a ${slots.creditScore} score; lenders set the real rate.`);
    }
    lines.push('More on how it works: /financing, /bad-credit-loans and /credit-rebuilding.');
    sections.push(lines.join('\n'));
  }

  // ---- Trade-in and selling ----
  if (topics.has('trade_in')) {
    handled.add('trade_in');
    sections.push('Yes, we take trade-ins. Our trade appraiser at /trade-appraiser gives you an instant estimated range from our own sales of comparable vehicles; the final value is confirmed when we see the vehicle. Your trade-in can go toward your down payment.');
  }
  if (topics.has('sell')) {
    handled.add('sell');
    sections.push('We buy vehicles too, even if you don\'t buy from us. Start at /sell-my-vehicle with your VIN or year, make and model for an instant estimated range.');
  }

  // ---- Deals: never promise one ----
  if (topics.has('deal')) {
    handled.add('deal');
    sections.push(`Our prices are all-in (${ALL_IN_PRICE_NOTE.replace('All-in price: ', '').replace(/\.$/, '')}), so the price you see is the price you pay before GST. I can't change a price or promise a discount; current price cuts are marked on each vehicle and on /deal-of-the-day, and our sales team can talk through any offer with you. ${PERSON_OFFER}`);
  }

  // ---- Hours, locations, directions ----
  if (topics.has('hours')) {
    handled.add('hours');
    sections.push(`Our hours (both stores): ${hoursText()}.`);
  }
  if (topics.has('location') || topics.has('directions')) {
    handled.add('location');
    const intro = topics.has('directions')
      ? 'Here are our addresses; enter one in your maps app for turn-by-turn directions. Customer parking is on site.'
      : `We have two stores, and serve ${DEALERSHIP.areaServed.join(', ')}:`;
    sections.push([intro, ...addressLines(slots.city)].join('\n'));
  }

  // ---- Booking a test drive (the only answer that talks about booking: it opens the form) ----
  let bookingType: AssistantAnswer['bookingType'] = null;
  if (topics.has('booking')) {
    handled.add('booking');
    if (!bookingVehicle) {
      const named = vehicleNamedForBooking(input.history, parsed, input.question);
      const v = named ? await input.findVehicle(named) : null;
      if (v) bookingVehicle = { id: v.id, title: v.title };
    }
    // A test drive asked for, or of a vehicle: the form opens on that type rather than "Select a type".
    if (bookingVehicle || /\btest[- ]?drive/i.test(input.question)) bookingType = 'test_drive';
    const target = bookingVehicle ? ` the ${bookingVehicle.title}` : '';
    sections.push(`I'll open our booking form so you can book a test drive${target ? ` of${target}` : ' or a visit'}: pick a day and an hourly time from 9 AM to 5 PM, and we'll text to confirm the appointment.`);
  }

  // ---- A person ----
  if (topics.has('human') || topics.has('contact')) {
    handled.add('human');
    sections.push(`Of course. Our team can help directly: call ${DEALERSHIP.phone} (Edmonton) or ${DEALERSHIP.addresses[1]?.phone} (Calgary), or e-mail ${DEALERSHIP.email}. We see this conversation along with the contact details you gave, so someone can follow up.`);
  }

  if (topics.has('thanks') && sections.length === 0) {
    return { message: `You're welcome! Anything else I can check for you? ${PERSON_OFFER}`, vehicles, bookingVehicle };
  }

  if (sections.length === 0) {
    sections.push(`I'm not sure I can help with that one. I can search our inventory, estimate payments, and answer questions about financing, trade-ins, hours and locations. ${PERSON_OFFER}`);
  }
  return { message: sections.join('\n\n'), vehicles, bookingVehicle, bookingType };
}
