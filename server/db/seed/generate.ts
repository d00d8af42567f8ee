// The demo lot as plain data: no database, no files. Every random choice comes from one fixed seed, and
// dates are placed relative to `now`, so the same `now` always yields the same lot (tests and screenshots
// rely on it) while a fresh install still shows recent listings.
import type { BodyType } from '../../../domain/constants';
import type { AmvicDisclosures } from '../../../domain/amvic-disclosure-rules';
import { CATALOG, modelExists, trimsFor, type ModelSpec, type Tag, type Trim } from './catalog';
import {
  INTERIOR_NAMES, PAINT_FAMILY_WEIGHTS, paintFamilies, paintNames, type InteriorFamily, type PaintFamily,
} from './colors';
import { describeVehicle } from './describe';
import { seedDisclosures } from './disclosures';
import { pickFeatures } from './features';
import { photoStorageKey, VIEW_LABELS, type PhotoSpec, type View } from './photos';
import { createRng, type Rng } from './prng';
import { VinFactory } from './vin';

export const DEFAULT_VEHICLE_COUNT = 250;
export const SEED = 0x0a1be27a;

export type SeedRole = 'admin' | 'customer';
export interface SeedUser {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  role: SeedRole;
}

export interface SeedPhoto extends PhotoSpec {
  position: number;
  alt: string;
}

export interface SeedPriceChange {
  previousPrice: number | null;
  price: number;
  changedAt: Date;
  /** Who made the change: the dealership (admin) or the private seller who owns the listing. */
  by: 'admin' | 'owner';
}

export interface SeedVehicle {
  vin: string;
  stockNumber: string;
  year: number;
  make: string;
  model: string;
  trim: string | null;
  price: number;
  originalPrice: number | null;
  mileage: number;
  bodyType: BodyType;
  condition: 'new' | 'used';
  sellerType: 'dealer' | 'private seller';
  status: 'available' | 'sold';
  transmission: string;
  engine: string;
  drivetrain: string;
  fuelType: string;
  exteriorColor: string;
  interiorColor: string;
  doors: number;
  seats: number;
  description: string;
  location: 'Edmonton' | 'Calgary';
  features: string[];
  /** Username of the private seller; null for dealer stock. */
  ownerUsername: string | null;
  createdAt: Date;
  updatedAt: Date;
  soldAt: Date | null;
  photos: SeedPhoto[];
  /** AMVIC's used-sale answers (issue 57 §4): used dealer units only; empty is unanswered. */
  amvicDisclosures: AmvicDisclosures;
  priceHistory: SeedPriceChange[];
}

export interface DemoData {
  users: SeedUser[];
  vehicles: SeedVehicle[];
}

export interface GenerateOptions {
  vehicles?: number;
  now?: Date;
  /** Domain of the dealership's e-mail addresses (the admin account lives there). */
  emailDomain?: string;
}

const DAY = 86_400_000;
const YEAR_MS = 365.25 * DAY;

/** Customers with a documented password, so testers can log in and see "my listings" with real data. */
const CUSTOMERS: Omit<SeedUser, 'role'>[] = [
  { username: 'jordan', email: 'jordan.tremblay@example.ca', firstName: 'Jordan', lastName: 'Tremblay' },
  { username: 'priya', email: 'priya.sharma@example.ca', firstName: 'Priya', lastName: 'Sharma' },
  { username: 'marc', email: 'marc.gagnon@example.ca', firstName: 'Marc', lastName: 'Gagnon' },
  { username: 'aisha', email: 'aisha.mohamed@example.ca', firstName: 'Aisha', lastName: 'Mohamed' },
];
/** Private sellers among the customers, with their share of the private listings (aisha has none). */
const PRIVATE_SELLERS = [
  { username: 'jordan', weight: 5 },
  { username: 'priya', weight: 3 },
  { username: 'marc', weight: 2 },
];

/** Shares of the lot; counts are rounded from these so the mix holds at 250 and at 100,000 vehicles. */
const SHARE = { private: 0.1, onSale: 0.15, sold: 0.032, newUnits: 0.11, nextYearOfNew: 0.3 };

