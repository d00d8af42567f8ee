// Dealership facts: the one place the site's claims come from (DESIGN.md "Claims come from data").
// A dealer changes these values here; components and structured data read them, never literals.

/** spec §1: opening hours in 24 h local time (America/Edmonton), the same at both stores today. */
const STORE_HOURS = [
  { days: 'Mon-Fri', dayCodes: ['Mo', 'Tu', 'We', 'Th', 'Fr'], opens: '09:00', closes: '21:00' },
  { days: 'Sat', dayCodes: ['Sa'], opens: '09:00', closes: '18:00' },
  { days: 'Sun', dayCodes: ['Su'], opens: '10:00', closes: '17:00' },
] as const;

export const DEALERSHIP = {
  name: 'Prairie Motor Hub',
  shortName: 'Prairie Motor',
  tagline: 'New and used vehicles for Edmonton and Calgary',
  /** AMVIC licence: shown in the footer of every page (Alberta advertising rule). */
  amvicLicence: 'AMVIC Licensed Business B2201847',
  phone: '(780) 555-0142',
  phoneHref: 'tel:+17805550142',
  email: 'sales@prairiemotorhub.ca',
  /**
   * Each store's own phone (for "Prefer to call?" beside one of its vehicles) and opening hours (bookings).
   * `storeCode`: the store's code in its Google Business Profile, which Google's vehicle ads feed names in
   * vehicle_fulfillment (issue 19; case-sensitive, must match the profile exactly: a dealer changes it here).
   * `email`: the store's own mailbox, the Reply-To of every e-mail to a shopper about that store (issue 57): the
   * e-mails come from a no-reply sender, and a reply reaches the people who can answer it.
   */
  addresses: [
    { city: 'Edmonton', street: '10250 Gateway Blvd NW', region: 'AB', postalCode: 'T6E 6A4', phone: '(780) 555-0142', phoneHref: 'tel:+17805550142', email: 'edmonton@prairiemotorhub.ca', hours: STORE_HOURS, storeCode: 'PMH-EDM' },
    { city: 'Calgary', street: '4120 Macleod Trail SE', region: 'AB', postalCode: 'T2G 2R7', phone: '(403) 555-0188', phoneHref: 'tel:+14035550188', email: 'calgary@prairiemotorhub.ca', hours: STORE_HOURS, storeCode: 'PMH-CGY' },
  ],
  /** spec §1 */
  areaServed: ['Edmonton', 'Calgary', 'Red Deer', 'Lethbridge'],
  /** spec §1: hours in 24 h local time (America/Edmonton). Both stores keep them; a store's own list is in `addresses`. */
  hours: STORE_HOURS,
  /** The IANA zone of Alberta's history; today's clock is the rule in domain/alberta-time.ts. */
  timeZone: 'America/Edmonton',
  /** spec §1 calls this a claim: it is shown with its source and count, and only in structured data and the footer. */
  rating: { value: 4.8, count: 127, source: 'Google reviews' },
  social: [
    { name: 'Facebook', url: 'https://www.facebook.com/' },
    { name: 'Instagram', url: 'https://www.instagram.com/' },
    { name: 'YouTube', url: 'https://www.youtube.com/' },
  ],
} as const;

/** Alberta: the advertised price includes every fee except GST (AMVIC all-in pricing). */
export const ALL_IN_PRICE_NOTE = 'All-in price: includes every fee except GST.';
export const GST_RATE = 0.05;

/** The store of a city (a vehicle's `location`); the first store (Edmonton, the main line) when unknown. */
export function storeOf(city?: string | null) {
  return DEALERSHIP.addresses.find((a) => a.city === city) ?? DEALERSHIP.addresses[0];
}

/**
 * spec §9 adds a fixed amount to every bi-weekly payment estimate ("+35"). It is part of each figure we show, so it
 * is disclosed beside each one (Alberta: a payment must match its disclosed terms). A dealer changes it here.
 */
export const PAYMENT_SETTINGS = {
  /** CAD added to each bi-weekly payment estimate (spec §9 default 35). */
  biweeklyCharge: 35,
} as const;

/**
 * Referral program terms (issue 5): the only place the reward is stated; the info page, the referral page and
 * the server's credit all read it. A dealer changes the amount or wording here. Credit is recorded when the
 * friend creates an account with the code; how the reward is paid out is arranged with the dealership.
 */
export const REFERRAL_PROGRAM = {
  /** Whole CAD credited to the referrer per friend who signs up with their code. */
  rewardAmount: 100,
  /** What the amount is, in the words used on the pages. */
  rewardDescription: 'credit toward service or accessories at either of our stores',
} as const;

/**
 * What is and is not open to discussion when buying (issue 20, the assistant's negotiation answer). Advertised
 * prices are all-in (AMVIC) and are not discounted in chat: a chat reply binds the dealer (Moffatt v. Air Canada),
 * so the assistant only says what a person at the store can talk through. A dealer changes these lists here.
 */
export const NEGOTIATION_POLICY = {
  /** Talked through with the sales or finance team, never settled in chat. */
  negotiable: ['your trade-in value', 'your financing terms (down payment, term and lender)', 'optional add-ons such as extended warranties and protection packages'],
  /** Not changed in chat. */
  fixed: ['the advertised all-in price (discounts are never promised in chat)'],
} as const;
