// What an admin enters to create or edit a dealer vehicle (issue 4, "Add/edit form"): ONE schema the server's
// POST /api/admin/vehicles and PUT/PATCH /api/admin/vehicles/:id validate with and the client form resolves with,
// so a rule (a was-price above the price, a 17-character VIN, a year range) is written once and the admin sees
// the same message the API would answer. Every field of the vehicles table an admin decides is here; id, seller
// type, owner, search text and timestamps are the system's.
import { z } from 'zod';
import { BODY_TYPES, CONDITIONS, DRIVETRAINS, FUEL_TYPES, LOCATIONS, TRANSMISSIONS, VEHICLE_STATUSES } from './constants';
import { amvicDisclosuresSchema } from './amvic-disclosures';
import { priceChangeSchema, vehicleDetailSchema } from './vehicle';
import { normalizeVin, VIN_PATTERN } from './vin';

export const VEHICLE_YEAR_MIN = 1980; // the vehicles table's check constraint
/** Next year's models go on sale in the summer; the year after is a typo. */
export const vehicleYearMax = (now: Date = new Date()) => now.getFullYear() + 1;
export const VEHICLE_PRICE_MAX = 2_000_000;
export const VEHICLE_MILEAGE_MAX = 2_000_000;
export const VEHICLE_FEATURES_MAX = 60;
export const VEHICLE_DESCRIPTION_MAX = 5000;
/** Stock numbers are short codes printed on the windshield sticker: letters, digits and dashes. */
export const STOCK_NUMBER_PATTERN = /^[A-Z0-9][A-Z0-9-]{0,19}$/;

const noNul = (s: string) => !s.includes('\u0000');
const text = (field: string, max: number) =>
  z.string({ error: `${field} is required` }).trim().min(1, `${field} is required`).max(max, `${field} is at most ${max} characters`)
    .refine(noNul, `${field} contains a NUL character`);
const optionalText = (field: string, max: number) =>
  z.string({ error: `${field} must be text` }).trim().max(max, `${field} is at most ${max} characters`).refine(noNul, `${field} contains a NUL character`)
    .nullable().optional().transform((s) => s || null);
const whole = (field: string, min: number, max: number) =>
  z.number({ error: `${field} must be a number` }).int(`${field} must be a whole number`)
    .min(min, `${field} must be at least ${min.toLocaleString('en-CA')}`).max(max, `${field} is at most ${max.toLocaleString('en-CA')}`);
const oneOf = <T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.enum(values, { error: `${field} must be one of ${values.join(', ')}` });

/**
 * The VIN's shape is an error (the table only stores 17 VIN characters); its check digit is NOT: grey imports and
 * some older vehicles fail it, so the form shows a warning (domain/vin.ts checkVin) and the admin decides.
 */
export const adminVinSchema = z.string({ error: 'vin is required' })
  .transform(normalizeVin)
  .refine((v) => v.length === 17, 'vin must have exactly 17 characters')
  .refine((v) => v.length !== 17 || VIN_PATTERN.test(v), 'vin may use only digits and capital letters other than I, O and Q');

