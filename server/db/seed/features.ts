// Equipment lists that agree with the vehicle: a 2014 base Corolla does not get ventilated seats and
// adaptive cruise, a Tesla has no block heater or Apple CarPlay, every pickup on an Alberta lot has
// the tow gear buyers ask about. The listing filters, search and descriptions all read these strings.
import type { ModelSpec, Trim } from './catalog';
import type { Rng } from './prng';

/** Every feature the seed uses, in the order a listing shows them (most asked-about first). */
export const FEATURES = [
  'Block Heater', 'Remote Start', 'Heated Seats', 'Heated Steering Wheel', 'Tow Package', 'Trailer Brake Controller',
  'Third Row Seating', 'Apple CarPlay', 'Android Auto', 'Adaptive Cruise Control', 'Autopilot', 'Blind Spot Monitoring',
  'Lane Keep Assist', 'Backup Camera', '360-Degree Camera', 'Navigation', 'Leather Seats', 'Ventilated Seats',
  'Heated Rear Seats', 'Panoramic Roof', 'Sunroof', 'Removable Top', 'Power Liftgate', 'Power Sliding Doors',
  'Rear Entertainment System', 'Bed Liner', 'Tonneau Cover', 'Running Boards', 'Skid Plates', 'Roof Rails',
  'DC Fast Charging', 'Heat Pump', 'Wireless Charging', 'Premium Audio', 'Winter Tires', 'Keyless Entry',
  'Push Button Start', 'Bluetooth',
] as const;
export type Feature = (typeof FEATURES)[number];

const ORDER = new Map<string, number>(FEATURES.map((f, i) => [f, i]));

/** Model year from which a make's infotainment supports phone projection. */
const PHONE_PROJECTION_FROM: Record<string, number> = {
  Toyota: 2020, Lexus: 2020, Mazda: 2019, Nissan: 2018, Honda: 2016, Hyundai: 2016, Chevrolet: 2016, GMC: 2016,
  BMW: 2019, Ford: 2017, RAM: 2017, Jeep: 2017, Dodge: 2017, Chrysler: 2017, Kia: 2017, Subaru: 2017, Audi: 2017,
  'Mercedes-Benz': 2017,
};
/** Makes that fit adaptive cruise and lane keeping to every trim from the given year. */
const SAFETY_SUITE_STANDARD_FROM: Record<string, number> = { Toyota: 2018, Honda: 2019, Subaru: 2020, Lexus: 2016, Mazda: 2021 };

export interface EquipmentInput {
  model: ModelSpec;
  trim: Trim;
  year: number;
  isNew: boolean;
  rng: Rng;
}

export const MIN_FEATURES = 4;
export const MAX_FEATURES = 14;