/** Age in model years of used dealer stock: most trade-ins and lease returns are 2 to 6 years old. */
const USED_AGE_WEIGHTS = [5, 11, 14, 14, 13, 11, 9, 7, 5, 4, 3, 2, 1.5, 1];
/** Private sellers mostly sell older vehicles the dealer would wholesale. */
const PRIVATE_AGE_WEIGHTS = [0, 0.5, 1, 3, 5, 7, 9, 10, 10, 9, 8, 6, 5, 4];
const TRIM_LEVEL_WEIGHTS = [2, 4, 3, 1.6];

type Role = 'new' | 'used' | 'private';

export function generateDemoData(opts: GenerateOptions = {}): DemoData {
  const count = opts.vehicles ?? DEFAULT_VEHICLE_COUNT;
  if (!Number.isInteger(count) || count < 0) throw new Error(`vehicles must be a whole number, got ${count}`);
  const now = opts.now ?? new Date();
  const rng = createRng(SEED);
  const users: SeedUser[] = [
    { username: 'admin', email: `admin@${opts.emailDomain ?? 'example.ca'}`, firstName: 'Dana', lastName: 'Kowalski', role: 'admin' },
    ...CUSTOMERS.map((c) => ({ ...c, role: 'customer' as const })),
  ];

  // Roles first, on a shuffled index, so shares are exact instead of drifting with chance.
  const nPrivate = Math.round(count * SHARE.private);
  const nNew = Math.round(count * SHARE.newUnits);
  const roles: Role[] = rng.shuffle([
    ...Array<Role>(nPrivate).fill('private'),
    ...Array<Role>(nNew).fill('new'),
    ...Array<Role>(Math.max(0, count - nPrivate - nNew)).fill('used'),
  ]);

  // Body types by quota too: at 250 vehicles pure chance can leave the lot without a single minivan.
  const bodies = rng.shuffle(bodyQuotas(count));

  const ctx: Context = { rng, now, currentYear: now.getFullYear(), vins: new VinFactory(rng.fork('vin')) };
  const vehicles = roles.map((role, i) => buildVehicle(ctx, role, bodies[i]!));

  applySales(ctx, vehicles, Math.round(count * SHARE.onSale));
  applySold(ctx, vehicles, Math.round(count * SHARE.sold));

  // Listed in intake order, so ids and stock numbers grow with time as they would on a real lot.
  vehicles.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  assignStockNumbers(rng.fork('stock'), vehicles);
  const text = rng.fork('text');
  for (const v of vehicles) {
    v.description = describeVehicle(v, text);
  }
  // A stream of its own, so the answers never shift the rest of the lot.
  const amvic = rng.fork('amvic');
  for (const v of vehicles) {
    if (v.condition === 'used' && v.sellerType === 'dealer') v.amvicDisclosures = seedDisclosures(amvic, v, now);
  }
  return { users, vehicles };
}

interface Context {
  rng: Rng;
  now: Date;
  currentYear: number;
  vins: VinFactory;
}

function pickYear(ctx: Context, role: Role): number {
  const { rng, currentYear } = ctx;
  if (role === 'new') return rng.chance(SHARE.nextYearOfNew) ? currentYear + 1 : currentYear;
  const weights = role === 'private' ? PRIVATE_AGE_WEIGHTS : USED_AGE_WEIGHTS;
  const ages = weights.map((_, i) => i).filter((age) => currentYear - age >= 2013);
  return currentYear - rng.weighted(ages, (age) => weights[age]!);
}

