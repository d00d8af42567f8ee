// Reading a shopper's question (issue 6, built-in assistant): what they ask about (topics) and the facts in it
// (body type, make, model, year, price limits, drivetrain, payment terms…). Pure: the inventory's own makes and
// models are passed in, so "do you have a 2020 F-150?" is recognised from live stock, not a fixed list.
import type { BODY_TYPES } from '@domain/constants';
import { Spellings } from '../vehicles/search-filter';
import { storeAskedFor } from '@domain/search-words';
import { wordSimilarity } from '../vehicles/trigram';

export type Topic =
  | 'inventory' | 'payment' | 'afford' | 'financing' | 'trade_in' | 'sell' | 'hours' | 'location' | 'directions'
  | 'booking' | 'human' | 'deal' | 'greeting' | 'thanks' | 'contact'
  // issue 20: approval odds, a trade's value, and what the assistant refuses
  | 'approval' | 'lowball' | 'injection' | 'secret' | 'private_data' | 'promise';

export interface Slots {
  bodyType?: (typeof BODY_TYPES)[number];
  make?: string;
  /** A make the shopper named that we do not stock at all (answered honestly, never invented). */
  unknownMake?: string;
  model?: string;
  year?: number;
  yearMin?: number;
  yearMax?: number;
  priceMin?: number;
  priceMax?: number;
  mileageMax?: number;
  drivetrain?: 'AWD' | '4WD' | 'FWD' | 'RWD';
  fuel?: 'Hybrid' | 'Electric' | 'Diesel' | 'Plug-in Hybrid';
  transmission?: 'Manual';
  features: string[];
  location?: 'Edmonton' | 'Calgary';
  /** The one store the question names (for addresses and directions). */
  city?: 'Edmonton' | 'Calgary';
  sort?: 'price-asc' | 'mileage-asc' | 'year-desc';
  // Payment terms
  price?: number;
  downPayment?: number;
  apr?: number;
  termMonths?: number;
  creditScore?: number;
  monthlyBudget?: number;
  /** "this one", "it": the vehicle the chat was opened from. */
  refersToContext: boolean;
  // issue 20: what shoppers mean
  /** "good on gas", "efficient", "commuting": hybrids, EVs and small engines, never pickups. */
  efficient?: boolean;
  commute?: boolean;
  /** "7 seats", "8 passenger". */
  seatsMin?: number;
  /** "winter", "snow": AWD or 4WD. */
  winter?: boolean;
  /** "tow", "haul", "trailer": pickups and vehicles with a tow package. */
  towing?: boolean;
  newDriver?: boolean;
  /** Body types the shopper rules out ("not a truck"). */
  notBodyTypes: (typeof BODY_TYPES)[number][];
  /** The shopper's own vehicle's kilometres (a trade-in question). */
  ownKm?: number;
  /** A make or model word corrected from a typo ("hyndai" → Hyundai), for the answer to say so. */
  corrected?: { from: string; to: string };
}

export interface Parsed { topics: Set<Topic>; slots: Slots }

/** The makes and models on the lot, prepared for reading questions once per inventory state (lot.ts LotView). */
export interface Vocabulary {
  makes: string[];
  models: { make: string; model: string }[];
  prepared: PreparedVocabulary;
  /** The lot's words a typo may have meant (correctTypos). */
  typoWords: string[];
  spellings: Spellings;
}

/** Makes shoppers name that a lot may not carry: recognised so the answer can say "none in stock" honestly. */
const OTHER_MAKES = [
  'Tesla', 'BMW', 'Audi', 'Mercedes-Benz', 'Lexus', 'Acura', 'Volkswagen', 'Volvo', 'Porsche', 'Mitsubishi', 'Buick',
  'Cadillac', 'Lincoln', 'Infiniti', 'Genesis', 'Land Rover', 'Mini', 'Fiat', 'Alfa Romeo', 'Jaguar', 'Polestar', 'Rivian',
  'Lamborghini', 'Ferrari', 'Bentley', 'Maserati', 'Rolls-Royce', 'McLaren', 'Aston Martin', 'Lucid', 'Scion', 'Pontiac', 'Saturn',
  'Ford', 'Toyota', 'Honda', 'Chevrolet', 'GMC', 'RAM', 'Nissan', 'Hyundai', 'Kia', 'Mazda', 'Subaru', 'Jeep', 'Dodge', 'Chrysler',
];
const MAKE_ALIASES: Record<string, string> = {
  chevy: 'Chevrolet', vw: 'Volkswagen', mercedes: 'Mercedes-Benz', benz: 'Mercedes-Benz', dodge_ram: 'RAM',
};

