// Listing descriptions written only from the vehicle's own data. Nothing here may claim what the data does
// not know (no "accident-free", "one owner", "dealer maintained"): an ad that says more than the dealer can
// back up is misleading advertising under Alberta's Consumer Protection Act.
import type { Rng } from './prng';

export interface DescribeInput {
  year: number;
  make: string;
  model: string;
  trim: string | null;
  condition: 'new' | 'used';
  sellerType: 'dealer' | 'private seller';
  mileage: number;
  engine: string;
  drivetrain: string;
  transmission: string;
  fuelType: string;
  exteriorColor: string;
  interiorColor: string;
  seats: number;
  bodyType: string;
  location: string;
  features: string[];
}

const km = new Intl.NumberFormat('en-CA');

const DRIVE: Record<string, string> = {
  '4WD': 'four-wheel drive', AWD: 'all-wheel drive', FWD: 'front-wheel drive', RWD: 'rear-wheel drive',
};

function gearbox(transmission: string, fuel: string): string {
  if (fuel === 'Electric') return 'single-speed direct drive';
  if (transmission === 'CVT') return 'a CVT';
  if (transmission === 'Manual') return 'a manual transmission';
  return 'an automatic transmission';
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

function listOf(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Features worth naming in prose, lower-cased except proper names. */
function prose(feature: string): string {
  return /CarPlay|Android|Autopilot|DC Fast/.test(feature) ? feature : feature.toLowerCase();
}

export function describeVehicle(v: DescribeInput, rng: Rng): string {
  const name = [v.year, v.make, v.model, v.trim].filter(Boolean).join(' ');
  const drive = DRIVE[v.drivetrain] ?? v.drivetrain;
  const power = v.fuelType === 'Electric' ? `${v.engine.toLowerCase()} power` : `the ${v.engine}`;
  const sentences: string[] = [];

  if (v.condition === 'new') {
    sentences.push(`New ${name} in ${v.exteriorColor} with ${power}, ${drive} and ${gearbox(v.transmission, v.fuelType)}.`);
  } else if (v.sellerType === 'private seller') {
    sentences.push(`Private-seller listing: ${name} in ${v.exteriorColor} with ${km.format(v.mileage)} km, ${power}, ${drive} and ${gearbox(v.transmission, v.fuelType)}.`);
  } else {
    sentences.push(rng.chance(0.5)
      ? `This ${name} in ${v.exteriorColor} has ${km.format(v.mileage)} km and pairs ${power} with ${drive} and ${gearbox(v.transmission, v.fuelType)}.`
      : `${name} in ${v.exteriorColor}, ${km.format(v.mileage)} km, with ${power}, ${drive} and ${gearbox(v.transmission, v.fuelType)}.`);
  }

  const named = v.features.filter((f) => f !== 'Bluetooth' && f !== 'Keyless Entry' && f !== 'Push Button Start').slice(0, 4);
  if (named.length >= 2) {
    sentences.push(rng.chance(0.5)
      ? `Equipped with ${listOf(named.map(prose))}.`
      : `Highlights include ${listOf(named.map(prose))}.`);
  }

  const extras: string[] = [];
  if (v.features.includes('Third Row Seating')) {
    extras.push(`Seats ${v.seats} across three rows, with ${article(v.interiorColor)} ${v.interiorColor.toLowerCase()} interior.`);
  }
  else if (v.bodyType === 'Truck' && v.features.includes('Tow Package')) {
    extras.push(`Comes with a tow package${v.features.includes('Trailer Brake Controller') ? ' and a trailer brake controller' : ''}.`);
  }
  else if (v.seats > 0) extras.push(`Seats ${v.seats}, with ${article(v.interiorColor)} ${v.interiorColor.toLowerCase()} interior.`);
  if (v.features.includes('Winter Tires')) extras.push('A set of winter tires is included.');
  extras.push(v.sellerType === 'private seller'
    ? `The vehicle is in ${v.location}; viewings and test drives are arranged with the seller.`
    : `Available to see and test drive at our ${v.location} store.`);

  // Two to four sentences: the summary, usually the equipment, then one or two practical facts.
  const room = rng.int(2, 4) - sentences.length;
  for (let i = 0; i < room && i < extras.length; i++) sentences.push(extras[i === room - 1 ? extras.length - 1 : i]!);
  return sentences.join(' ');
}