/** How many vehicles of each body type a lot of `count` holds: catalog weights, largest-remainder rounding. */
function bodyQuotas(count: number): BodyType[] {
  const weights = new Map<BodyType, number>();
  for (const m of CATALOG) weights.set(m.body, (weights.get(m.body) ?? 0) + m.weight);
  const total = [...weights.values()].reduce((a, b) => a + b, 0);
  const rows = [...weights].map(([body, w]) => {
    const exact = (count * w) / total;
    return { body, n: Math.floor(exact), rest: exact - Math.floor(exact) };
  });
  let missing = count - rows.reduce((a, r) => a + r.n, 0);
  for (const r of [...rows].sort((a, b) => b.rest - a.rest)) {
    if (missing-- <= 0) break;
    r.n++;
  }
  return rows.flatMap((r) => Array<BodyType>(r.n).fill(r.body));
}

const modelsByYearAndBody = new Map<string, ModelSpec[]>();

function pickModel(ctx: Context, year: number, body: BodyType, role: Role): ModelSpec {
  const key = `${year}/${body}`;
  let candidates = modelsByYearAndBody.get(key);
  if (!candidates) {
    candidates = CATALOG.filter((m) => m.body === body && modelExists(m, year));
    // No such body type that year (say, a convertible for a private 2013 listing): any model of the year will do.
    if (candidates.length === 0) candidates = CATALOG.filter((m) => modelExists(m, year));
    modelsByYearAndBody.set(key, candidates);
  }
  return ctx.rng.weighted(candidates, (m) => {
    // Private sellers rarely list commercial vans or premium SUVs; dealers take those in as trades.
    if (role === 'private' && (m.tags.includes('commercial') || m.tags.includes('premium'))) return m.weight * 0.3;
    return m.weight;
  });
}

function retention(model: ModelSpec, trim: Trim): number {
  const has = (t: Tag) => model.tags.includes(t);
  // Yearly value kept after the first year; Canadian used prices have held up since 2021, pickups best.
  let r = 0.91;
  if (has('truck')) r = 0.925;
  if (has('hd') || has('offroad')) r = 0.93;
  if (has('commercial')) r = 0.895;
  if (has('premium')) r = 0.87;
  if (trim.fuel === 'Electric') r = 0.86;
  if (['Toyota', 'Honda', 'Subaru', 'Lexus'].includes(model.make) && trim.fuel !== 'Electric') r += 0.012;
  if (['Nissan', 'Chrysler', 'Dodge'].includes(model.make)) r -= 0.012;
  return r;
}

/** Dealer prices end in 00 or 95, as on every lot in the province. */
function dealerRound(value: number, rng: Rng): number {
  const p = Math.ceil(value / 100) * 100;
  return rng.chance(0.55) ? p - 5 : p;
}