/** Every field with its rule and no default: PATCH takes any subset of these, and a missing field stays as stored. */
const vehicleFields = {
  vin: adminVinSchema,
  /** Blank: the server assigns the next number of the store (E… Edmonton, C… Calgary), as the seed does. */
  stockNumber: z.string({ error: 'stockNumber must be text' }).trim().toUpperCase()
    .refine((s) => s === '' || STOCK_NUMBER_PATTERN.test(s), 'stockNumber uses letters, digits and dashes, at most 20')
    .nullable().optional().transform((s) => s || null),
  year: z.number({ error: 'year must be a number' }).int('year must be a whole number')
    .min(VEHICLE_YEAR_MIN, `year must be ${VEHICLE_YEAR_MIN} or later`)
    .refine((y) => y <= vehicleYearMax(), 'year cannot be later than next year'),
  make: text('make', 40),
  model: text('model', 60),
  trim: optionalText('trim', 60),
  /** AMVIC: the all-in advertised price, every fee except GST, in whole dollars. */
  price: whole('price', 0, VEHICLE_PRICE_MAX),
  /** The "was" price of a sale; must be above the price (the table's check) or empty. */
  originalPrice: whole('originalPrice', 1, VEHICLE_PRICE_MAX).nullable().optional().transform((v) => v ?? null),
  mileage: whole('mileage', 0, VEHICLE_MILEAGE_MAX),
  bodyType: oneOf('bodyType', BODY_TYPES),
  condition: oneOf('condition', CONDITIONS),
  /** pending belongs to private listings under review; a dealer vehicle is available or sold. */
  status: oneOf('status', VEHICLE_STATUSES),
  transmission: oneOf('transmission', TRANSMISSIONS),
  engine: optionalText('engine', 80),
  drivetrain: oneOf('drivetrain', DRIVETRAINS).nullable().optional().transform((v) => v ?? null),
  fuelType: oneOf('fuelType', FUEL_TYPES),
  exteriorColor: text('exteriorColor', 40),
  interiorColor: optionalText('interiorColor', 40),
  doors: whole('doors', 1, 9).nullable().optional().transform((v) => v ?? null),
  seats: whole('seats', 1, 15).nullable().optional().transform((v) => v ?? null),
  location: oneOf('location', LOCATIONS),
  description: z.string({ error: 'description must be text' }).trim()
    .max(VEHICLE_DESCRIPTION_MAX, `description is at most ${VEHICLE_DESCRIPTION_MAX} characters`).refine(noNul, 'description contains a NUL character'),
  features: z.array(z.string({ error: 'a feature must be text' }).trim().min(1, 'a feature cannot be empty').max(60, 'a feature is at most 60 characters'), { error: 'features must be a list' })
    .max(VEHICLE_FEATURES_MAX, `features has at most ${VEHICLE_FEATURES_MAX} entries`)
    .transform((list) => [...new Set(list)]),
  /** AMVIC's used-sale disclosures (issue 34 §5): the items answered; one left out stays unanswered. */
  amvicDisclosures: amvicDisclosuresSchema,
};

export const ORIGINAL_PRICE_MESSAGE = 'originalPrice (the was-price) must be above the price, or empty when not on sale';
/** The table's check (original_price > price), as a rule the form shows next to the field. */
export const originalPriceOk = (price: number, originalPrice: number | null | undefined) =>
  originalPrice === null || originalPrice === undefined || originalPrice > price;

export const vehicleInputSchema = z.object({
  ...vehicleFields,
  condition: vehicleFields.condition.default('used'),
  status: vehicleFields.status.default('available'),
  description: vehicleFields.description.default(''),
  features: vehicleFields.features.default([]),
  amvicDisclosures: vehicleFields.amvicDisclosures.default({}),
}).superRefine((v, ctx) => {
  if (!originalPriceOk(v.price, v.originalPrice)) ctx.addIssue({ code: 'custom', path: ['originalPrice'], message: ORIGINAL_PRICE_MESSAGE });
});
/** What the form holds and the API accepts (optional fields may be left out). */
export type VehicleInput = z.input<typeof vehicleInputSchema>;
/** What the server stores after parsing (blanks are null, defaults applied). */
export type VehicleValues = z.output<typeof vehicleInputSchema>;

/** PATCH: any subset of the fields, each checked by the same rules (the was-price check runs on the merged row). */
export const vehiclePatchSchema = z.object(vehicleFields).partial()
  .refine((v) => Object.keys(v).length > 0, 'Send at least one field to change');
export type VehiclePatch = z.output<typeof vehiclePatchSchema>;

/** The admin's view of one vehicle: the public fields plus its price history and stock number (edit form). */
export const adminVehicleSchema = vehicleDetailSchema.extend({
  priceHistory: z.array(priceChangeSchema.extend({ changedBy: z.string().nullable() })),
  ownerId: z.number().int().nullable(),
});
export type AdminVehicle = z.infer<typeof adminVehicleSchema>;

export const vehicleSavedSchema = z.object({ message: z.string(), vehicle: adminVehicleSchema });
export type VehicleSaved = z.infer<typeof vehicleSavedSchema>;

/** The blank form (add vehicle): every field present so react-hook-form tracks it as controlled. */
export const emptyVehicleInput = (): VehicleInput => ({
  vin: '', stockNumber: '', year: new Date().getFullYear(), make: '', model: '', trim: '', price: 0, originalPrice: null,
  mileage: 0, bodyType: 'SUV', condition: 'used', status: 'available', transmission: 'Automatic', engine: '',
  drivetrain: null, fuelType: 'Gasoline', exteriorColor: '', interiorColor: '', doors: null, seats: null,
  location: 'Edmonton', description: '', features: [], amvicDisclosures: {},
});