const BODY_WORDS: [RegExp, (typeof BODY_TYPES)[number]][] = [
  [/\b(suvs?|crossovers?|cuvs?)\b/, 'SUV'],
  [/\b(trucks?|pickups?|pick-ups?)\b/, 'Truck'],
  [/\b(sedans?)\b/, 'Sedan'],
  [/\b(hatchbacks?|hatch)\b/, 'Hatchback'],
  [/\b(coupes?)\b/, 'Coupe'],
  [/\b(minivans?|mini-vans?)\b/, 'Minivan'],
  [/\b(wagons?)\b/, 'Wagon'],
  [/\b(convertibles?|drop-?tops?)\b/, 'Convertible'],
  [/\b(cargo vans?|vans?)\b/, 'Van'],
];

/** "30k", "$30,000", "30 thousand", "29.5k" → whole dollars. */
// The lookahead stops a partial match ("50" of "50,000") when the whole number is refused by a caller's lookahead.
const MONEY = String.raw`\$?\s?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?![,.]?\d)\s?(k|thousand|grand)?\b`;
function money(num: string, unit: string | undefined): number {
  const n = Number(num.replace(/,/g, ''));
  return Math.round(unit ? n * 1000 : n);
}

const norm = (s: string) => s.toLowerCase().replace(/[-‐–]/g, '').replace(/[^a-z0-9.$%,/ ]+/g, ' ');
const compactTokens = (s: string) => s.toLowerCase().replace(/[-‐–]/g, '').split(/[^a-z0-9]+/).filter(Boolean);

function findSequence(haystack: string[], needle: string[]): boolean {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    // A plural ("teslas", "f150s") names the same thing.
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j] && haystack[i + j] !== `${needle[j]}s`) continue outer;
    return true;
  }
  return false;
}

interface PreparedVocabulary {
  models: { make: string; model: string; target: string[] }[];
  makes: { make: string; needle: string[] }[];
}
/** The lot's models longest name first ("F-150 Lightning" before "F-150"), tokenised once per vocabulary. */
export function makeVocabulary(makes: string[], models: { make: string; model: string }[]): Vocabulary {
  const byLength = [...models].sort((a, b) => compactTokens(b.model).length - compactTokens(a.model).length || b.model.length - a.model.length);
  const prepared: PreparedVocabulary = {
    models: byLength.map((m) => {
      const needle = compactTokens(m.model);
      // A bare number model ("1500", "2500") counts only next to its make ("ram 1500"), or it would read years and prices.
      const numeric = needle.every((t) => /^\d+$/.test(t));
      return { make: m.make, model: m.model, target: numeric ? [...compactTokens(m.make), ...needle] : needle };
    }),
    makes: [...makes].sort((a, b) => b.length - a.length).map((make) => ({ make, needle: compactTokens(make) })),
  };
  const typoWords = [...new Set([...makes, ...models.map((m) => m.model)].flatMap(compactTokens).filter((w) => /^[a-z]{4,}$/.test(w)))];
  return { makes, models, prepared, typoWords, spellings: new Spellings() };
}

