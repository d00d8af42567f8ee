// The built-in car assistant (issues 6 and 20): no network, no model. It reads the question (./intents.ts for
// topics and facts, ./nlp.ts for ordinals, days, times and negation), follows the conversation through the
// session's context (./session.ts: the last criteria, the vehicles shown in order, the vehicle in focus), and
// answers from live data: the lot's available vehicles (./lot.ts), payments through domain/finance.ts (with APR,
// term and down payment stated, as Alberta requires), hours and policies from domain/settings.ts, trade values
// from the trade appraiser's comparables. It never invents a vehicle, a price or an approval, never promises a
// deal, refuses hidden instructions and other people's data, and offers a person when it cannot help. Only a
// shopper asking to book gets words like "book" or "appointment": the widget opens the booking form on them (spec §4).
import { vehicleTitle } from '@domain/vehicle';
import { formatDollarsAndCents } from '@domain/number-format';
import { BOOKING_CONFIRMATION_NOTE } from '@domain/booking';
import { addDays, albertaDate } from '@domain/alberta-time';
import { closedReason, upcomingClosedDays, type ClosedDays } from '@domain/dealer-settings';
import {
  clock12, dealershipClock, efficiencyReason, hoursOnDay, LENDER_FACTORS, openAt, RATE_TIERS, rateTierFor, TOWING_FEATURES, type LotVehicle,
} from '@domain/assistant-knowledge';
import { approvedAmount, DEFAULT_CRITERIA, maxTermForYear, termForVehicle } from '@domain/finance';
import { ALL_IN_PRICE_NOTE, DEALERSHIP, NEGOTIATION_POLICY } from '@domain/settings';
import type { Estimate } from '@domain/appraisal';
import { albertaClock } from '@domain/alberta-time';
import type { DealQuote, DealQuoteRequest } from '@domain/deal-worksheet';
import type { AssistantVehicle, HistoryItem } from '@domain/assistant';
import { parseQuestion, type Parsed, type Slots, type Topic, type Vocabulary } from './intents';
import { monthlyPaymentOf, searchLot, type Criteria, type LotRow, type MonthlyBudget, type LotView } from './lot';
import { readEntities, type Entities } from './nlp';
import type { SessionContext } from './session';
import { computePayment, type PaymentQuote } from './tools';

export interface ContextVehicle { id: number; title: string; price: number; year: number; stockNumber: string }

export interface AssistantInput {
  question: string;
  history: HistoryItem[];
  /** The vehicle page the chat was opened from. */
  contextVehicle: ContextVehicle | null;
  /** An available vehicle by id (a follow-up about a vehicle named in an earlier answer). */
  findVehicle: (id: number) => Promise<ContextVehicle | null>;
  /** The conversation's context kept on the server (null: a new session, or one the server no longer holds). */
  session?: SessionContext | null;
  /** The clock ("are you open now?"), injected so answers do not depend on when they run. */
  now?: Date;
  /** The dealer's closed days (issue 33 §6): "are you open on Christmas?" follows the settings. */
  closedDays?: ClosedDays | null;
  /** The trade appraiser's estimate from its comparables (server/modules/appraisal). */
  appraise?: (v: { year: number; make: string; model: string; mileage: number }) => Promise<Estimate>;
  /**
   * issue 34 §6: builds and keeps the same deal worksheet the vehicle page builds (server/modules/deal-worksheet),
   * answering its figures and read-only link, or null when the vehicle cannot be quoted (sold, held, private).
   */
  keepDeal?: (req: DealQuoteRequest) => Promise<{ quote: DealQuote; sharePath: string } | null>;
}

export interface AssistantAnswer {
  message: string;
  vehicles: AssistantVehicle[];
  bookingVehicle: { id: number; title: string } | null;
  /** The appointment type the booking form starts with: a test drive when the shopper asked for one. */
  bookingType?: 'test_drive' | null;
  /** The conversation's context after this answer, for the session store. */
  context?: SessionContext;
}

const cad = new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD', maximumFractionDigits: 0, minimumFractionDigits: 0 });
const num = new Intl.NumberFormat('en-CA', { maximumFractionDigits: 0 });
export const formatCad = (n: number) => cad.format(Math.round(n));

/** One line per vehicle: title, all-in price, km, store, stock number (AMVIC: every ad shows it) and its page. */
export function vehicleLine(v: Pick<LotVehicle, 'id' | 'year' | 'make' | 'model' | 'trim' | 'price' | 'mileage' | 'location' | 'stockNumber'>, extra = ''): string {
  return `• ${vehicleTitle(v)} — ${formatCad(v.price)}, ${num.format(v.mileage)} km, ${v.location} (Stock # ${v.stockNumber}) — /vehicles/${v.id}${extra}`;
}

export const PERSON_OFFER = `If you'd rather talk to a person, call us at ${DEALERSHIP.phone} or e-mail ${DEALERSHIP.email}.`;
export const NO_PROMISE = 'This is an estimate, not an approval or an offer: your actual rate and terms depend on a lender\'s review of your credit.';
const HELP = 'I can search our inventory, estimate payments, and answer questions about financing, trade-ins, hours and locations.';

function hoursText(): string {
  return DEALERSHIP.hours.map((h) => `${h.days} ${clock12(h.opens)}–${clock12(h.closes)}`).join('; ');
}

