// Real shopper questions for the built-in assistant (issue 6: "at least 40 real shopper questions, with the facts
// each answer must and must not contain"). questions.test.ts asks each on the seeded lot and checks:
//  - `must` / `mustNot`: text (case-insensitive) or patterns the answer must / must not contain;
//  - `vehicles`: every vehicle the answer links must be on the lot, at the price the answer states, and match
//    this filter; `atLeastOne` requires a link whenever the lot has such a vehicle;
//  - `payment`: the monthly figure must equal domain/payment-offer.ts's paymentOffer for the stated terms (GST financed), with the APR,
//    term and down payment written next to it (Alberta's rule);
//  - always: no invented vehicle, no approval claim, no promised deal.
import { DEALERSHIP } from '@domain/settings';

export interface VehicleFilter {
  bodyType?: string;
  make?: string;
  model?: string;
  year?: number;
  priceMax?: number;
  priceMin?: number;
  mileageMax?: number;
  drivetrain?: string;
  fuelIncludes?: string;
  transmission?: string;
  feature?: string;
}

export interface ShopperQuestion {
  question: string;
  /** Earlier turns, oldest first (for follow-ups). */
  history?: { isUser: boolean; text: string }[];
  must?: (string | RegExp)[];
  mustNot?: (string | RegExp)[];
  vehicles?: { filter: VehicleFilter; atLeastOne?: boolean };
  payment?: { price: number; down: number; apr: number; term: number };
  /** Whether the reply should open the booking form (spec §4: mentions appointment, book or schedule). */
  opensBooking?: boolean;
}

const [edmonton, calgary] = DEALERSHIP.addresses;
const PERSON = DEALERSHIP.phone;