export function pickFeatures({ model, trim, year, isNew, rng }: EquipmentInput): Feature[] {
  const has = new Set<Feature>();
  const add = (f: Feature, p = 1) => { if (rng.chance(p)) has.add(f); };
  const { make, body, tags, seats } = model;
  const level = trim.level;
  const ev = trim.fuel === 'Electric';
  const truck = tags.includes('truck');
  const premium = tags.includes('premium');
  const suvLike = body === 'SUV' || body === 'Minivan';

  // Winter equipment: block heaters are near universal on Alberta trade-ins (not on EVs, which heat the battery).
  if (!ev) add('Block Heater', truck ? 0.85 : 0.55);
  if (!ev && year >= 2015) add('Remote Start', level >= 1 || truck ? 0.7 : 0.3);
  if (year >= 2016 || level >= 1) add('Heated Seats', 0.92);
  if ((level >= 2 && year >= 2015) || (level >= 1 && year >= 2020)) add('Heated Steering Wheel', 0.75);
  if (level >= 2 && year >= 2016 && (truck || suvLike || premium)) add('Heated Rear Seats', level === 3 ? 0.6 : 0.25);

  // Infotainment and driver assistance follow each make's real roll-out years.
  if (make !== 'Tesla' && year >= (PHONE_PROJECTION_FROM[make] ?? 2017)) {
    add('Apple CarPlay', 0.95);
    if (!(make === 'BMW' && year < 2021)) add('Android Auto', 0.95);
  }
  if (year >= 2018 || level >= 1 || make === 'Tesla') add('Backup Camera', year >= 2018 ? 1 : 0.8);
  if (make === 'Tesla') {
    add('Autopilot');
    add('Adaptive Cruise Control');
    add('Lane Keep Assist');
    add('Blind Spot Monitoring', year >= 2021 ? 1 : 0.5);
    add('Navigation');
    add('Panoramic Roof');
    add('Heat Pump', year >= 2021 ? 1 : 0);
    add('Wireless Charging', year >= 2021 ? 1 : 0);
    add('Premium Audio', level >= 2 ? 1 : 0);
  } else {
    const suite = year >= (SAFETY_SUITE_STANDARD_FROM[make] ?? 9999) || (year >= 2017 && level >= 2) || (year >= 2021 && level >= 1);
    if (suite) {
      add('Adaptive Cruise Control', 0.95);
      add('Lane Keep Assist', 0.9);
    }
    if (year >= 2016) add('Blind Spot Monitoring', level >= 1 ? 0.85 : year >= 2021 ? 0.5 : 0.15);
    if (level >= 2 || premium) add('Navigation', year >= 2016 ? 0.7 : 0.5);
    if (level === 3 && year >= 2016 && (truck || premium || suvLike)) add('360-Degree Camera', 0.7);
    if (level >= 2 && year >= 2018) add('Wireless Charging', 0.7);
    if (level === 3) add('Premium Audio', 0.6);
  }
  if (ev) add('DC Fast Charging');
  if (ev && make !== 'Tesla' && year >= 2022) add('Heat Pump', 0.8);

  // Comfort.
  if (level >= 2 || premium) add('Leather Seats', level === 3 || premium ? 0.9 : 0.6);
  if (level === 3 && year >= 2016 && !ev) add('Ventilated Seats', 0.7);
  const topless = body === 'Convertible' || body === 'Van' || tags.includes('offroad') && (model.model === 'Wrangler' || model.model === 'Bronco');
  if (!topless && make !== 'Tesla') {
    if (level === 3 && (suvLike || premium || ev)) add('Panoramic Roof', 0.7);
    else if (level >= 2) add('Sunroof', truck ? 0.45 : 0.55);
  }
  if (model.model === 'Wrangler' || model.model === 'Bronco') add('Removable Top');

  // Body-specific gear.
  if (truck) {
    add('Tow Package', tags.includes('hd') ? 1 : 0.85);
    if (year >= 2015 && model.model !== 'Maverick') add('Trailer Brake Controller', tags.includes('hd') ? 0.9 : 0.6);
    add('Bed Liner', 0.7);
    add('Tonneau Cover', 0.35);
    add('Running Boards', 0.5);
  } else if (body === 'SUV' && (seats >= 7 || tags.includes('offroad')) && !ev) {
    add('Tow Package', 0.4);
  } else if (body === 'Van') {
    add('Tow Package', 0.3);
  }
  if (tags.includes('offroad') || /TRD|Rubicon|Trail|AT4|Tremor|Raptor|Badlands|Wilderness|PRO-4X|ZR2|Power Wagon/.test(trim.name)) add('Skid Plates', 0.7);
  if (seats >= 7 && suvLike) add('Third Row Seating');
  // Body-on-frame off-roaders open with a swing gate or a drop-down window, not a power liftgate.
  const swingGate = ['Wrangler', 'Bronco', '4Runner'].includes(model.model);
  if (body === 'SUV' && year >= 2015 && level >= 1 && !swingGate) add('Power Liftgate', 0.65);
  if (body === 'SUV') add('Roof Rails', ev ? 0.2 : 0.6);
  if (body === 'Minivan') {
    if (level >= 1) add('Power Liftgate', 0.8);
    if (level >= 1) add('Power Sliding Doors', 0.9);
    if (level === 3) add('Rear Entertainment System', 0.35);
  }

  // Basics.
  if (level >= 1 || year >= 2018) add('Keyless Entry', 0.85);
  if (level >= 1 && year >= 2016) add('Push Button Start', 0.5);
  add('Bluetooth', 0.45);
  // Winter tires come with trade-ins; a new unit would carry them only as an add-on, which the price would show.
  if (!isNew) add('Winter Tires', 0.22);

  let list = [...has].sort((a, b) => ORDER.get(a)! - ORDER.get(b)!);
  if (list.length > MAX_FEATURES) list = list.slice(0, MAX_FEATURES);
  // A listing with fewer than four features reads as incomplete; top up with equipment every such car has.
  for (const filler of ['Bluetooth', 'Backup Camera', 'Keyless Entry', 'Heated Seats'] as const) {
    if (list.length >= MIN_FEATURES) break;
    if (!list.includes(filler) && !(filler === 'Backup Camera' && year < 2014)) list.push(filler);
  }
  if (list.length < MIN_FEATURES && !list.includes('Block Heater') && !ev) list.push('Block Heater');
  return list.sort((a, b) => ORDER.get(a)! - ORDER.get(b)!);
}