export function parseQuestion(question: string, vocab: Vocabulary): Parsed {
  const q = question.toLowerCase();
  const n = norm(question);
  const tokens = compactTokens(question);
  const topics = new Set<Topic>();
  const slots: Slots = { features: [], refersToContext: false, notBodyTypes: [] };

  // ---- Vehicle facts ----
  for (const [re, body] of BODY_WORDS) {
    const m = re.exec(q);
    if (!m) continue;
    // "not a truck", "no trucks", "anything but a truck", "don't want a pickup": ruled out, not asked for.
    const before = q.slice(Math.max(0, m.index - 24), m.index);
    if (/\b(not|no|don'?t want|do not want|anything but|except|other than|instead of|rather than|without)\s+(an?\s+|the\s+|any\s+)?(big\s+|full[- ]size\s+)?$/.test(before)) { slots.notBodyTypes.push(body); continue; }
    if (!slots.bodyType) slots.bodyType = body;
  }

  // Models first, longest name first ("F-150 Lightning" before "F-150"); the model implies its make.
  const { prepared } = vocab;
  for (const m of prepared.models) {
    if (findSequence(tokens, m.target)) { slots.model = m.model; slots.make = m.make; break; }
  }
  if (!slots.make) {
    for (const make of prepared.makes) {
      if (findSequence(tokens, make.needle)) { slots.make = make.make; break; }
    }
  }
  if (!slots.make) {
    for (const [alias, make] of Object.entries(MAKE_ALIASES)) {
      if (tokens.includes(alias)) {
        if (vocab.makes.some((m) => m.toLowerCase() === make.toLowerCase())) slots.make = vocab.makes.find((m) => m.toLowerCase() === make.toLowerCase())!;
        else slots.unknownMake = make;
        break;
      }
    }
  }
  if (!slots.make && !slots.unknownMake) {
    for (const make of OTHER_MAKES) {
      if (findSequence(tokens, compactTokens(make))) {
        const stocked = vocab.makes.find((m) => m.toLowerCase() === make.toLowerCase());
        if (stocked) slots.make = stocked; else slots.unknownMake = make;
        break;
      }
    }
  }

  // Typos against the live lot's own make and model words, with the listing's pg_trgm-compatible word similarity
  // ("hyndai" → Hyundai, "silverdo" → Silverado): only when nothing was recognised, only for words of 5+ letters
  // sharing their first letter with the correction, so ordinary English words are never "corrected".
  if (!slots.make && !slots.unknownMake) {
    const fixed = correctTypos(tokens, vocab);
    if (fixed) {
      const retry = parseQuestion(fixed.text, vocab);
      if (retry.slots.make) {
        slots.make = retry.slots.make;
        if (retry.slots.model) slots.model = retry.slots.model;
        slots.corrected = { from: fixed.from, to: fixed.to };
      }
    }
  }

  // Years: "2020", "2018 or newer", "newer than 2017", "older than 2015".
  const yearMatch = /\b(19[89]\d|20[0-4]\d)\b/.exec(q);
  if (yearMatch) {
    const y = Number(yearMatch[1]);
    const after = q.slice(yearMatch.index);
    const before = q.slice(0, yearMatch.index);
    if (/^\d{4}\s*(or|and)\s*(newer|later|up|above)|^\d{4}\+/.test(after) || /(newer than|after|since|from)\s*$/.test(before)) {
      slots.yearMin = /newer than|after\s*$/.test(before) ? y + 1 : y;
    } else if (/^\d{4}\s*(or|and)\s*(older|earlier|below)/.test(after) || /(older than|before)\s*$/.test(before)) {
      slots.yearMax = /older than|before\s*$/.test(before) ? y - 1 : y;
    } else {
      slots.year = y;
    }
  }

  // Kilometres: "under 100,000 km", "less than 50k kms".
  const km = new RegExp(String.raw`(?:under|below|less than|max(?:imum)?|up to|no more than|<)\s*${MONEY}\s*(?:km|kms|kilometers|kilometres|mileage)`).exec(n);
  if (km) slots.mileageMax = money(km[1]!, km[2]);
  const ownKm = new RegExp(String.raw`(?:with|has|at|about|around|only)?\s*${MONEY}\s*(?:km|kms|kilometers|kilometres|clicks)\b`).exec(n);
  if (ownKm && !km) slots.ownKm = money(ownKm[1]!, ownKm[2]);
  if (/\b(low (mileage|km|kms|kilometers|kilometres))\b/.test(q) && !slots.mileageMax) slots.sort = 'mileage-asc';

  // Monthly budget: "$400 a month", "400/month", "400 per month", "$150 bi-weekly" (per month only).
  const budget = new RegExp(String.raw`${MONEY}\s*(?:\/\s?mo(?:nth)?|a month|per month|monthly|each month)`).exec(n);
  if (budget) slots.monthlyBudget = money(budget[1]!, budget[2]);

  // Price limits. "under $30k", "below 25,000", "$20k-$30k", "between 20 and 30k", "budget of 25k".
  const between = new RegExp(String.raw`between\s*${MONEY}\s*(?:and|to|-)\s*${MONEY}`).exec(n)
    ?? new RegExp(String.raw`${MONEY}\s*(?:-|to)\s*${MONEY}`).exec(n);
  if (between && !budget) {
    const hiUnit = between[4];
    slots.priceMin = money(between[1]!, between[2] ?? hiUnit);
    slots.priceMax = money(between[3]!, hiUnit);
    if (slots.priceMin < 1000 && slots.priceMax >= 1000) slots.priceMin *= 1000;
    if (slots.priceMin > slots.priceMax) [slots.priceMin, slots.priceMax] = [slots.priceMax, slots.priceMin];
  } else {
    const max = new RegExp(String.raw`(?:under|below|less than|cheaper than|max(?:imum)?|up to|no more than|at most|budget(?: is| of)?|within|<)\s*${MONEY}(?!\s*(?:km|kms|kilomet|\/\s?mo|a month|per month|monthly|down|%|months?|mos\b|years?|yrs?))`).exec(n);
    if (max) slots.priceMax = money(max[1]!, max[2]);
    const min = new RegExp(String.raw`(?:over|above|more than|at least|starting at|>)\s*${MONEY}(?!\s*(?:km|kms|kilomet|\/\s?mo|a month|per month|monthly|down|%|months?|mos\b|years?|yrs?))`).exec(n);
    if (min) slots.priceMin = money(min[1]!, min[2]);
  }
  // A bare small number with k is a price in these questions ("any trucks 40k?"), not a year or km.
  if (slots.priceMax !== undefined && slots.priceMax < 1000) slots.priceMax *= 1000;
  if (slots.priceMin !== undefined && slots.priceMin < 1000) slots.priceMin *= 1000;

  if (/\b(awd|all[- ]wheel)\b/.test(q)) slots.drivetrain = 'AWD';
  else if (/\b(4wd|4x4|four[- ]wheel|4 wheel drive)\b/.test(q)) slots.drivetrain = '4WD';
  else if (/\b(fwd|front[- ]wheel)\b/.test(q)) slots.drivetrain = 'FWD';
  else if (/\b(rwd|rear[- ]wheel)\b/.test(q)) slots.drivetrain = 'RWD';
  if (/\bplug-?in\b|\bphev\b/.test(q)) slots.fuel = 'Plug-in Hybrid';
  else if (/\bhybrids?\b/.test(q)) slots.fuel = 'Hybrid';
  else if (/\b(electric|evs?|battery)\b/.test(q)) slots.fuel = 'Electric';
  else if (/\bdiesels?\b/.test(q)) slots.fuel = 'Diesel';
  if (/\b(manual|stick( shift)?|standard transmission)\b/.test(q)) slots.transmission = 'Manual';
  if (/\b(third|3rd)[- ]row\b|\b(7|8|seven|eight)[- ]?(seat(ers?|s)?|passengers?)\b/.test(q)) slots.features.push('Third Row Seating');
  if (/\bremote start\b/.test(q)) slots.features.push('Remote Start');
  if (/\bheated seats?\b/.test(q)) slots.features.push('Heated Seats');
  if (/\b(sunroof|moonroof)\b/.test(q)) slots.features.push('Sunroof');
  if (/\bapple carplay|carplay|android auto\b/.test(q)) slots.features.push('Apple CarPlay');
  if (/\btow(ing)? (package|hitch)\b/.test(q)) slots.features.push('Tow Package');
  if (/\b(good|great|better|easy|best) (on|with) (gas|fuel)\b|\bfuel[- ]?(efficient|efficiency|economy|sipper|saver)\b|\b(efficient|economical|gas sipper|gas mileage|fuel mileage|mpg|l\/100 ?km|cheap to (run|drive|fill)|save (on )?(gas|fuel)|low fuel|less gas|sips gas)\b/.test(q)) slots.efficient = true;
  if (/\b(commut\w*|drive to work|driving to work|highway driving|long drives?)\b/.test(q)) { slots.commute = true; slots.efficient = true; }
  const seats = /\b(\d|five|six|seven|eight|nine)[- ]?(seats?|seaters?|passengers?|people)\b|\bseats? (\d)\b/.exec(q);
  if (seats) {
    const words: Record<string, number> = { five: 5, six: 6, seven: 7, eight: 8, nine: 9 };
    const raw = seats[1] ?? seats[3]!;
    const n = words[raw] ?? Number(raw);
    if (n >= 2 && n <= 9) slots.seatsMin = n;
  }
  if (slots.seatsMin !== undefined && slots.seatsMin >= 7) slots.features = slots.features.filter((f) => f !== 'Third Row Seating');
  if (/\b(big family|large family|family of (6|7|8|six|seven|eight)|lots of kids)\b/.test(q) && slots.seatsMin === undefined && !slots.features.includes('Third Row Seating')) slots.seatsMin = 7;
  if (/\b(winter|snow|snowy|icy|ice|blizzard|cold weather|mountains?|ski)\b/.test(q) && !slots.drivetrain) slots.winter = true;
  if (/\b(tow|tows|towing|haul|hauling|trailer|camper|boat|fifth wheel|horse trailer|payload)\b/.test(q)) slots.towing = true;
  if (/\b(new driver|first car|first vehicle|teen(ager)?s?|student|beginner|just got (my|her|his|their) licen[cs]e|learner|for my (son|daughter|kid))\b/.test(q)) slots.newDriver = true;
  // The same reading of a store as the listing's search box (domain/search-words.ts).
  const store = storeAskedFor(q);
  if (store) slots.location = store;
  if (/\bcalgary\b/.test(q) && !/\bedmonton\b/.test(q)) slots.city = 'Calgary';
  else if (/\bedmonton\b/.test(q) && !/\bcalgary\b/.test(q)) slots.city = 'Edmonton';
  if (/\b(cheapest|least expensive|lowest price|most affordable)\b/.test(q)) slots.sort = 'price-asc';
  if (/\b(newest|latest model)\b/.test(q)) slots.sort = 'year-desc';
  slots.refersToContext = /\b(this|that) (one|car|truck|suv|vehicle|van)\b|\b(it|this)\b/.test(q) && !slots.model;

  // ---- Payment terms ----
  const down = new RegExp(String.raw`${MONEY}\s*(?:down|deposit|as a down payment)|down payment (?:of|is)?\s*${MONEY}|put(?:ting)?\s*${MONEY}\s*down`).exec(n);
  if (down) {
    const num = down[1] ?? down[3] ?? down[5];
    const unit = down[1] ? down[2] : down[3] ? down[4] : down[6];
    slots.downPayment = money(num!, unit);
  } else if (/\b(no|zero|\$0|0) (money )?down\b/.test(q)) slots.downPayment = 0;
  const apr = /(\d{1,2}(?:\.\d{1,2})?)\s*%/.exec(q);
  if (apr) slots.apr = Number(apr[1]);
  const term = /\b(\d{2})\s*(?:months?|mos?|mo\b)/.exec(q) ?? null;
  const termYears = /\b(\d)\s*(?:years?|yrs?)\b(?! old)/.exec(q);
  if (term) slots.termMonths = Number(term[1]);
  else if (termYears && /\b(over|for|term|loan|finance|financing|payments?)\b/.test(q)) slots.termMonths = Number(termYears[1]) * 12;
  const score = /(?:credit score|score|beacon)\D{0,12}(\d{3})\b/.exec(q) ?? /\b(\d{3})\s*(?:credit score|score)\b/.exec(q);
  if (score) slots.creditScore = Number(score[1]);
  // "payment on a $25,000 car": a money figure that is not a limit, a budget, a down payment or km.
  if (!slots.priceMax && !slots.priceMin) {
    const priceRe = new RegExp(String.raw`(?:on|for|of|price(?:d)? (?:at|of)?|costs?|financing|finance)\s*(?:a|an|the)?\s*${MONEY}(?!\s*(?:km|kms|down|%|\/\s?mo|a month|per month|monthly|months?|years?))`);
    const p = priceRe.exec(n);
    if (p) {
      const v = money(p[1]!, p[2]);
      if (v >= 1000) slots.price = v;
    }
  }

  // Slang budgets: "anything around 40k?", "SUV for 25 grand", "a truck, $30,000": a price ceiling when the
  // question is not about payments, a down payment or kilometres.
  if (slots.priceMax === undefined && slots.priceMin === undefined && slots.monthlyBudget === undefined
    && !/\b(payments?|monthly|a month|per month|bi-?weekly|down|deposit|worth|trade|sell|apr|interest)\b/.test(q)) {
    const bare = new RegExp(String.raw`\$?\s?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s?(k|thousand|grand)\b(?!\s*(?:km|kms|kilomet|clicks|miles))`).exec(n)
      ?? /\$\s?(\d{1,3}(?:,\d{3})+|\d{4,6})\b(?!\s*(?:km|kms|kilomet))/.exec(n);
    if (bare) {
      const v = money(bare[1]!, bare[2]);
      if (v >= 1000) { slots.priceMax = v; delete slots.price; }
    }
  }

  // ---- Topics ----
  const has = (re: RegExp) => re.test(q);
  if (/\b(payments?|monthly|per month|a month|bi-?weekly|\/mo|emi)\b/.test(q.replace(/\bdown payments?\b/g, '')) && !slots.monthlyBudget) topics.add('payment');
  if (slots.monthlyBudget !== undefined || has(/\bwhat can i afford|how much can i (afford|borrow|spend)\b/)) topics.add('afford');
  if (has(/\b(credit|financ\w*|loans?|approv\w*|bankrupt\w*|consumer proposal|co-?signer|new to canada|first[- ]time buyer|interest rates?|apr)\b/)) topics.add('financing');
  if (has(/\btrade[- ]?ins?\b|\btrad(e|ing) (in|my)\b|\bappraisal\b|\bwhat'?s my (car|truck|vehicle) worth\b|\bvalue of my\b/)
    || (has(/\bmy\b/) && has(/\b(worth|value|appraise|appraisal|trade)\b|\b(give|offer|pay) (me )?for my\b/))) topics.add('trade_in');
  if (has(/\bsell (my|our)\b|\bbuy my (car|truck|vehicle)\b|\bdo you buy (cars|vehicles|trucks)\b/)) topics.add('sell');
  if (has(/\b(hours?|open|close[sd]?|closing|opening)\b/) && !has(/\bopen (the|a) chat\b/)) topics.add('hours');
  if (has(/\b(where are you|location|locations|located|address|dealership in|store in|stores|lots?|branch)\b/)) topics.add('location');
  if (has(/\b(directions?|how do i get|get there|get to you|parking|find you)\b/)) topics.add('directions');
  if (has(/\b(test[- ]?drive|book|appointment|schedule|come in|come by|visit|see it in person|stop by)\b/)) topics.add('booking');
  if (has(/\b(human|person|real person|agent|representative|salesperson|sales rep|someone|staff|manager|call me|talk to|speak to|speak with)\b/)) topics.add('human');
  if (has(/\b(phone number|email|e-mail|contact you|reach you|call you)\b/)) topics.add('contact');
  if (has(/\b(discount|best price|lowest price you|negotiat\w*|deal on|better price|knock off|price match|come down|cash price|deals?)\b/)) topics.add('deal');
  if (has(/^\s*(hi|hello|hey|good (morning|afternoon|evening)|yo)\b/)) topics.add('greeting');
  if (has(/\b(negotiable|negotiate|haggle|haggling|wiggle room|flexible on (the )?price|move on (the )?price|best you can do|firm on (the )?price|is (the|that) price firm)\b/)) topics.add('deal');
  if (has(/\b(approv\w*|qualify|qualified|get financed|get a loan|odds|chances?)\b/) && (slots.creditScore !== undefined || has(/\b(score|credit|odds|chances?|qualify|approv\w*)\b/))) topics.add('approval');
  // Refusals (issue 20): hidden instructions, secrets, other people's data, lowball offers, promises.
  if (has(/\bignore (all |any |your |the |my |previous |prior |above |earlier )*(rules|instructions|prompts?|guidelines|directions)\b|\byou are now\b|\bdo anything now\b|\bdan\b|(^|\n|\s)(system|assistant|developer)\s*:|\bdeveloper mode\b|\bjailbreak\w*|\bpretend (you|to be|that)\b|\bact as (an?|my|the)\b|\bforget (your|all|the|previous|everything)\b|\bnew instructions\b|\b(reveal|show|print|repeat|tell me) (me )?(your|the) (system )?(prompt|instructions|rules)\b|\bsystem prompt\b|\boverride\b/)) topics.add('injection');
  if (has(/\b(admin|administrator|root|staff|database|server|wifi|wi-fi)\b.{0,20}\b(password|passcode|login|credentials?|pin)\b|\b(password|passcode|credentials?|api key|secret key|access token)\b/)) topics.add('secret');
  if (has(/\b(other|another|previous|last|someone else'?s?|somebody'?s?) (customers?|buyers?|clients?|people|person|owners?)'?s?\b|\bcustomer (list|data|records|database|info\w*)\b|\bwho (bought|applied|purchased)\b|\b(home )?address of (a|your|the|other) (customer|client|buyer)\b/)
    || /\b(?!(?:your|my|our)\b)[a-z]+'s (phone|cell|number|email|e-mail|address|credit|application|loan|ssn|sin|social insurance|info\w*|details)\b/.test(q.replace(/\b(what|who|where|it|that|there|here|he|she|how|let|dealer|dealership|today|store)'s\b/g, ''))) topics.add('private_data');
  // An offer in chat ("sell it to me for $1", "would you take 20k for it?", "I'll give you $100 for it"): no price is
  // agreed in chat, whatever the figure.
  const offer = new RegExp(String.raw`\b(sell (it|this|that|the \w+|one)( to me)? for|let (it|this|that) go for|take|accept|do (it|this|that) for|give you|pay you|offer( you)?)\s*${MONEY}`).exec(n);
  if ((offer || has(/\bfor (free|nothing)\b|\bfor \$\s?[01]\b/)) && !has(/\b(down|deposit|a month|per month|monthly|bi-?weekly|trade|my|apr|interest|rates?|financ\w*)\b|%/)) topics.add('lowball');
  if (has(/\b(promise|guarantee\w*|swear|in writing|lock in|hold the price|confirm (that )?(i|i'll|i will) (get|be))\b/)) topics.add('promise');
  if (has(/\b(thanks|thank you|cheers|appreciate it)\b/)) topics.add('thanks');

  const vehicleWords = has(/\b(cars?|vehicles?|inventory|in stock|stock|have|got|carry|any|show me|looking for|options|available|selection|models?)\b/);
  const hasVehicleFacts = !!(slots.bodyType || slots.make || slots.unknownMake || slots.model || slots.drivetrain || slots.fuel || slots.transmission
    || slots.features.length || slots.mileageMax || slots.year || slots.yearMin || slots.yearMax || (slots.priceMax && !topics.has('payment'))
    || slots.efficient || slots.seatsMin || slots.winter || slots.towing || slots.newDriver);
  // "What's my truck worth?" is about the shopper's own vehicle, not our stock.
  const ownVehicle = (topics.has('trade_in') || topics.has('sell')) && has(/\bmy\b/);
  if (ownVehicle) return { topics, slots };
  if (hasVehicleFacts && (vehicleWords || slots.model || slots.bodyType || slots.make || slots.unknownMake
    || slots.efficient || slots.seatsMin || slots.winter || slots.towing || slots.newDriver || has(/\b(need|want|looking|something|suggest|recommend)\b/))) topics.add('inventory');
  if (!hasVehicleFacts && vehicleWords && has(/\b(what|which|any|show me|do you have)\b.*\b(cars?|vehicles?|inventory|stock)\b/)) topics.add('inventory');
  return { topics, slots };
}


/** The question's tokens with the one most likely typo replaced by a lot word, or null when none is close. */
export function correctTypos(tokens: string[], vocab: Vocabulary): { text: string; from: string; to: string } | null {
  const candidates = tokens.filter((t) => t.length >= 5 && /^[a-z]+$/.test(t));
  const spellings = vocab.spellings.of(candidates, vocab.typoWords);
  let best: { from: string; to: string; score: number } | null = null;
  for (const [from, options] of spellings) {
    for (const to of options) {
      // The trigram match finds candidates; a typo is also a small edit (a letter dropped, doubled, swapped or
      // wrong): "promise" is near "promaster" by trigrams but three edits away, so it stays a word.
      if (to[0] !== from[0] || editDistance(from, to) > (from.length <= 5 ? 1 : 2)) continue;
      const score = Math.min(wordSimilarity(from, to), wordSimilarity(to, from));
      if (score >= 0.4 && (!best || score > best.score)) best = { from, to, score };
    }
  }
  if (!best) return null;
  return { text: tokens.map((t) => (t === best.from ? best.to : t)).join(' '), from: best.from, to: best.to };
}

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}
