// Inventory imports (admin issue, "Bulk import", "Fast import", "VIN import"): the contracts of the import API and
// the pure rules both sides use — which dealer-export column means which vehicle field, how a cell's text becomes
// a field value, and the row check, which is the admin vehicle form's ONE schema (domain/vehicle-input.ts) so a row
// the import accepts is exactly a vehicle the form would accept.
import { z } from 'zod';
import { BODY_TYPES, CONDITIONS, DRIVETRAINS, FUEL_TYPES, LOCATIONS, TRANSMISSIONS } from './constants';
import { vehicleInputSchema, type VehicleInput, type VehicleValues } from './vehicle-input';
import { canonicalFeature, canonicalMake, splitListCell } from './vehicle-spelling';
import { mapBodyClass, mapDriveType, mapFuel, mapTransmission, vinDecodeResultSchema } from './vin-decode';
import { csvCell } from './csv';
import { checkVin } from './vin';

// ---------------------------------------------------------------------------------------------------------------
// Limits

/** A dealer's whole inventory export fits comfortably; a bigger upload is a mistake (or an attack). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 10_000;
/** Fast and VIN imports decode every VIN (about 0.1 s each): a lot's worth per request. */
export const DECODE_MAX_VINS = 200;

// ---------------------------------------------------------------------------------------------------------------
// Fields and the dealer-export headers that mean them

export const IMPORT_FIELDS = [
  'vin', 'stockNumber', 'year', 'make', 'model', 'trim', 'price', 'originalPrice', 'mileage', 'bodyType', 'condition',
  'status', 'transmission', 'engine', 'drivetrain', 'fuelType', 'exteriorColor', 'interiorColor', 'doors', 'seats',
  'location', 'description', 'features',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** Column titles of our template, in order; the template's header row. */
export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  vin: 'VIN', stockNumber: 'Stock Number', year: 'Year', make: 'Make', model: 'Model', trim: 'Trim', price: 'Price',
  originalPrice: 'Was Price', mileage: 'Kilometres', bodyType: 'Body Type', condition: 'Condition', status: 'Status',
  transmission: 'Transmission', engine: 'Engine', drivetrain: 'Drivetrain', fuelType: 'Fuel Type',
  exteriorColor: 'Exterior Colour', interiorColor: 'Interior Colour', doors: 'Doors', seats: 'Seats', location: 'Location',
  description: 'Description', features: 'Features',
};

/** Needed to create a vehicle; an update may leave them out (the stored value stays). */
export const REQUIRED_FOR_CREATE: readonly ImportField[] = [
  'vin', 'year', 'make', 'model', 'price', 'mileage', 'bodyType', 'transmission', 'fuelType', 'exteriorColor', 'location',
];