function buildVehicle(ctx: Context, role: Role, body: BodyType): SeedVehicle {
  const { rng, now, currentYear } = ctx;
  const year = pickYear(ctx, role);
  const model = pickModel(ctx, year, body, role);
  const trim = rng.weighted(trimsFor(model, year), (tr) => TRIM_LEVEL_WEIGHTS[tr.level]!);
  const isNew = role === 'new';
  const location = rng.chance(0.6) ? 'Edmonton' : 'Calgary';

  const family = rng.weighted(paintFamilies(model.make), (f: PaintFamily) => PAINT_FAMILY_WEIGHTS[f]);
  const exteriorColor = rng.pick(paintNames(model.make, family));
  const interior = pickInterior(rng, model, trim);
  const interiorColor = rng.pick(INTERIOR_NAMES[interior]);

  // Mileage from time in service: model years go on sale the autumn before and are driven ~18-24k km a year.
  let mileage: number;
  const inService = Date.UTC(year - 1, 9, 1) + rng.float(0, 240) * DAY;
  const ageYears = Math.max(0.15, (now.getTime() - inService) / YEAR_MS);
  if (isNew) {
    mileage = rng.int(6, 180);
  } else {
    let perYear = 21_000 * Math.exp(0.25 * rng.normal());
    if (model.tags.includes('commercial') || model.tags.includes('hd')) perYear *= 1.25;
    if (model.body === 'Convertible' || model.tags.includes('sport')) perYear *= 0.6; // summer cars
    perYear = Math.min(42_000, Math.max(7_000, perYear));
    mileage = year >= currentYear ? rng.int(1_500, 14_000) : Math.round(ageYears * perYear);
  }

  // Price: MSRP of that model year (about 2.2 % a year less than today), then depreciation by age and km.
  const msrpThen = trim.msrp * Math.pow(1.022, year - currentYear);
  let price: number;
  if (isNew) {
    // All-in price (AMVIC): MSRP plus freight, PDI and dealer fees, sometimes less a dealer discount.
    price = dealerRound(msrpThen + 2_450 - rng.float(0, 0.03) * msrpThen, rng);
  } else {
    const firstYear = 1 - 0.13 * Math.min(1, ageYears);
    let value = msrpThen * firstYear * Math.pow(retention(model, trim), Math.max(0, ageYears - 1));
    const kmDelta = (mileage - ageYears * 20_000) / 1_000;
    value *= Math.min(1.1, Math.max(0.78, 1 - kmDelta * 0.0022));
    value *= Math.exp(0.045 * rng.normal());
    if (role === 'private') {
      // No dealer margin or reconditioning; private sellers ask in round hundreds or five hundreds.
      value *= 0.92;
      price = Math.max(4_500, Math.round(value / 500) * 500);
    } else {
      price = dealerRound(Math.max(7_900, value), rng);
    }
  }

  const createdAt = new Date(now.getTime() - (120 * Math.pow(rng.next(), 1.8) + 0.05) * DAY - rng.int(0, 600) * 60_000);
  const updatedAt = new Date(Math.min(now.getTime(), createdAt.getTime() + rng.float(0, 2) * DAY));
  const vehicle: SeedVehicle = {
    vin: ctx.vins.next(model, year),
    stockNumber: '',
    year,
    make: model.make,
    model: model.model,
    trim: trim.name,
    price,
    originalPrice: null,
    mileage,
    bodyType: model.body,
    condition: isNew ? 'new' : 'used',
    sellerType: role === 'private' ? 'private seller' : 'dealer',
    status: 'available',
    transmission: trim.transmission,
    engine: trim.engine,
    drivetrain: trim.drivetrain,
    fuelType: trim.fuel,
    exteriorColor,
    interiorColor,
    doors: model.doors,
    seats: /Passenger/.test(trim.name) ? 12 : model.seats,
    description: '',
    location,
    features: pickFeatures({ model, trim, year, isNew, rng }),
    ownerUsername: role === 'private' ? rng.weighted(PRIVATE_SELLERS, (s) => s.weight).username : null,
    createdAt,
    updatedAt,
    soldAt: null,
    photos: [],
    amvicDisclosures: {},
    priceHistory: [{ previousPrice: null, price, changedAt: createdAt, by: role === 'private' ? 'owner' : 'admin' }],
  };
  vehicle.photos = pickPhotos(rng, vehicle, family, interior, role);
  return vehicle;
}

function pickInterior(rng: Rng, model: ModelSpec, trim: Trim): InteriorFamily {
  const premium = model.tags.includes('premium') || trim.level === 3;
  const options: [InteriorFamily, number][] = premium
    ? [['black', 50], ['brown', 20], ['beige', 15], ['grey', 10], ['red', model.tags.includes('premium') ? 5 : 0]]
    : model.tags.includes('truck')
      ? [['black', 65], ['grey', 25], ['brown', 10]]
      : [['black', 70], ['grey', 20], ['beige', 10]];
  return rng.weighted(options, ([, w]) => w)[0];
}

const PHOTO_COUNT_WEIGHTS: [number, number][] = [[3, 15], [4, 30], [5, 30], [6, 25]];
/** Dealer photo order: the cover shot, the profile, the back, the cabin, then detail shots. */
const DEALER_VIEWS: View[] = ['front', 'side', 'rear', 'interior', 'cargo', 'wheel'];

