// The demo lot's shape, checked on the pure generator (no database, no files): the distribution rules
// of the foundation issue, data that agrees with itself, and determinism.
import { describe, expect, it } from 'vitest';
import { BODY_TYPES, FUEL_TYPES, LOCATIONS, TRANSMISSIONS } from '../../../domain/constants';
import { checkVin } from '../../../domain/vin';
import { noDisclosuresAnswered, unansweredDisclosures } from '../../../domain/amvic-disclosure-rules';
import { renderPhotoSvg } from './art/scenes';
import { CATALOG } from './catalog';
import { FEATURES, MAX_FEATURES, MIN_FEATURES } from './features';
import { generateDemoData, originalPriceFor, type SeedVehicle } from './generate';
import { VIEWS } from './photos';
import { createRng } from './prng';
import { modelYearCode } from './vin';

const NOW = new Date('2026-11-22T17:00:00Z');
const YEAR = NOW.getFullYear();
const DAY = 86_400_000;
const { users, vehicles } = generateDemoData({ now: NOW, emailDomain: 'prairiemotorhub.ca' });
const share = (pred: (v: SeedVehicle) => boolean, list = vehicles) => list.filter(pred).length / list.length;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

describe('demo lot distribution', () => {
  it('holds about 250 vehicles', () => {
    expect(vehicles).toHaveLength(250);
  });

  it('is mostly trucks and SUVs, with cars, minivans and a few premium and electric units', () => {
    expect(share((v) => v.bodyType === 'Truck' || v.bodyType === 'SUV')).toBeGreaterThan(0.5);
    expect(vehicles.some((v) => v.bodyType === 'Sedan')).toBe(true);
    expect(vehicles.some((v) => v.bodyType === 'Minivan')).toBe(true);
    expect(vehicles.some((v) => v.fuelType === 'Electric')).toBe(true);
    expect(vehicles.some((v) => ['BMW', 'Audi', 'Lexus', 'Mercedes-Benz'].includes(v.make))).toBe(true);
    for (const make of ['Ford', 'RAM', 'Chevrolet', 'GMC', 'Toyota', 'Honda', 'Hyundai', 'Kia', 'Jeep', 'Subaru', 'Nissan', 'Mazda']) {
      expect(vehicles.some((v) => v.make === make), make).toBe(true);
    }
  });

  it('puts 13-17 % on sale, each listed 3-12 % higher first', () => {
    const onSale = vehicles.filter((v) => v.originalPrice !== null);
    expect(onSale.length / vehicles.length).toBeGreaterThanOrEqual(0.13);
    expect(onSale.length / vehicles.length).toBeLessThanOrEqual(0.17);
    for (const v of onSale) {
      expect(v.originalPrice!).toBeGreaterThan(v.price);
      expect(v.originalPrice! / v.price - 1).toBeGreaterThanOrEqual(0.03);
      expect(v.originalPrice! / v.price - 1).toBeLessThanOrEqual(0.12);
      expect(v.priceHistory.map((c) => c.price)).toEqual([v.originalPrice, v.price]);
      expect(v.priceHistory[1]!.previousPrice).toBe(v.originalPrice);
      expect(v.priceHistory[1]!.changedAt.getTime()).toBeGreaterThan(v.createdAt.getTime());
      expect(v.priceHistory[1]!.changedAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
  });

  it('gives every vehicle its first price, recorded when it was listed', () => {
    for (const v of vehicles) {
      expect(v.priceHistory[0]).toMatchObject({ previousPrice: null, changedAt: v.createdAt });
      expect(v.priceHistory.at(-1)!.price).toBe(v.price);
    }
  });

  it('has about 10 % private-seller listings owned by customers, mostly older vehicles', () => {
    const priv = vehicles.filter((v) => v.sellerType === 'private seller');
    expect(priv.length / vehicles.length).toBeGreaterThanOrEqual(0.08);
    expect(priv.length / vehicles.length).toBeLessThanOrEqual(0.12);
    const customers = users.filter((u) => u.role === 'customer').map((u) => u.username);
    for (const v of priv) {
      expect(customers).toContain(v.ownerUsername);
      expect(v.status).toBe('available');
      expect(v.condition).toBe('used');
      expect(v.stockNumber).toMatch(/^P\d+$/);
    }
    const dealer = vehicles.filter((v) => v.sellerType === 'dealer');
    expect(mean(priv.map((v) => v.year))).toBeLessThan(mean(dealer.map((v) => v.year)) - 1);
    expect(dealer.every((v) => v.ownerUsername === null)).toBe(true);
  });

  it('has a few sold vehicles with a sale date', () => {
    const sold = vehicles.filter((v) => v.status === 'sold');
    expect(sold.length).toBeGreaterThanOrEqual(4);
    expect(sold.length).toBeLessThanOrEqual(12);
    for (const v of sold) {
      expect(v.soldAt!.getTime()).toBeGreaterThan(v.createdAt.getTime());
      expect(v.soldAt!.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(v.updatedAt).toEqual(v.soldAt);
    }
    expect(vehicles.filter((v) => v.status !== 'sold').every((v) => v.soldAt === null)).toBe(true);
  });

  it('spans model years 2013 to next year, with a few next-year new units', () => {
    for (const v of vehicles) {
      expect(v.year).toBeGreaterThanOrEqual(2013);
      expect(v.year).toBeLessThanOrEqual(YEAR + 1);
    }
    expect(vehicles.some((v) => v.year === YEAR + 1)).toBe(true);
    expect(vehicles.some((v) => v.year <= 2015)).toBe(true);
  });

  it('keeps new units new: current or next model year, under 200 km', () => {
    const fresh = vehicles.filter((v) => v.condition === 'new');
    expect(fresh.length).toBeGreaterThan(10);
    for (const v of fresh) {
      expect(v.mileage).toBeLessThan(200);
      expect(v.year).toBeGreaterThanOrEqual(YEAR);
      expect(v.sellerType).toBe('dealer');
    }
    for (const v of vehicles.filter((x) => x.condition === 'used')) expect(v.year).toBeLessThanOrEqual(YEAR);
  });

  it('drives used vehicles about 18-24k km a year on average', () => {
    const used = vehicles.filter((v) => v.condition === 'used' && v.year < YEAR - 1);
    const perYear = used.map((v) => v.mileage / (YEAR - v.year + 0.5));
    expect(mean(perYear)).toBeGreaterThan(16_000);
    expect(mean(perYear)).toBeLessThan(26_000);
  });

  it('prices fall with age on average', () => {
    const byAge = (lo: number, hi: number) => mean(vehicles.filter((v) => YEAR - v.year >= lo && YEAR - v.year <= hi).map((v) => v.price));
    expect(byAge(-1, 1)).toBeGreaterThan(byAge(2, 4));
    expect(byAge(2, 4)).toBeGreaterThan(byAge(5, 7));
    expect(byAge(5, 7)).toBeGreaterThan(byAge(8, 13));
    for (const v of vehicles) {
      expect(v.price).toBeGreaterThanOrEqual(4_000);
      expect(v.price).toBeLessThan(150_000);
    }
  });

  it('lists vehicles over the last ~120 days, some aged past 60, updated after created', () => {
    for (const v of vehicles) {
      expect(NOW.getTime() - v.createdAt.getTime()).toBeLessThanOrEqual(121 * DAY);
      expect(v.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(v.updatedAt.getTime()).toBeGreaterThanOrEqual(v.createdAt.getTime());
      expect(v.updatedAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
    expect(share((v) => NOW.getTime() - v.createdAt.getTime() > 60 * DAY)).toBeGreaterThan(0.1);
    expect(share((v) => NOW.getTime() - v.createdAt.getTime() < 14 * DAY)).toBeGreaterThan(0.1);
  });

  it('splits the lot between Edmonton (about 60 %) and Calgary', () => {
    expect(share((v) => v.location === 'Edmonton')).toBeGreaterThan(0.5);
    expect(share((v) => v.location === 'Edmonton')).toBeLessThan(0.7);
    expect(vehicles.every((v) => (LOCATIONS as readonly string[]).includes(v.location))).toBe(true);
  });
});

describe('identifiers', () => {
  it('gives every vehicle a unique VIN with a correct check digit and model-year code', () => {
    expect(new Set(vehicles.map((v) => v.vin)).size).toBe(vehicles.length);
    for (const v of vehicles) {
      expect(checkVin(v.vin), v.vin).toMatchObject({ ok: true });
      expect(v.vin[9]).toBe(modelYearCode(v.year));
    }
  });

  it('maps model years to the VIN year codes', () => {
    expect([2013, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026, 2027].map(modelYearCode).join('')).toBe('DHJKLMNPRSTV');
  });

  it('uses real-looking descriptors: every catalog VIN prefix is made of legal characters', () => {
    for (const m of CATALOG) {
      for (const wmi of m.vin.wmi) expect(wmi, m.model).toMatch(/^[A-HJ-NPR-Z0-9]{3}$/);
      for (const vds of m.vin.vds) expect(vds, m.model).toMatch(/^[A-HJ-NPR-Z0-9]{5}$/);
      expect(m.vin.plants, m.model).toMatch(/^[A-HJ-NPR-Z0-9]+$/);
    }
  });

  it('gives unique stock numbers carrying the store letter', () => {
    expect(new Set(vehicles.map((v) => v.stockNumber)).size).toBe(vehicles.length);
    for (const v of vehicles) {
      const letter = v.sellerType === 'private seller' ? 'P' : v.location === 'Edmonton' ? 'E' : 'C';
      expect(v.stockNumber).toMatch(new RegExp(`^${letter}\\d{5,}$`));
    }
  });
});

describe('vehicle details', () => {
  it('uses the domain vocabularies', () => {
    for (const v of vehicles) {
      expect(BODY_TYPES).toContain(v.bodyType);
      expect(TRANSMISSIONS).toContain(v.transmission);
      expect(FUEL_TYPES).toContain(v.fuelType);
      expect(['AWD', '4WD', 'FWD', 'RWD']).toContain(v.drivetrain);
    }
  });

  it('equips every vehicle with 4-14 known features that fit it', () => {
    for (const v of vehicles) {
      expect(v.features.length).toBeGreaterThanOrEqual(MIN_FEATURES);
      expect(v.features.length).toBeLessThanOrEqual(MAX_FEATURES);
      expect(new Set(v.features).size).toBe(v.features.length);
      for (const f of v.features) expect(FEATURES).toContain(f);
      if (v.bodyType !== 'Truck') expect(v.features).not.toContain('Bed Liner');
      if (v.make === 'Tesla') expect(v.features).not.toContain('Apple CarPlay');
      if (v.fuelType === 'Electric') expect(v.features).not.toContain('Block Heater');
      if (v.features.includes('Third Row Seating')) expect(v.seats).toBeGreaterThanOrEqual(7);
    }
    const trucks = vehicles.filter((v) => v.bodyType === 'Truck');
    expect(share((v) => v.features.includes('Tow Package'), trucks)).toBeGreaterThan(0.6);
  });

  it('describes vehicles in 2-4 sentences without claims the data cannot back', () => {
    for (const v of vehicles) {
      const sentences = v.description.split(/(?<=\.)\s+/);
      expect(sentences.length, v.description).toBeGreaterThanOrEqual(2);
      expect(sentences.length, v.description).toBeLessThanOrEqual(4);
      expect(v.description).toContain(`${v.year} ${v.make} ${v.model}`);
      expect(v.description).not.toMatch(/accident|one.owner|certified|warranty|mint|perfect|clean (title|carfax)/i);
    }
  });

  it('gives every vehicle 3-6 photos, cover first, with alt text', () => {
    for (const v of vehicles) {
      expect(v.photos.length).toBeGreaterThanOrEqual(3);
      expect(v.photos.length).toBeLessThanOrEqual(6);
      expect(v.photos.map((p) => p.position)).toEqual(v.photos.map((_, i) => i));
      expect(v.photos[0]!.view).toBe('front');
      expect(new Set(v.photos.map((p) => p.view)).size).toBe(v.photos.length);
      for (const p of v.photos) {
        expect(VIEWS).toContain(p.view);
        expect(p.storageKey).toMatch(/^stock\/[a-z]+-[a-z]+(-[a-z]+)?$/);
        expect(p.alt).toMatch(new RegExp(`^Illustration of an? ${v.year} ${v.make} ${v.model}`));
      }
    }
    // Shared images: far fewer files than photos.
    const keys = new Set(vehicles.flatMap((v) => v.photos.map((p) => p.storageKey)));
    expect(keys.size).toBeLessThan(vehicles.length);
  });

  it('seeds the admin at the dealership domain and four customers', () => {
    expect(users.filter((u) => u.role === 'admin')).toEqual([expect.objectContaining({ username: 'admin', email: 'admin@prairiemotorhub.ca' })]);
    expect(users.filter((u) => u.role === 'customer').map((u) => u.username)).toEqual(['jordan', 'priya', 'marc', 'aisha']);
  });
});

describe('determinism and scale', () => {
  it("answers AMVIC's used-sale questions as a real lot would: mostly no, some yes and unknown, a few units not yet (issue 57 §4)", () => {
    const used = vehicles.filter((v) => v.condition === 'used' && v.sellerType === 'dealer');
    expect(vehicles.filter((v) => v.condition === 'new' || v.sellerType !== 'dealer').every((v) => Object.keys(v.amvicDisclosures).length === 0)).toBe(true);
    const complete = used.filter((v) => unansweredDisclosures(v.amvicDisclosures).length === 0);
    const none = used.filter((v) => noDisclosuresAnswered(v.amvicDisclosures));
    expect(complete.length / used.length).toBeGreaterThan(0.85);
    expect(none.length).toBeGreaterThan(0);
    expect(none.length / used.length).toBeLessThan(0.05);
    const answers = used.flatMap((v) => Object.values(v.amvicDisclosures));
    const rate = (a: string) => answers.filter((x) => x === a).length / answers.length;
    expect(rate('no')).toBeGreaterThan(0.9);
    expect(rate('yes')).toBeGreaterThan(0.01);
    expect(rate('unknown')).toBeGreaterThan(0.002);
    // A rebuilt title was a salvage title first.
    expect(used.filter((v) => v.amvicDisclosures.rebuilt === 'yes').every((v) => v.amvicDisclosures.salvage === 'yes')).toBe(true);
  });

  it('produces the same lot for the same date', () => {
    expect(generateDemoData({ now: NOW, emailDomain: 'prairiemotorhub.ca' })).toEqual({ users, vehicles });
  });

  it('keeps its shares at benchmark sizes', () => {
    const big = generateDemoData({ vehicles: 20_000, now: NOW }).vehicles;
    expect(big).toHaveLength(20_000);
    expect(new Set(big.map((v) => v.vin)).size).toBe(big.length);
    expect(new Set(big.map((v) => v.stockNumber)).size).toBe(big.length);
    expect(share((v) => v.originalPrice !== null, big)).toBeCloseTo(0.15, 2);
    expect(share((v) => v.sellerType === 'private seller', big)).toBeCloseTo(0.1, 2);
  }, 30_000); // 20,000 generated vehicles: under a second alone, several on a loaded CI machine

  it('rounds original prices to round figures within 3-12 %', () => {
    const rng = createRng(1);
    for (const price of [8_900, 14_995, 23_400, 41_995, 87_500]) {
      for (let i = 0; i < 50; i++) {
        const o = originalPriceFor(price, true, rng);
        expect(o / price - 1).toBeGreaterThanOrEqual(0.03);
        expect(o / price - 1).toBeLessThanOrEqual(0.12);
      }
    }
  });

  it('renders a well-formed SVG for every body type and view', () => {
    for (const body of BODY_TYPES) {
      for (const view of VIEWS) {
        const svg = renderPhotoSvg({ view, body, paint: 'red', interior: 'beige', width: 480, height: 360 });
        expect(svg.startsWith('<svg')).toBe(true);
        expect(/NaN|undefined|Infinity/.exec(svg)?.[0], `${body} ${view}`).toBeUndefined();
      }
    }
  });
});