export const QUESTIONS: ShopperQuestion[] = [
  // ---- Inventory ----
  { question: 'Any AWD SUVs under $30k?', vehicles: { filter: { bodyType: 'SUV', drivetrain: 'AWD', priceMax: 30_000 }, atLeastOne: true }, must: ['all-in'], opensBooking: false },
  { question: 'do you have a 2020 F-150?', vehicles: { filter: { make: 'Ford', model: 'F-150' } }, must: [/2020 Ford F-150/] , opensBooking: false },
  { question: 'Do you have a Honda Civic?', vehicles: { filter: { make: 'Honda', model: 'Civic' }, atLeastOne: true } },
  { question: 'Got any minivans?', vehicles: { filter: { bodyType: 'Minivan' }, atLeastOne: true } },
  { question: 'Show me trucks under 25,000', vehicles: { filter: { bodyType: 'Truck', priceMax: 25_000 }, atLeastOne: true } },
  { question: 'any 4x4 trucks?', vehicles: { filter: { bodyType: 'Truck', drivetrain: '4WD' }, atLeastOne: true } },
  { question: 'What hybrids do you have?', vehicles: { filter: { fuelIncludes: 'Hybrid' }, atLeastOne: true } },
  { question: 'do you have electric cars?', vehicles: { filter: { fuelIncludes: 'Electric' }, atLeastOne: true } },
  { question: 'any manual cars?', vehicles: { filter: { transmission: 'Manual' }, atLeastOne: true } },
  { question: 'Looking for a sedan between $15,000 and $25,000', vehicles: { filter: { bodyType: 'Sedan', priceMin: 15_000, priceMax: 25_000 }, atLeastOne: true } },
  { question: 'Do you have any Toyota RAV4s?', vehicles: { filter: { make: 'Toyota', model: 'RAV4' }, atLeastOne: true } },
  { question: 'RAM 1500 under 35k', vehicles: { filter: { make: 'RAM', model: '1500', priceMax: 35_000 }, atLeastOne: true } },
  { question: 'I need an SUV with third row seating', vehicles: { filter: { bodyType: 'SUV', feature: 'Third Row Seating' }, atLeastOne: true } },
  { question: 'What is the cheapest truck you have?', vehicles: { filter: { bodyType: 'Truck' }, atLeastOne: true } },
  { question: 'any SUVs with less than 50,000 km?', vehicles: { filter: { bodyType: 'SUV', mileageMax: 50_000 }, atLeastOne: true } },
  { question: 'Do you have a Jeep Wrangler?', vehicles: { filter: { make: 'Jeep', model: 'Wrangler' } } },
  { question: 'Do you have any Porsches?', must: [/don't have any Porsche/i], mustNot: [/\/vehicles\/\d+/] },
  { question: 'Any Lamborghini for under $5,000?', mustNot: [/\/vehicles\/\d+.*Lamborghini/i] },
  { question: 'Do you have a 1985 Ford F-150?', must: [/couldn't find any 1985/i], vehicles: { filter: { make: 'Ford', model: 'F-150' } } },
  { question: 'any trucks under $1,000?', must: [/couldn't find any/i], vehicles: { filter: { bodyType: 'Truck' } } },
  { question: 'What about under 20k?', history: [{ isUser: true, text: 'Got any SUVs?' }, { isUser: false, text: 'Yes — we have SUVs in stock.' }], vehicles: { filter: { bodyType: 'SUV', priceMax: 20_000 }, atLeastOne: true } },
  { question: 'Any Subaru in Calgary?', vehicles: { filter: { make: 'Subaru' } } },

  // ---- Payments (spec §9 loan helper; APR, term and down payment stated) ----
  { question: 'What would my payment be on a $25,000 car with $3,000 down over 72 months?', payment: { price: 25_000, down: 3_000, apr: 8.99, term: 72 }, must: ['8.99% APR', '72 months', '$3,000 down', 'not an approval'] },
  { question: 'monthly payment on a 40k truck at 6.99% for 84 months', payment: { price: 40_000, down: 2_000, apr: 6.99, term: 84 }, must: ['6.99% APR', '84 months', '$2,000 down'] },
  { question: 'what would payments be with a 550 credit score on $20,000', payment: { price: 20_000, down: 2_000, apr: 14.99, term: 84 }, must: ['14.99% APR', 'credit score'] },
  { question: 'Payments on $30,000 with no money down over 60 months at 4.9%?', payment: { price: 30_000, down: 0, apr: 4.9, term: 60 }, must: ['4.9% APR', '60 months', '$0 down'] },
  { question: 'How much is the monthly payment?', must: [/tell me the vehicle/i, '8.99% APR', '84 months', '$2,000 down'], mustNot: [/\/month \(/] },
  { question: 'what can I afford with $400 a month?', must: ['$400/month', '84 months', '8.99% APR', '$2,000 down', '$26,869', 'not an approval'], vehicles: { filter: { priceMax: 26_869 } } },

  // ---- Financing for any credit ----
  { question: 'I have bad credit, can I still get financed?', must: ['every credit situation', '/pre-approval'], mustNot: [/you (are|will be|'re) approved/i, /guarantee/i] },
  { question: 'I went through a bankruptcy last year, will I be approved?', must: [/can't tell you whether you'll be approved/i, '/pre-approval'], mustNot: [/you (are|will be) approved/i, /guaranteed/i] },
  { question: 'Is financing available if I am new to Canada?', must: ['new to Canada', '/pre-approval'] },
  { question: 'What interest rate would I get with a 720 credit score?', must: ['8.99% APR', 'lenders set the real rate'], mustNot: [/you (will|'ll) get/i] },

  // ---- Trade-in and selling ----
  { question: 'Can I trade in my car?', must: ['/trade-appraiser', 'estimated range'], mustNot: [/\/vehicles\/\d+/] },
  { question: "What's my truck worth?", must: ['/trade-appraiser'], mustNot: [/\/vehicles\/\d+/, /\$\d/] },
  { question: 'I want to sell my car, do you buy vehicles?', must: ['/sell-my-vehicle'] },

  // ---- Hours, locations, directions ----
  { question: 'What are your hours?', must: ['Mon-Fri 9 AM–9 PM', 'Sat 9 AM–6 PM', 'Sun 10 AM–5 PM'], opensBooking: false },
  { question: 'are you open on sunday?', must: [/^Yes/, 'Sunday hours (both stores): 10 AM–5 PM'] },
  { question: 'Where are you located?', must: [edmonton!.street, calgary!.street] },
  { question: 'how do I get to your Calgary store?', must: [calgary!.street, calgary!.postalCode, 'maps app'], mustNot: [edmonton!.street] },
  { question: 'What is the address of the Edmonton dealership?', must: [edmonton!.street], mustNot: [calgary!.street] },

  // ---- Booking a test drive (opens the booking form, spec §4) ----
  { question: 'Can I book a test drive?', must: ['booking form', '9 AM to 5 PM'], opensBooking: true },
  { question: "I'd like to schedule an appointment to see the truck", must: ['booking form'], opensBooking: true },

  // ---- A person, deals, anything else ----
  { question: 'I want to talk to a real person', must: [PERSON, DEALERSHIP.email], opensBooking: false },
  { question: 'Can you give me a discount if I pay cash?', must: ['all-in', /can't change a price or promise a discount/i, PERSON], mustNot: [/we can (offer|give) you/i, /guarantee/i] },
  { question: "What's the best price you can do on a truck?", must: [/promise a discount/i], mustNot: [/guarantee/i] },
  { question: 'Do you offer extended warranties?', must: [PERSON], opensBooking: false },
  { question: 'hello', must: [/search our inventory/i], opensBooking: false },
  { question: 'thanks!', must: [/welcome/i] },
];