function pickPhotos(rng: Rng, v: SeedVehicle, paint: PaintFamily, interior: InteriorFamily, role: Role): SeedPhoto[] {
  // Private sellers post fewer pictures than a dealer's photo booth.
  const n = role === 'private' ? rng.int(3, 4) : rng.weighted(PHOTO_COUNT_WEIGHTS, ([, w]) => w)[0];
  const views = n === 5 && rng.chance(0.5) ? DEALER_VIEWS.filter((view) => view !== 'cargo') : DEALER_VIEWS.slice(0, n);
  // The photos are generated illustrations, and the alt text says so: a screen-reader user should learn
  // what a sighted visitor sees at a glance (and an ad must not pass a drawing off as a photo).
  const title = `Illustration of a ${[v.year, v.make, v.model, v.trim].filter(Boolean).join(' ')}`;
  return views.map((view, position) => ({
    position,
    view,
    body: v.bodyType,
    paint,
    interior,
    storageKey: photoStorageKey(view, v.bodyType, paint, interior),
    alt: view === 'interior'
      ? `${title}, ${VIEW_LABELS.interior} (${v.interiorColor} interior)`
      : view === 'cargo'
        ? `${title} in ${v.exteriorColor}, ${v.bodyType === 'Truck' ? 'truck bed' : VIEW_LABELS.cargo}`
        : `${title} in ${v.exteriorColor}, ${VIEW_LABELS[view]}`,
  }));
}

/** Marks `n` listings that have been up at least a week as reduced: listed higher, dropped later. */
function applySales(ctx: Context, vehicles: SeedVehicle[], n: number): void {
  const { rng, now } = ctx;
  const eligible = rng.shuffle(vehicles.filter((v) => now.getTime() - v.createdAt.getTime() > 7 * DAY));
  for (const v of eligible.slice(0, n)) {
    const original = originalPriceFor(v.price, v.sellerType === 'dealer', rng);
    const listedFor = now.getTime() - v.createdAt.getTime();
    const droppedAt = new Date(v.createdAt.getTime() + Math.max(DAY, listedFor * rng.float(0.35, 0.9)));
    v.originalPrice = original;
    v.priceHistory = [
      { previousPrice: null, price: original, changedAt: v.createdAt, by: v.priceHistory[0]!.by },
      { previousPrice: original, price: v.price, changedAt: droppedAt, by: v.priceHistory[0]!.by },
    ];
    v.updatedAt = droppedAt;
  }
}

/** The price a reduced vehicle was first listed at: 3-12 % above today's, in round figures. */
export function originalPriceFor(price: number, dealer: boolean, rng: Rng): number {
  const step = price >= 15_000 ? 500 : 100;
  for (let attempt = 0; attempt < 20; attempt++) {
    let original = Math.round((price * (1 + rng.float(0.04, 0.11))) / step) * step;
    if (dealer && price % 100 === 95) original -= 5;
    const ratio = original / price - 1;
    if (ratio >= 0.03 && ratio <= 0.12) return original;
  }
  return Math.round(price * 1.06);
}

/** A few vehicles sold recently: they stay in the database (their pages still answer) but leave search. */
function applySold(ctx: Context, vehicles: SeedVehicle[], n: number): void {
  const { rng, now } = ctx;
  const eligible = rng.shuffle(vehicles.filter((v) => v.sellerType === 'dealer' && now.getTime() - v.createdAt.getTime() > 5 * DAY));
  for (const v of eligible.slice(0, n)) {
    const lastChange = Math.max(v.updatedAt.getTime(), v.createdAt.getTime() + DAY);
    v.status = 'sold';
    v.soldAt = new Date(lastChange + (now.getTime() - lastChange) * rng.float(0.2, 0.95));
    v.updatedAt = v.soldAt;
  }
}

/** Dealer stock numbers carry the store's letter (E Edmonton, C Calgary); private listings start with P. */
function assignStockNumbers(rng: Rng, vehicles: SeedVehicle[]): void {
  const next = { E: 24_180, C: 25_040, P: 10_310 };
  for (const v of vehicles) {
    const prefix = v.sellerType === 'private seller' ? 'P' : v.location === 'Edmonton' ? 'E' : 'C';
    next[prefix] += rng.int(1, 3);
    v.stockNumber = `${prefix}${next[prefix]}`;
  }
}