const longDate = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString('en-CA', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' });

/** The closed days of the next 30 days, as a sentence (issue 33 §6), or '' when there are none. */
function closedSoon(now: Date, closed?: ClosedDays | null): string {
  if (!closed) return '';
  const days = upcomingClosedDays(albertaDate(now), 30, closed);
  return days.length ? ` Both stores are closed on ${days.map((d) => `${longDate(d.date)} (${d.reason})`).join(', ')}.` : '';
}

function addressLines(city?: 'Edmonton' | 'Calgary'): string[] {
  return DEALERSHIP.addresses
    .filter((a) => !city || a.city === city)
    .map((a) => `• ${a.city}: ${a.street}, ${a.city}, ${a.region} ${a.postalCode} — ${a.phone}`);
}

const plural = (body: string) => (body === 'SUV' ? 'SUVs' : body === 'Minivan' ? 'minivans' : `${body.toLowerCase()}s`);

function describe(c: Criteria): string {
  const parts: string[] = [];
  if (c.yearMin !== undefined && c.yearMin === c.yearMax) parts.push(String(c.yearMin));
  if (c.efficient) parts.push('fuel-efficient');
  if (c.fuels?.length) parts.push(c.fuels.includes('Hybrid') ? 'hybrid' : c.fuels[0]!.toLowerCase());
  if (c.drivetrains?.length) parts.push(c.drivetrains.join(' or '));
  if (c.make) parts.push(c.make);
  if (c.model) parts.push(c.model);
  if (c.bodyType && !c.model) parts.push(plural(c.bodyType));
  if (!c.bodyType && !c.model) parts.push('vehicles');
  if (c.notBodyTypes?.length) parts.push(`(no ${c.notBodyTypes.map(plural).join(' or ')})`);
  if (c.seatsMin) parts.push(`with ${c.seatsMin}+ seats`);
  if (c.towing) parts.push('for towing');
  if (c.newDriver) parts.push('suited to a new driver');
  if (c.transmission) parts.push('with a manual transmission');
  if (c.features?.length) parts.push(`with ${c.features.join(', ').toLowerCase()}`);
  if (c.yearMin !== undefined && c.yearMin !== c.yearMax) parts.push(`from ${c.yearMin} on`);
  if (c.yearMax !== undefined && c.yearMin !== c.yearMax) parts.push(`up to ${c.yearMax}`);
  if (c.priceMin !== undefined && c.priceMax !== undefined) parts.push(`between ${formatCad(c.priceMin)} and ${formatCad(c.priceMax)}`);
  else if (c.priceMax !== undefined) parts.push(`under ${formatCad(c.priceMax)}`);
  else if (c.priceMin !== undefined) parts.push(`over ${formatCad(c.priceMin)}`);
  if (c.mileageMax !== undefined) parts.push(`under ${num.format(c.mileageMax)} km`);
  if (c.monthly) parts.push(`within ${formatCad(c.monthly.budget)}/month`);
  if (c.location) parts.push(`in ${c.location}`);
  return parts.join(' ');
}

function listingLink(c: Criteria): string {
  const p = new URLSearchParams();
  if (c.bodyType) p.set('bodyType', c.bodyType);
  if (c.make) p.set('make', c.make);
  if (c.model) p.set('model', c.model);
  if (c.priceMax !== undefined) p.set('maxPrice', String(c.priceMax));
  if (c.transmission) p.set('transmission', c.transmission);
  const search = [c.drivetrains?.length === 1 ? c.drivetrains[0]!.toLowerCase() : undefined, c.fuels?.[0]?.toLowerCase()].filter(Boolean).join(' ');
  if (search) p.set('search', search);
  const q = p.toString();
  return `/vehicles${q ? `?${q}` : ''}`;
}

const toAssistantVehicle = (v: LotVehicle): AssistantVehicle => ({ id: v.id, title: vehicleTitle(v), price: v.price, url: `/vehicles/${v.id}` });

/** The listing's filters and the shopper's needs, from what the question says. */
function criteriaFromSlots(s: Slots): Criteria {
  const fuels = s.fuel === 'Hybrid' ? ['Hybrid', 'Plug-in Hybrid'] : s.fuel ? [s.fuel] : undefined;
  const drivetrains = s.drivetrain ? [s.drivetrain] : s.winter ? ['AWD', '4WD'] : undefined;
  return {
    bodyType: s.bodyType, notBodyTypes: s.notBodyTypes.length ? s.notBodyTypes : undefined, make: s.make, model: s.model,
    yearMin: s.year ?? s.yearMin, yearMax: s.year ?? s.yearMax, priceMin: s.priceMin, priceMax: s.priceMax, mileageMax: s.mileageMax,
    drivetrains, fuels, transmission: s.transmission, features: s.features.length ? s.features : undefined, location: s.location,
    seatsMin: s.seatsMin, efficient: s.efficient || undefined, towing: s.towing || undefined, newDriver: s.newDriver || undefined,
    sort: s.sort === 'price-asc' || s.sort === 'mileage-asc' || s.sort === 'year-desc' ? s.sort : undefined,
  };
}

const defined = <T extends object>(o: T): Partial<T> => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

/** Does the question add only limits or needs to the previous search ("what about under 20k?", "any AWD ones?")? */
function narrowsOnly(s: Slots): boolean {
  return !s.bodyType && !s.make && !s.model && !s.unknownMake
    && (s.priceMax !== undefined || s.priceMin !== undefined || s.mileageMax !== undefined || !!s.year || !!s.yearMin || !!s.yearMax
      || !!s.drivetrain || !!s.fuel || !!s.efficient || !!s.seatsMin || !!s.winter || !!s.towing || !!s.newDriver || s.features.length > 0
      || !!s.transmission || s.notBodyTypes.length > 0);
}

/** Without a stored session: the criteria of the shopper's previous inventory question, from the history. */
function criteriaFromHistory(history: HistoryItem[], vocab: Vocabulary): Criteria | null {
  const previous = [...history].reverse().filter((h) => h.isUser).map((h) => parseQuestion(h.text, vocab)).find((p) => p.topics.has('inventory'));
  return previous ? criteriaFromSlots(previous.slots) : null;
}

/** Without a stored session: the vehicles the last answer listed, in order. */
function shownFromHistory(history: HistoryItem[]): number[] {
  const last = [...history].reverse().find((h) => !h.isUser && /\/vehicles\/\d+/.test(h.text));
  if (!last) return [];
  return [...new Set([...last.text.matchAll(/\/vehicles\/(\d+)/g)].map((m) => Number(m[1])))];
}

function paymentSentence(q: PaymentQuote, what: string): string {
  const apr = q.aprSource === 'credit_score' ? `${q.apr}% APR (our calculator's suggested rate for that credit score)`
    : q.aprSource === 'default' ? `${q.apr}% APR (our calculator's default rate)` : `${q.apr}% APR`;
  return `For ${what} at ${formatCad(q.price)}, with ${formatCad(q.downPayment)} down, over ${q.termMonths} months at ${apr}, with the 5% GST financed, the payment works out to about ${formatDollarsAndCents(q.monthly)}/month.`
    + (q.termCapped ? ` The term is ${q.termMonths} months because lenders cap the term by model year.` : '');
}

// ---- Follow-ups on the vehicles shown ----

type PickRule = { label: string; choose: (vs: LotVehicle[]) => LotVehicle };
const minBy = (vs: LotVehicle[], f: (v: LotVehicle) => number) => vs.reduce((a, b) => (f(b) < f(a) ? b : a));
const SUPERLATIVES: [RegExp, PickRule][] = [
  [/\b(lowest|least|fewest|smallest|lowest[- ]?)\s*(mileage|km|kms|kilometers|kilometres|miles|clicks)\b|\bleast driven\b|\blow(est)? km\b/, { label: 'the lowest mileage', choose: (vs) => minBy(vs, (v) => v.mileage) }],
  [/\b(highest|most)\s*(mileage|km|kms|kilometers|kilometres)\b/, { label: 'the highest mileage', choose: (vs) => minBy(vs, (v) => -v.mileage) }],
  [/\b(cheapest|least expensive|lowest[- ]priced?|lowest cost|most affordable|best price)\b/, { label: 'the lowest price', choose: (vs) => minBy(vs, (v) => v.price) }],
  [/\b(most expensive|priciest|highest[- ]priced?)\b/, { label: 'the highest price', choose: (vs) => minBy(vs, (v) => -v.price) }],
  [/\b(newest|latest|most recent|youngest)\b/, { label: 'the newest', choose: (vs) => minBy(vs, (v) => -v.year) }],
  [/\b(oldest)\b/, { label: 'the oldest', choose: (vs) => minBy(vs, (v) => v.year) }],
  [/\b(most seats|biggest|largest|roomiest)\b/, { label: 'the most seats', choose: (vs) => minBy(vs, (v) => -(v.seats ?? 0)) }],
];
const REFERS_TO_SHOWN = /\b(of (those|these|them|the ones?|the (cars|trucks|suvs|vehicles|options))|which (one|ones|of|has|is|are|have|would)|any of (them|those|these)|those|these|them)\b/;

function factsLine(v: LotVehicle): string {
  const bits = [v.engine, v.drivetrain, v.fuelType, v.transmission, v.seats ? `${v.seats} seats` : null].filter(Boolean).join(', ');
  const features = v.features.slice(0, 6).join(', ');
  return `${bits}${features ? `. Features include ${features}${v.features.length > 6 ? ` and ${v.features.length - 6} more` : ''}` : ''}.`;
}

// ---- Hours as yes or no ----

function hoursAnswer(ents: Entities, now: Date, city?: 'Edmonton' | 'Calgary', closed?: ClosedDays | null): string | null {
  const clock = dealershipClock(now);
  const explicitDay = ents.weekday !== null || ents.relativeDay !== null;
  if (!explicitDay && ents.minutes === null && !ents.asksNow) return null;
  const day = ents.weekday ?? (ents.relativeDay !== null ? (clock.day + ents.relativeDay) % 7 : clock.day);
  const dayLabel = ents.weekday !== null ? 'on ' : ents.relativeDay === 1 ? 'tomorrow, ' : explicitDay ? 'today, ' : ents.asksNow ? 'right now, ' : 'today, ';
  const dayName = openAt(day, 0).dayName;
  // The calendar date asked about (the next such weekday, today included): a closed day of the dealer settings
  // (issue 33 §6) closes both stores whatever the weekly hours say.
  const date = addDays(albertaDate(now), (day - clock.day + 7) % 7);
  const closedWhy = closedReason(date, closed);
  if (closedWhy) {
    const when = dayLabel === 'on ' ? `on ${dayName} (${longDate(date)})` : `${dayLabel}${dayName} (${longDate(date)})`;
    return `No, ${city ? `our ${city} store is` : DEALERSHIP.addresses.length > 1 ? 'both stores are' : 'we are'} closed ${when}: ${closedWhy}. Our usual hours: ${hoursText()}.`;
  }
  const hours = hoursOnDay(day, city);
  const sameHours = hours.every((h) => h.opens === hours[0]?.opens && h.closes === hours[0]?.closes);
  const where = city ? `our ${city} store` : DEALERSHIP.addresses.length > 1 ? 'both stores' : 'we';
  const hoursLine = !hours.length ? `${city ? `Our ${city} store is` : 'We are'} closed on ${dayName}s.`
    : sameHours ? `${dayName} hours (${where}): ${clock12(hours[0]!.opens)}–${clock12(hours[0]!.closes)}.`
      : hours.map((h) => `${h.city} ${dayName}: ${clock12(h.opens)}–${clock12(h.closes)}.`).join(' ');
  const minutes = ents.minutes ?? (ents.asksNow || (!explicitDay) ? clock.minutes : null);
  if (minutes === null) {
    // A day without a time: open that day at all?
    return hours.length ? `Yes, we're open ${dayLabel}${dayLabel === 'on ' ? `${dayName}` : dayName}. ${hoursLine}` : `No. ${hoursLine}`;
  }
  const at = openAt(day, minutes, city);
  const time = clock12(`${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`);
  const when = ents.asksNow && ents.minutes === null ? `right now (${dayName} ${time}, Edmonton time)` : `${dayLabel === 'on ' ? `on ${dayName}` : `${dayLabel}${dayName},`} at ${time}`;
  if (at.open === true) return `Yes, ${where === 'we' ? 'we are' : `${where} ${city ? 'is' : 'are'}`} open ${when}. ${hoursLine}`;
  if (at.open === false) {
    const opensLater = hours.length && minutes < Math.min(...hours.map((h) => Number(h.opens.slice(0, 2)) * 60 + Number(h.opens.slice(3))));
    const reason = !hours.length ? '' : opensLater ? ` We open at ${clock12(hours[0]!.opens)} that day.` : ' We are closed by then.';
    // "both stores are not open" reads as "one of them is": say neither.
    const subject = where === 'we' ? 'we are' : city ? `${where} is` : 'neither store is';
    return `No, ${subject} open ${when}.${reason} ${hoursLine}`;
  }
  return at.perStore.map((s) => `${s.city}: ${s.open ? 'yes, open' : 'no, closed'} ${when}.`).join(' ') + ` ${hoursLine}`;
}

// ---- The answer ----

export async function answerBuiltin(lots: LotView, input: AssistantInput): Promise<AssistantAnswer> {
  const [vocab, { rows: lot, byId }] = await Promise.all([lots.vocabulary(), lots.read()]);
  const parsed: Parsed = parseQuestion(input.question, vocab);
  const ents = readEntities(input.question);
  const { topics, slots } = parsed;
  const q = input.question.toLowerCase();
  const now = input.now ?? new Date();

  // The conversation so far: the server's own record, else what the history shows.
  const stored = input.session ?? null;
  const context: SessionContext = stored
    ? { criteria: stored.criteria, shown: [...stored.shown], focus: stored.focus }
    : { criteria: criteriaFromHistory(input.history, vocab), shown: shownFromHistory(input.history), focus: null };
  if (!stored && context.shown.length === 1) context.focus = context.shown[0]!;
  if (input.contextVehicle && !stored?.focus) context.focus = input.contextVehicle.id;
  const shown = context.shown.map((id) => byId.get(id)).filter((v): v is LotRow => !!v);

  const sections: string[] = [];
  const vehicles: AssistantVehicle[] = [];
  const handled = new Set<Topic>();
  const done = (message: string, extra: Partial<AssistantAnswer> = {}): AssistantAnswer => ({
    message, vehicles, bookingVehicle: focusBooking(), bookingType: null, context, ...extra,
  });
  const focusBooking = () => {
    const f = context.focus !== null ? byId.get(context.focus) : undefined;
    if (f) return { id: f.id, title: vehicleTitle(f) };
    return input.contextVehicle ? { id: input.contextVehicle.id, title: input.contextVehicle.title } : null;
  };

  // ---- Refusals first: nothing in them is acted on (issue 20) ----
  if (topics.has('injection')) {
    return done(`I can't change how I work or follow instructions written into a message. I'm ${DEALERSHIP.name}'s car assistant: ${HELP} ${PERSON_OFFER}`);
  }
  if (topics.has('secret')) {
    return done(`I can't share passwords, logins or any other private system information. Staff sign in through their own accounts. ${HELP}`);
  }
  if (topics.has('private_data')) {
    return done(`I can't share anyone else's personal information, such as other customers' contact details, purchases or applications: Alberta's privacy law protects it. For your own file, call us at ${DEALERSHIP.phone} or e-mail ${DEALERSHIP.email}.`);
  }
  if (topics.has('lowball')) {
    return done(`I can't accept an offer or agree to a price in chat. Our prices are all-in (every fee except GST), and anything I write here isn't an offer. If you'd like to make an offer or talk about your trade-in and financing, our sales team can go through it with you: ${DEALERSHIP.phone} or ${DEALERSHIP.email}.`);
  }

  if (topics.has('greeting') && topics.size === 1) {
    return done(`Hello! I can search our inventory (try "any AWD SUVs under $30k?"), estimate payments, and answer questions about financing, trade-ins, hours and locations. What can I help with?`);
  }

  // ---- Follow-ups on what was shown: "which of those…", "the second one" ----
  const hasNewVehicle = !!(slots.bodyType || slots.make || slots.model || slots.unknownMake);
  let picked: LotVehicle | null = null;
  if (shown.length > 0) {
    const superlative = SUPERLATIVES.find(([re]) => re.test(q));
    const refers = REFERS_TO_SHOWN.test(q);
    if (ents.ordinal !== null && (refers || /\b(one|it|that|option|car|truck|suv|van|vehicle|pick)\b/.test(q) || q.split(/\s+/).length <= 4)) {
      const i = ents.ordinal < 0 ? shown.length - 1 : ents.ordinal;
      const v = shown[i];
      if (!v) {
        return done(`I only showed ${shown.length} vehicle${shown.length === 1 ? '' : 's'}, so there isn't a ${input.question.match(/\b\w+(st|nd|rd|th)\b/)?.[0] ?? 'that'} one. Here they are again:\n${shown.map((x) => vehicleLine(x)).join('\n')}`, { vehicles: shown.map(toAssistantVehicle) });
      }
      picked = v;
      context.focus = v.id;
    } else if (superlative && (refers || !hasNewVehicle) && !topics.has('payment') && !(topics.has('inventory') && hasNewVehicle)) {
      const v = superlative[1].choose(shown);
      picked = v;
      context.focus = v.id;
      sections.push(`Of the ${shown.length} I showed you, the one with ${superlative[1].label} is:\n${vehicleLine(v)}\n${factsLine(v)}`);
      vehicles.push(toAssistantVehicle(v));
      handled.add('inventory');
    } else if (refers && !hasNewVehicle && narrowsOnly(slots) && /\bwhich|any of|do (any|those|these|they)|are (any|those|these|they)|is (any|one)\b/.test(q)) {
      // "which of those are AWD?": the shown vehicles that have it.
      const need = criteriaFromSlots(slots);
      const hits = searchLot(shown, { ...need, sort: undefined }, shown.length).vehicles;
      const ordered = shown.filter((v) => hits.includes(v));
      if (ordered.length) {
        sections.push(`Of the ${shown.length} I showed you, ${ordered.length === 1 ? 'this one is' : `these ${ordered.length} are`} ${describe({ ...need, bodyType: undefined }).replace(/^vehicles ?/, '') || 'a match'}:\n${ordered.map((v) => vehicleLine(v)).join('\n')}`);
        vehicles.push(...ordered.map(toAssistantVehicle));
        if (ordered.length === 1) context.focus = ordered[0]!.id;
      } else {
        sections.push(`None of the ${shown.length} I showed you ${describe({ ...need, bodyType: undefined }).replace(/^vehicles ?/, 'is ') || 'matches'}. Ask me to search for ${describe({ ...(context.criteria ?? {}), ...defined(need) })} and I'll check the whole lot.`);
      }
      handled.add('inventory');
    }
    if (picked && !topics.has('payment') && !topics.has('booking') && !handled.has('inventory')) {
      sections.push(`That's the ${vehicleTitle(picked)}:\n${vehicleLine(picked)}\n${factsLine(picked)} Prices are all-in: every fee except GST.`);
      vehicles.push(toAssistantVehicle(picked));
      handled.add('inventory');
    }
  }

  // ---- A new or changed search ----
  const focusVehicle = context.focus !== null ? byId.get(context.focus) ?? null : null;
  let criteria: Criteria | null = null;
  const base = context.criteria;
  const cheaper = /\b(cheaper|less expensive|lower[- ]priced|more affordable|lower price)\b/.test(q);
  const newer = /\b(newer|more recent|later model)\b/.test(q) && slots.yearMin === undefined;
  const fewerKm = /\b(less|lower|fewer) (km|kms|kilometers|kilometres|mileage)\b/.test(q) && slots.mileageMax === undefined;
  const instead = hasNewVehicle && base && /\b(instead|what about|how about|rather|or maybe|switch to|any)\b/.test(q) && !slots.make !== !slots.bodyType;
  if (!handled.has('inventory') && !topics.has('payment') && (shown.length || base) && (cheaper || newer || fewerKm)) {
    const ref = focusVehicle && !REFERS_TO_SHOWN.test(q) ? [focusVehicle] : shown.length ? shown : focusVehicle ? [focusVehicle] : [];
    criteria = { ...(base ?? {}), ...defined(criteriaFromSlots(slots)) };
    if (cheaper && ref.length) { criteria.priceMax = Math.min(...ref.map((v) => v.price)) - 1; criteria.sort = 'price-desc'; }
    if (newer && ref.length) { criteria.yearMin = Math.max(...ref.map((v) => v.year)) + 1; criteria.sort = 'year-desc'; }
    if (fewerKm && ref.length) { criteria.mileageMax = Math.min(...ref.map((v) => v.mileage)) - 1; criteria.sort = 'mileage-asc'; }
    topics.add('inventory');
  } else if (!handled.has('inventory') && instead && base) {
    const next = criteriaFromSlots(slots);
    criteria = { ...base, ...defined(next), model: next.model, sort: next.sort };
    if (next.bodyType) { criteria.notBodyTypes = undefined; if (!next.make) { criteria.make = base.make; criteria.model = undefined; } }
    if (next.make && !next.bodyType) criteria.bodyType = undefined;
    topics.add('inventory');
  } else if (!handled.has('inventory') && base && narrowsOnly(slots) && !topics.has('payment') && !topics.has('trade_in') && !topics.has('approval')
    && !topics.has('hours') && (topics.has('inventory') || /^\s*(what|how) about\b|^\s*(and|any|only|just|with|under|below|in)\b|\bones?\b/.test(q))) {
    criteria = { ...base, ...defined(criteriaFromSlots(slots)) };
    topics.add('inventory');
  } else if (!handled.has('inventory') && topics.has('inventory') && !topics.has('payment')) {
    criteria = criteriaFromSlots(slots);
  }

  // A monthly budget with a search is a filter: the loan payment at each vehicle's capped term must fit it.
  let monthly: MonthlyBudget | undefined;
  if (slots.monthlyBudget !== undefined) {
    monthly = {
      budget: slots.monthlyBudget, downPayment: slots.downPayment ?? DEFAULT_CRITERIA.downPayment,
      apr: slots.apr ?? (slots.creditScore !== undefined ? computePayment({ price: 1, creditScore: slots.creditScore }).apr : DEFAULT_CRITERIA.interestRate),
      termMonths: slots.termMonths ?? DEFAULT_CRITERIA.loanTerm,
    };
    if (criteria && (criteria.efficient || criteria.bodyType || criteria.make || criteria.seatsMin || criteria.towing || criteria.newDriver || criteria.drivetrains || criteria.fuels)) {
      criteria.monthly = monthly;
      handled.add('afford');
    }
  }

  // ---- Inventory ----
  if (criteria && !handled.has('inventory')) {
    handled.add('inventory');
    if (slots.unknownMake && !slots.make) {
      sections.push(`We don't have any ${slots.unknownMake} vehicles in stock right now. Our inventory changes daily; browse everything we have at /vehicles, or tell me the kind of vehicle and budget you have in mind and I'll check what we do have.`);
    } else {
      const result = searchLot(lot, criteria, 5);
      const described = describe(criteria);
      const extra = (v: LotVehicle) => {
        const bits: string[] = [];
        if (criteria!.efficient) bits.push(efficiencyReason(v));
        if (criteria!.seatsMin) bits.push(`${v.seats} seats`);
        if (criteria!.towing) {
          const tow = v.features.filter((f) => (TOWING_FEATURES as readonly string[]).includes(f));
          bits.push(tow.length ? tow.join(', ') : v.bodyType === 'Truck' ? 'pickup' : '');
        }
        if (criteria!.drivetrains && criteria!.drivetrains.length > 1) bits.push(v.drivetrain ?? '');
        if (criteria!.monthly) {
          const m = criteria!.monthly;
          bits.push(`about ${formatDollarsAndCents(monthlyPaymentOf(v, m))}/month over ${termForVehicle(v.year, m.termMonths)} months`);
        }
        const list = bits.filter(Boolean);
        return list.length ? ` (${list.join('; ')})` : '';
      };
      if (slots.corrected) sections.push(`(I read "${slots.corrected.from}" as ${criteria.model ?? criteria.make}.)`);
      if (result.total > 0) {
        const lines = [
          `Yes — we have ${result.total} ${described} in stock right now${result.total > result.vehicles.length ? `. Here are ${result.vehicles.length}` : ''}:`,
          ...result.vehicles.map((v) => vehicleLine(v, extra(v))),
          result.total > result.vehicles.length ? `See all of them: ${listingLink(criteria)}` : '',
          `Prices are all-in: every fee except GST.`,
        ];
        if (criteria.efficient) lines.push('I picked these for fuel economy from what each listing records: electric, plug-in hybrid, hybrid, or an engine of 2.0 L or less. Pickups are left out. Our listings do not record fuel consumption figures.');
        if (criteria.towing) lines.push('Our listings record pickups, tow packages and trailer brake controllers, not towing capacities: confirm the rating for your trailer with our team before you buy.');
        if (criteria.monthly) lines.push(`Payments: ${formatCad(criteria.monthly.downPayment)} down, ${criteria.monthly.apr}% APR, ${criteria.monthly.termMonths} months or the longest term lenders allow for the model year, before GST. ${NO_PROMISE}`);
        if (criteria.newDriver) lines.push(`For a new driver I looked at cars and small SUVs from ${2015} on, under ${formatCad(25_000)}, with modest engines. Insurance for a new driver varies a lot by vehicle: get a quote before you decide.`);
        sections.push(lines.filter(Boolean).join('\n'));
        vehicles.push(...result.vehicles.map(toAssistantVehicle));
        context.criteria = criteria;
        context.shown = result.vehicles.map((v) => v.id);
        context.focus = result.vehicles.length === 1 ? result.vehicles[0]!.id : null;
      } else {
        // Say so plainly, then show the nearest real thing: the same model, make or body without the narrower limits.
        const lines = [`I couldn't find any ${described} in stock right now.`];
        const broader: Criteria = criteria.model ? { make: criteria.make, model: criteria.model }
          : criteria.make ? { make: criteria.make, bodyType: criteria.bodyType }
            : criteria.bodyType ? { bodyType: criteria.bodyType }
              : criteria.efficient ? { efficient: true } : criteria.seatsMin ? { seatsMin: criteria.seatsMin } : {};
        const wider = Object.keys(broader).length ? searchLot(lot, { ...broader, sort: 'price-asc' }, 3) : { total: 0, vehicles: [] };
        if (wider.total > 0) {
          lines.push(`We do have ${wider.total} ${describe(broader)}; the lowest priced:`, ...wider.vehicles.map((v) => vehicleLine(v)));
          vehicles.push(...wider.vehicles.map(toAssistantVehicle));
          context.shown = wider.vehicles.map((v) => v.id);
        } else {
          lines.push('Our inventory changes daily: browse everything we have at /vehicles.');
        }
        context.criteria = criteria;
        lines.push(`Want us to watch for one? ${PERSON_OFFER}`);
        sections.push(lines.join('\n'));
      }
    }
  }

  // ---- Affordability: "what can I afford with $400 a month?" ----
  if (topics.has('afford') && !handled.has('afford') && monthly) {
    handled.add('afford');
    const amount = approvedAmount({ monthlyBudget: monthly.budget, loanTerm: monthly.termMonths, interestRate: monthly.apr, downPayment: monthly.downPayment });
    const c: Criteria = { ...(criteria ?? {}), priceMax: amount, priceMin: undefined, sort: 'price-desc' };
    const result = searchLot(lot, c, 3);
    sections.push([
      `With ${formatCad(monthly.budget)}/month over ${monthly.termMonths} months at ${monthly.apr}% APR and ${formatCad(monthly.downPayment)} down, you could look at vehicles up to about ${formatCad(amount)}. ${NO_PROMISE}`,
      ...(result.total ? [`We have ${result.total} ${describe(c)} right now, for example:`, ...result.vehicles.map((v) => vehicleLine(v))] : []),
      'For a firmer number, the 2-minute application at /pre-approval gives you an answer from our finance team.',
    ].join('\n'));
    vehicles.push(...result.vehicles.map(toAssistantVehicle));
    if (result.vehicles.length) { context.criteria = c; context.shown = result.vehicles.map((v) => v.id); context.focus = null; }
  } else if (topics.has('afford') && !handled.has('afford')) {
    handled.add('afford');
    sections.push(`Tell me the monthly payment you're comfortable with (for example "$400 a month") and I'll show what that buys, or use the calculator on /vehicles. For a firmer number, apply at /pre-approval.`);
  }

  // issue 34 §6: "what would it cost with my 2015 Civic as a trade?" is a deal worksheet, answered in the trade section.
  const tradeDeal = topics.has('trade_in') && /\b(cost|costs|payments?|pay|total|deal|price)\b/.test(q) && !!input.keepDeal;

  // ---- Payments: on a price, the vehicle in focus, "the second one", or the lowest priced match ----
  const costQuestion = /\b(cost|be) (me )?(a|per|each) month\b|\bhow much (a|per) month\b|\bmonthly\b/.test(q);
  if (!tradeDeal && (topics.has('payment') || (costQuestion && !handled.has('afford')))) {
    handled.add('payment');
    let price = slots.price;
    let year: number | undefined;
    let what = 'a vehicle';
    const focus = picked ?? (context.focus !== null ? byId.get(context.focus) : undefined);
    if (!price && input.contextVehicle && (slots.refersToContext || !focus) && !(slots.model || slots.make || slots.bodyType)) {
      price = input.contextVehicle.price; year = input.contextVehicle.year; what = `the ${input.contextVehicle.title} (Stock # ${input.contextVehicle.stockNumber})`;
    } else if (!price && (slots.model || slots.make || slots.bodyType)) {
      const r = searchLot(lot, { ...criteriaFromSlots(slots), sort: 'price-asc' }, 1);
      const v = r.vehicles[0];
      if (v) { price = v.price; year = v.year; what = `our lowest priced match, the ${vehicleTitle(v)} (Stock # ${v.stockNumber}, /vehicles/${v.id})`; vehicles.push(toAssistantVehicle(v)); context.focus = v.id; }
    } else if (!price && focus) {
      price = focus.price; year = focus.year; what = `the ${vehicleTitle(focus)} (Stock # ${focus.stockNumber}, /vehicles/${focus.id})`;
      if (!vehicles.some((x) => x.id === focus.id)) vehicles.push(toAssistantVehicle(focus));
    } else if (!price && shown.length > 1 && /\b(it|that|this|one)\b/.test(q)) {
      sections.push(`Which one? I showed ${shown.length}: say "the first one", "the second one" and so on, or name it.\n${shown.map((x) => vehicleLine(x)).join('\n')}`);
      vehicles.push(...shown.map(toAssistantVehicle));
      price = undefined; what = '';
    } else if (!price) {
      const ref = [...input.history].reverse().find((h) => !h.isUser && /\/vehicles\/(\d+)/.test(h.text));
      const id = ref ? Number(/\/vehicles\/(\d+)/.exec(ref.text)![1]) : null;
      const v = id ? await input.findVehicle(id) : null;
      if (v) { price = v.price; year = v.year; what = `the ${v.title} (Stock # ${v.stockNumber})`; }
    }
    if (price) {
      const quote = computePayment({ price, downPayment: slots.downPayment, apr: slots.apr, termMonths: slots.termMonths, creditScore: slots.creditScore, year });
      sections.push(`${paymentSentence(quote, what)} ${NO_PROMISE}${year ? ` Lenders allow up to ${maxTermForYear(year)} months for a ${year}.` : ''} Change the down payment, rate or term and I'll recalculate.`);
    } else if (what) {
      sections.push(`I can estimate a payment: tell me the vehicle (or its price), your down payment, and the term. For example, "$25,000 with $3,000 down over 72 months". Without your numbers I use our calculator's defaults: ${formatCad(DEFAULT_CRITERIA.downPayment)} down, ${DEFAULT_CRITERIA.interestRate}% APR, ${DEFAULT_CRITERIA.loanTerm} months.`);
    }
  }

  // ---- Approval odds: the tier, what a lender weighs, nothing approved here ----
  if (topics.has('approval') && !handled.has('payment') && !handled.has('afford')) {
    handled.add('approval');
    handled.add('financing');
    const tier = slots.creditScore !== undefined ? rateTierFor(slots.creditScore) : null;
    const lines = [
      'We arrange financing for every credit situation, but I can\'t tell you whether you\'ll be approved or at what rate: only a lender can, after reviewing your application. Nothing is approved in this chat.',
    ];
    if (slots.creditScore !== undefined && tier) {
      lines.push(`As a guide only: for a ${slots.creditScore} score (the ${tier.from}–${tier.to} band), our calculator suggests about ${tier.rate}% APR. Lenders set the real rate.`);
    } else if (slots.creditScore !== undefined) {
      lines.push(`Credit scores run from 300 to 850, so I can't place ${slots.creditScore}; our calculator's bands are ${RATE_TIERS.map((t, i) => `${t.from}–${t.to} (${i === 0 ? 'about ' : ''}${t.rate}%${i === 0 ? ' APR' : ''})`).join(', ')}.`);
    }
    if (slots.downPayment === 0) lines.push('With no down payment the whole price is financed; a down payment, even a small one, lowers the amount a lender takes on and the payment.');
    else if (slots.downPayment !== undefined) lines.push(`A ${formatCad(slots.downPayment)} down payment lowers the amount financed, which lenders weigh in your favour.`);
    lines.push(`What a lender weighs: ${LENDER_FACTORS.join('; ')}.`);
    lines.push('Apply in 2 minutes at /pre-approval (no obligation) for a real answer from our finance team; more at /financing and /bad-credit-loans.');
    if (topics.has('promise')) lines.push('I can\'t promise or guarantee an approval.');
    sections.push(lines.join('\n'));
  }

  // ---- Financing for every credit situation ----
  if (topics.has('financing') && !handled.has('payment') && !handled.has('afford') && !handled.has('financing')) {
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

  // ---- Trade-in value from the appraiser's comparables ----
  if (topics.has('trade_in')) {
    handled.add('trade_in');
    const own = { year: slots.year, make: slots.make ?? slots.unknownMake, model: slots.model, mileage: slots.ownKm };
    const asksValue = /\b(worth|value|how much|appraise|estimate|give me|offer|get for)\b/.test(q);
    const dealVehicle = input.contextVehicle ?? (picked ?? (context.focus !== null ? byId.get(context.focus) : undefined)) ?? null;
    if (tradeDeal && own.year && own.make && own.model && input.appraise) {
      sections.push(await tradeDealAnswer(input, own as { year: number; make: string; model: string; mileage?: number }, dealVehicle, vehicles));
    } else if (tradeDeal) {
      sections.push('I can build a deal worksheet with your trade: tell me its year, make and model (for example "my 2015 Honda Civic as a trade"), and open the vehicle you want, or name it.');
    } else if (asksValue && own.year && own.make && own.model && own.mileage !== undefined && input.appraise) {
      const est = await input.appraise({ year: own.year, make: own.make, model: own.model, mileage: own.mileage });
      const title = `${own.year} ${own.make} ${own.model} with ${num.format(own.mileage)} km`;
      if (est.low !== null && est.high !== null) {
        sections.push(`From ${est.comparableCount} comparable vehicle${est.comparableCount === 1 ? '' : 's'} in our own inventory and sales, a ${title} in good condition is estimated at ${formatCad(est.low)} – ${formatCad(est.high)} as a trade-in. That's an estimated range, not an offer: the final value is confirmed when we see the vehicle. For an estimate with its condition and photos, use /trade-appraiser.`);
      } else {
        sections.push(`We have no comparable ${own.make} ${own.model} in our inventory or sales history, so I won't guess a value for a ${title}. The trade appraiser at /trade-appraiser sends it to our team, who will give you a range.`);
      }
    } else if (asksValue) {
      const missing = [!own.year && 'year', !own.make && 'make', !own.model && 'model', own.mileage === undefined && 'kilometres'].filter(Boolean);
      sections.push(`I can estimate a trade-in range from our comparables: tell me its ${missing.join(', ')} (for example "2018 Honda Civic with 90,000 km"). Or use /trade-appraiser for an estimated range with its condition.`);
    } else {
      sections.push('Yes, we take trade-ins. Our trade appraiser at /trade-appraiser gives you an instant estimated range from our own sales of comparable vehicles; the final value is confirmed when we see the vehicle. Your trade-in can go toward your down payment.');
    }
  }
  if (topics.has('sell')) {
    handled.add('sell');
    sections.push('We buy vehicles too, even if you don\'t buy from us. Start at /sell-my-vehicle with your VIN or year, make and model for an instant estimated range.');
  }

  // ---- Deals and negotiation: what is open, never a promised discount ----
  if (topics.has('deal') || (topics.has('promise') && !handled.has('approval'))) {
    handled.add('deal');
    const note = ALL_IN_PRICE_NOTE.replace('All-in price: ', '').replace(/\.$/, '');
    sections.push(`Our prices are all-in (${note}), so the price you see is the price you pay before GST. I can't change a price or promise a discount, and nothing I say here is an offer. What our team can talk through with you: ${NEGOTIATION_POLICY.negotiable.join('; ')}. Not changed in chat: ${NEGOTIATION_POLICY.fixed.join('; ')}. Current price cuts are marked on each vehicle and on /deal-of-the-day. ${PERSON_OFFER}`);
  }

  // ---- Hours (yes or no for a day and time), locations, directions ----
  if (topics.has('hours')) {
    handled.add('hours');
    sections.push(hoursAnswer(ents, now, slots.city, input.closedDays) ?? `Our hours (both stores): ${hoursText()}.${closedSoon(now, input.closedDays)}`);
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
  let bookingVehicle = focusBooking();
  if (topics.has('booking')) {
    handled.add('booking');
    const named = slots.make || slots.model || slots.year ? shown.filter((v) => (!slots.make || v.make === slots.make) && (!slots.model || v.model === slots.model) && (!slots.year || v.year === slots.year)) : [];
    if (named.length === 1) { bookingVehicle = { id: named[0]!.id, title: vehicleTitle(named[0]!) }; context.focus = named[0]!.id; }
    else if (!bookingVehicle && shown.length > 1) bookingVehicle = null;
    // A test drive asked for, or of a vehicle: the form opens on that type rather than "Select a type".
    if (bookingVehicle || /\btest[- ]?drive/i.test(input.question)) bookingType = 'test_drive';
    const target = bookingVehicle ? ` the ${bookingVehicle.title}` : '';
    sections.push(`I'll open our booking form so you can book a test drive${target ? ` of${target}` : ' or a visit'}: pick a day and an hourly time from 9 AM to 5 PM, and ${BOOKING_CONFIRMATION_NOTE}.`);
  }

  // ---- A person ----
  if (topics.has('human') || topics.has('contact')) {
    handled.add('human');
    sections.push(`Of course. Our team can help directly: call ${DEALERSHIP.phone} (Edmonton) or ${DEALERSHIP.addresses[1]?.phone} (Calgary), or e-mail ${DEALERSHIP.email}. We see this conversation along with the contact details you gave, so someone can follow up.`);
  }

  if (topics.has('thanks') && sections.length === 0) {
    return done(`You're welcome! Anything else I can check for you? ${PERSON_OFFER}`);
  }

  if (sections.length === 0) {
    sections.push(`I'm not sure I can help with that one. ${HELP} ${PERSON_OFFER}`);
  }
  return { message: sections.join('\n\n'), vehicles, bookingVehicle, bookingType, context };
}

/**
 * issue 34 §6: the deal worksheet with the shopper's vehicle as a trade. The trade value is the low end of the trade
 * appraiser's range (the cautious figure, said so); without kilometres we assume 20,000 km a year of age, and say
 * so. The worksheet is the one the vehicle page builds, kept behind a read-only link the answer gives.
 */
async function tradeDealAnswer(
  input: AssistantInput, own: { year: number; make: string; model: string; mileage?: number },
  target: { id: number; year: number; price: number; stockNumber: string } & ({ title: string } | { make: string; model: string }) | null,
  vehicles: AssistantVehicle[],
): Promise<string> {
  if (!target) {
    return `I can work out the whole deal with your ${own.year} ${own.make} ${own.model} as a trade: open the vehicle you want (or tell me which one) and ask again. Each vehicle's page also has a deal worksheet.`;
  }
  const now = input.now ?? new Date();
  const assumedKm = own.mileage === undefined;
  const mileage = own.mileage ?? Math.max(0, albertaClock(now).year - own.year) * 20_000;
  const est = await input.appraise!({ year: own.year, make: own.make, model: own.model, mileage });
  const title = 'title' in target ? target.title : `${target.year} ${target.make} ${target.model}`;
  const tradeTitle = `${own.year} ${own.make} ${own.model}`;
  if (est.low === null || est.high === null) {
    return `We have no comparable ${own.make} ${own.model} in our inventory or sales history, so I won't guess what your ${tradeTitle} is worth. The trade appraiser at /trade-appraiser sends it to our team; then the deal worksheet on the ${title} page (/vehicles/${target.id}) takes the value they give you.`;
  }
  const kept = await input.keepDeal!({
    vehicleId: target.id, purchase: 'finance', downPayment: 0, termMonths: maxTermForYear(target.year), creditBand: 'good',
    tradeIn: { value: est.low, lienPayout: 0, source: 'appraisal', description: tradeTitle }, productIds: [], incentiveIds: [],
  });
  if (!kept) return `The ${title} can't be quoted right now (it may have just sold or be on hold). Ask me about another vehicle.`;
  const q = kept.quote;
  const c = (n: number) => `$${n.toLocaleString('en-CA', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  if (!vehicles.some((v) => v.id === target.id) && 'make' in target) vehicles.push(toAssistantVehicle(target as never));
  return [
    `With your ${tradeTitle} as a trade, the ${title} (Stock # ${target.stockNumber}) works out like this.`,
    `Your trade: our trade appraiser's range is ${formatCad(est.low)} – ${formatCad(est.high)} from ${est.comparableCount} comparable vehicle${est.comparableCount === 1 ? '' : 's'}${assumedKm ? `, assuming about ${num.format(mileage)} km` : ''}; I used the low end, ${formatCad(est.low)}, and no amount still owed on it.`,
    `All-in price ${c(q.price)}, less the trade ${c(q.tradeInValue)}, plus 5% GST ${c(q.gst)}: total ${c(q.total)}.`,
    `Financed with nothing down at ${q.apr}% APR (Good credit band) over ${q.termMonths} months: ${q.paymentCount} payments of ${c(q.payment)}, total of payments ${c(q.totalOfPayments)}, total cost of borrowing ${c(q.costOfBorrowing)}.`,
    `Your worksheet: ${kept.sharePath} (change the down payment, term, credit band, products or the amount owed on your trade on the vehicle's page, /vehicles/${target.id}).`,
    q.disclosures.estimate,
  ].join('\n');
}