/** Header text reduced to letters and digits, so "Stock #", "stock_no" and "StockNo." compare equal. */
export const normalizeHeader = (h: string) => h.toLowerCase().replace(/#/g, 'number').replace(/[^a-z0-9]/g, '');

/**
 * Headers seen in common dealer-management and listing-site exports (CDK, Reynolds, DealerSocket, vAuto, AutoTrader
 * feeds), normalised. Mileage columns are read as kilometres: Canadian odometers and exports are metric.
 */
const ALIASES: Record<ImportField, string[]> = {
  vin: ['vin', 'vinnumber', 'vehiclevin', 'serialnumber'],
  stockNumber: ['stocknumber', 'stock', 'stockno', 'stocknum', 'stockid', 'unitnumber', 'stk', 'stknumber', 'stkno'],
  year: ['year', 'modelyear', 'yr', 'vehicleyear'],
  make: ['make', 'manufacturer', 'brand', 'vehiclemake'],
  model: ['model', 'modelname', 'vehiclemodel'],
  trim: ['trim', 'series', 'trimlevel', 'style', 'modeltrim'],
  price: ['price', 'internetprice', 'sellingprice', 'saleprice', 'askingprice', 'listprice', 'retailprice', 'advertisedprice', 'webprice', 'specialprice'],
  originalPrice: ['originalprice', 'wasprice', 'regularprice', 'previousprice', 'compareatprice'],
  mileage: ['mileage', 'kilometres', 'kilometers', 'kms', 'km', 'odometer', 'odometerkm', 'odometerreading', 'odo'],
  bodyType: ['bodytype', 'bodystyle', 'body', 'bodyclass', 'vehicletype', 'category'],
  condition: ['condition', 'newused', 'neworused', 'type', 'stocktype', 'inventorytype'],
  status: ['status', 'vehiclestatus', 'inventorystatus'],
  transmission: ['transmission', 'trans', 'transmissiontype', 'gearbox'],
  engine: ['engine', 'enginedescription', 'enginetype', 'motor', 'engdescription'],
  drivetrain: ['drivetrain', 'drivetype', 'drive', 'drivetraintype', 'drivenwheels'],
  fuelType: ['fueltype', 'fuel'],
  exteriorColor: ['exteriorcolor', 'exteriorcolour', 'extcolor', 'extcolour', 'color', 'colour', 'exterior'],
  interiorColor: ['interiorcolor', 'interiorcolour', 'intcolor', 'intcolour', 'interior'],
  doors: ['doors', 'numberofdoors', 'doorcount', 'numdoors'],
  seats: ['seats', 'seating', 'seatingcapacity', 'passengers', 'numberofseats'],
  location: ['location', 'store', 'dealership', 'lot', 'branch', 'city', 'rooftop'],
  description: ['description', 'comments', 'sellernotes', 'notes', 'vehicledescription', 'remarks', 'dealercomments'],
  features: ['features', 'options', 'equipment', 'installedoptions', 'highlights'],
};
const ALIAS_INDEX = new Map<string, ImportField>(
  Object.entries(ALIASES).flatMap(([field, names]) => names.map((n) => [n, field as ImportField] as const)),
);

/** header → field, or '' for a column to ignore. */
export type ColumnMapping = Record<string, ImportField | ''>;

/** The field a header means, if we recognise it. */
export const fieldForHeader = (header: string): ImportField | undefined => ALIAS_INDEX.get(normalizeHeader(header));

/** Recognised headers mapped automatically; the admin's explicit choices win. The first column claiming a field keeps it. */
export function resolveMapping(headers: string[], given: ColumnMapping = {}): ColumnMapping {
  const out: ColumnMapping = {};
  const taken = new Set<ImportField>();
  for (const h of headers) {
    if (h in given) {
      const f = given[h]!;
      out[h] = f && !taken.has(f) ? f : '';
      if (out[h]) taken.add(f as ImportField);
    }
  }
  for (const h of headers) {
    if (h in given) continue;
    const f = fieldForHeader(h);
    out[h] = f && !taken.has(f) ? f : '';
    if (out[h]) taken.add(f!);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Cell text → field values (the vehicle schema then judges them)

type CellResult = { ok: true; value: unknown } | { ok: false; message: string };

const exact = <T extends string>(values: readonly T[], s: string): T | undefined =>
  values.find((v) => v.toLowerCase() === s.toLowerCase());

/** "$24,995", "24 995", "24995.00" → 24995; "132,000 km" → 132000. */
function parseWhole(field: string, s: string): CellResult {
  const t = s.replace(/[$\s,]|km$|kms$|cad$/gi, '');
  if (!/^-?\d+(\.\d+)?$/.test(t)) return { ok: false, message: `${field} must be a number (got "${s}")` };
  const n = Number(t);
  if (!Number.isInteger(n)) {
    // Cents are dropped: prices are whole dollars. Fractional kilometres or doors are a wrong column.
    if (field === 'price' || field === 'originalPrice') return { ok: true, value: Math.round(n) };
    return { ok: false, message: `${field} must be a whole number (got "${s}")` };
  }
  return { ok: true, value: n };
}

function parseEnum(field: string, values: readonly string[], s: string, fallback?: (s: string) => string | null | undefined): CellResult {
  const v = exact(values, s) ?? fallback?.(s);
  return v ? { ok: true, value: v } : { ok: false, message: `${field} must be one of ${values.join(', ')} (got "${s}")` };
}

export function parseCell(field: ImportField, raw: string): CellResult {
  const s = raw.trim();
  switch (field) {
    case 'year': case 'price': case 'originalPrice': case 'mileage': case 'doors': case 'seats':
      return parseWhole(field, s);
    case 'bodyType':
      return parseEnum(field, BODY_TYPES, s, (x) => (/^(suv|sport utility)/i.test(x) ? 'SUV' : mapBodyClass(x)));
    case 'transmission':
      return parseEnum(field, TRANSMISSIONS, s, (x) => (/(^|\W)(a\/t|auto)/i.test(x) ? 'Automatic' : /(^|\W)(m\/t|man|std|stick)/i.test(x) ? 'Manual' : mapTransmission(x)));
    case 'drivetrain':
      return parseEnum(field, DRIVETRAINS, s, (x) => (/^4x2$/i.test(x) ? null : mapDriveType(x)));
    case 'fuelType':
      return parseEnum(field, FUEL_TYPES, s, (x) => (/^gas$|^petrol$|^unleaded/i.test(x) ? 'Gasoline'
        : /^phev$|plug/i.test(x) ? 'Plug-in Hybrid' : /^(ev|bev)$/i.test(x) ? 'Electric' : /^hev$/i.test(x) ? 'Hybrid' : mapFuel(x)));
    case 'condition':
      return parseEnum(field, CONDITIONS, s, (x) => (/^n$/i.test(x) ? 'new' : /^(u|pre-?owned|certified|cpo)/i.test(x) ? 'used' : null));
    case 'status':
      // An import lists dealer stock: "pending" belongs to private listings under review.
      return parseEnum(field, ['available', 'sold'], s, (x) => (/^(in ?stock|active|for sale|live)$/i.test(x) ? 'available' : null));
    case 'location':
      return parseEnum(field, LOCATIONS, s, (x) => (/^e(dm)?$|^yeg$/i.test(x) ? 'Edmonton' : /^c(gy)?$|^yyc$/i.test(x) ? 'Calgary' : null));
    case 'features':
      // "Heated Seats,Remote Start|Apple CarPlay": every separator a DMS uses (issue 54 §1), one spelling each.
      return { ok: true, value: splitListCell(s).map((f) => canonicalFeature(f)) };
    case 'make':
      return { ok: true, value: canonicalMake(s) };
    case 'stockNumber':
      return { ok: true, value: s.toUpperCase() };
    default:
      return { ok: true, value: s };
  }
}

/** Messages of a failed schema check, one per field, in the form's words. */
export function issuesOf(error: z.ZodError): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const i of error.issues) {
    const key = i.path.join('.') || 'row';
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(i.message);
  }
  return out;
}

/** The stored fields of an existing vehicle an update starts from. */
export type ExistingVehicle = Omit<VehicleValues, 'stockNumber'> & { id: number; stockNumber: string; sellerType: 'dealer' | 'private seller' };

/**
 * One CSV record → the vehicle it describes. For an update, blank cells keep the stored value (a file of just VIN
 * and price changes prices); for a create, every required field must be there. The result is checked by the form's
 * schema. A blank stock number on a create is assigned at commit (E… Edmonton, C… Calgary).
 */
export function rowToInput(
  record: Record<string, string>, mapping: ColumnMapping, existing?: ExistingVehicle,
): { values?: VehicleValues; errors: string[] } {
  const errors: string[] = [];
  const cells: Partial<Record<ImportField, unknown>> = {};
  for (const [header, field] of Object.entries(mapping)) {
    if (!field) continue;
    const raw = record[header] ?? '';
    if (raw.trim() === '') continue;
    const r = parseCell(field, raw);
    if (r.ok) cells[field] = r.value;
    else errors.push(r.message);
  }
  if (!existing) {
    for (const f of REQUIRED_FOR_CREATE) {
      if (cells[f] === undefined && !errors.some((e) => e.startsWith(`${f} `))) errors.push(`${f} is required`);
    }
  }
  if (errors.length) return { errors };
  const base: Partial<VehicleInput> = existing ? { ...existing } : {};
  const parsed = vehicleInputSchema.safeParse({ ...base, ...cells });
  if (!parsed.success) return { errors: issuesOf(parsed.error) };
  return { values: parsed.data, errors: [] };
}

// ---------------------------------------------------------------------------------------------------------------
// Template

const TEMPLATE_EXAMPLE: Record<ImportField, string> = {
  vin: '1FTFW1E53MFA00001', stockNumber: 'E24999', year: '2021', make: 'Ford', model: 'F-150', trim: 'XLT', price: '41995',
  originalPrice: '', mileage: '48200', bodyType: 'Truck', condition: 'used', status: 'available', transmission: 'Automatic',
  engine: '5.0L V8', drivetrain: '4WD', fuelType: 'Gasoline', exteriorColor: 'Oxford White', interiorColor: 'Black',
  doors: '4', seats: '5', location: 'Edmonton', description: 'One owner, Alberta truck, winter tires included.',
  features: 'Backup Camera; Heated Seats; Tow Package',
};

/** The downloadable template: our headers and one example row (a blank "Was Price" means "not on sale"). */
export function importTemplateCsv(): string {
  const header = IMPORT_FIELDS.map((f) => csvCell(IMPORT_FIELD_LABELS[f])).join(',');
  const example = IMPORT_FIELDS.map((f) => csvCell(TEMPLATE_EXAMPLE[f])).join(',');
  return `${header}\r\n${example}\r\n`;
}

// ---------------------------------------------------------------------------------------------------------------
// API contracts

export const importModeSchema = z.enum(['all-or-nothing', 'valid-only'], { error: 'mode must be all-or-nothing or valid-only' });
export type ImportMode = z.infer<typeof importModeSchema>;

const mappingSchema = z.record(
  z.string().max(200, 'a column name is at most 200 characters'),
  z.union([z.enum(IMPORT_FIELDS), z.literal('')], { error: `a column maps to one of ${IMPORT_FIELDS.join(', ')} or '' to ignore it` }),
);

export const csvPreviewBodySchema = z.object({
  csv: z.string({ error: 'csv (the file\'s text) is required' }).max(IMPORT_MAX_BYTES, `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB`),
  fileName: z.string().trim().max(200).optional(),
  mapping: mappingSchema.optional(),
});
export type CsvPreviewBody = z.infer<typeof csvPreviewBodySchema>;

export const csvCommitBodySchema = csvPreviewBodySchema.extend({
  mode: importModeSchema,
  /** The preview's token: commit refuses a file or mapping other than the one the admin reviewed. */
  token: z.string().regex(/^[a-f0-9]{64}$/, 'token must be the preview\'s token'),
});
export type CsvCommitBody = z.infer<typeof csvCommitBodySchema>;

export const previewRowSchema = z.object({
  /** Line in the file (the header is line 1). */
  line: z.number().int(),
  action: z.enum(['create', 'update', 'error']),
  vin: z.string(),
  stockNumber: z.string().nullable(),
  /** "2021 Ford F-150 XLT" when the row is readable. */
  title: z.string(),
  price: z.number().int().nullable(),
  mileage: z.number().int().nullable(),
  /** The existing vehicle an update changes. */
  vehicleId: z.number().int().nullable(),
  errors: z.array(z.string()),
  /**
   * What the admin should look at but may import anyway (issue 33 §4): a VIN whose check digit is wrong (a typo, or
   * a grey import or older vehicle that never had one). The page asks before importing such rows.
   */
  warnings: z.array(z.string()),
});
export type PreviewRow = z.infer<typeof previewRowSchema>;

export const importCountsSchema = z.object({
  total: z.number().int(), valid: z.number().int(), invalid: z.number().int(), create: z.number().int(), update: z.number().int(),
  /** Rows with a warning (issue 33 §4). */
  warned: z.number().int(),
});

/** The preview's warning for a VIN whose check digit is wrong, or null (issue 33 §4; domain/vin.ts). */
export function vinWarning(vin: string): string | null {
  const c = checkVin(vin);
  return !c.ok && c.reason === 'check-digit' ? `VIN ${c.vin}: ${c.message.charAt(0).toLowerCase()}${c.message.slice(1)}, so it may be mistyped` : null;
}

export const csvPreviewSchema = z.object({
  token: z.string(),
  headers: z.array(z.string()),
  mapping: z.record(z.string(), z.union([z.enum(IMPORT_FIELDS), z.literal('')])),
  /** Headers we did not recognise and the admin did not map (ignored unless mapped). */
  unmappedHeaders: z.array(z.string()),
  /** Fields a new vehicle needs that no column provides. */
  missingFields: z.array(z.enum(IMPORT_FIELDS)),
  counts: importCountsSchema,
  rows: z.array(previewRowSchema),
});
export type CsvPreview = z.infer<typeof csvPreviewSchema>;

export const importResultSchema = z.object({
  message: z.string(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  vehicleIds: z.array(z.number().int()),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** Lines of the commit's progress stream (application/x-ndjson): progress while writing, then done or error. */
export type ImportProgressLine =
  | { type: 'progress'; done: number; total: number }
  | ({ type: 'done' } & ImportResult)
  | { type: 'error'; message: string };

// --- Fast import: VIN, price, kilometres (and optional stock number) per line, decoded and ready to publish.

const vinText = z.string({ error: 'vin is required' }).trim().max(40, 'vin is at most 40 characters');
export const fastRowSchema = z.object({
  vin: vinText,
  price: z.number({ error: 'price must be a number' }).int('price must be a whole number').min(0).max(2_000_000),
  mileage: z.number({ error: 'mileage must be a number' }).int('mileage must be a whole number').min(0).max(2_000_000),
  stockNumber: z.string().trim().max(20).optional(),
});
export const decodeBodySchema = z.object({
  vins: z.array(vinText, { error: 'vins must be a list' }).min(1, 'Give at least one VIN').max(DECODE_MAX_VINS, `At most ${DECODE_MAX_VINS} VINs at a time`),
});

export const decodedRowSchema = z.object({
  vin: z.string(),
  /** Where the VIN stands: a new vehicle, one we already have, a repeat in the list, or unusable. */
  state: z.enum(['new', 'in-inventory', 'duplicate', 'invalid']),
  message: z.string().nullable(),
  vehicleId: z.number().int().nullable(),
  decoded: vinDecodeResultSchema.nullable(),
});
export type DecodedRow = z.infer<typeof decodedRowSchema>;
export const decodeResultSchema = z.object({ rows: z.array(decodedRowSchema) });

/** Publish (fast import) or save drafts (VIN import): complete vehicles, each checked by the form's schema. */
export const publishBodySchema = z.object({
  source: z.enum(['fast-import', 'vin-import'], { error: 'source must be fast-import or vin-import' }),
  vehicles: z.array(z.unknown(), { error: 'vehicles must be a list' }).min(1, 'Nothing to publish').max(DECODE_MAX_VINS, `At most ${DECODE_MAX_VINS} vehicles at a time`),
});
