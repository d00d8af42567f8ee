// Inventory feeds in (issue 32 part 1): the dealer's DMS or feed provider publishes its inventory as a CSV at a URL;
// the site fetches it on a schedule, maps its columns to ours and applies the difference through the vehicle write
// path. This file holds the API contracts (integrators depend on them: OpenAPI is generated from these schemas) and
// the pure rules both sides use: our field names, the suggested mapping, the photo-URL list, the safety rule.
import { z } from 'zod';
import {
  CERTIFIED_FEATURE, DELIMITER_LABELS, FEED_DELIMITERS, FEED_ENCODINGS, ODOMETER_MILE_HEADERS, ODOMETER_UNITS, SETTABLE_FIELDS, checkSettableValue,
  feedDefaultsSchema, feedTranslationsSchema, isCertifiedCondition, isYes, odometerKm, odometerUnitOfHeader, settledText, type FeedDefaults,
  type FeedTranslations, type OdometerUnit, type SettableField, type ValueSource,
} from './feed-reading';
import { REQUIRED_FOR_CREATE, fieldForHeader, normalizeHeader, parseCell, type ImportField } from './imports';
import type { VinDecodeResult } from './vin-decode';
import { canonicalFeature, splitListCell } from './vehicle-spelling';
import { MAX_PHOTOS_PER_VEHICLE } from './media';

// ---------------------------------------------------------------------------------------------------------------
// Our fields: the column names of our own inventory CSV export (domain/feeds.ts INVENTORY_CSV_COLUMNS), so a feed
// made from our export maps itself, plus what a DMS carries that the export does not (the was-price).

export const FEED_FIELDS = [
  'stock_number', 'vin', 'year', 'make', 'model', 'trim', 'condition', 'price', 'original_price', 'odometer_km',
  'body_style', 'transmission', 'drivetrain', 'engine', 'fuel_type', 'exterior_color', 'interior_color', 'doors',
  'seats', 'features', 'photo_urls', 'description', 'location', 'certified',
] as const;
export type FeedField = (typeof FEED_FIELDS)[number];

/** Our feed field → the vehicle field the import rules parse it as (photo_urls and certified are the feed's own). */
export const FEED_FIELD_TO_IMPORT: Record<Exclude<FeedField, 'photo_urls' | 'certified'>, ImportField> = {
  stock_number: 'stockNumber', vin: 'vin', year: 'year', make: 'make', model: 'model', trim: 'trim', condition: 'condition',
  price: 'price', original_price: 'originalPrice', odometer_km: 'mileage', body_style: 'bodyType', transmission: 'transmission',
  drivetrain: 'drivetrain', engine: 'engine', fuel_type: 'fuelType', exterior_color: 'exteriorColor', interior_color: 'interiorColor',
  doors: 'doors', seats: 'seats', features: 'features', description: 'description', location: 'location',
};

export const FEED_FIELD_LABELS: Record<FeedField, string> = {
  stock_number: 'Stock number', vin: 'VIN', year: 'Year', make: 'Make', model: 'Model', trim: 'Trim', condition: 'New or used',
  price: 'All-in price', original_price: 'Was price', odometer_km: 'Odometer (km)', body_style: 'Body style',
  transmission: 'Transmission', drivetrain: 'Drivetrain', engine: 'Engine', fuel_type: 'Fuel type', exterior_color: 'Exterior colour',
  interior_color: 'Interior colour', doors: 'Doors', seats: 'Seats', features: 'Features', photo_urls: 'Photo URLs',
  description: 'Description', location: 'Store', certified: 'Certified pre-owned',
};

/** A feed must name these columns: a unit is matched by its stock number and VIN (issue 32 "created with the feed's stock number"). */
export const FEED_REQUIRED_FIELDS: readonly FeedField[] = ['stock_number', 'vin'];

/** Headers of photo columns in common DMS exports, normalised (domain/imports.ts normalizeHeader). */
const PHOTO_ALIASES = new Set(['photourls', 'photos', 'photo', 'imageurls', 'imageurl', 'images', 'image', 'imagelist', 'pictures', 'pictureurls', 'photolist', 'mediaurls']);
/** A single rooftop's export names its store by the DMS's dealer id, if at all (translated per feed). */
const DEALER_ID_ALIASES = new Set(['dealerid', 'dealercode', 'dealernumber', 'dealerno', 'rooftopid', 'storeid', 'storecode', 'storenumber', 'locationid', 'locationcode', 'lotcode', 'dealer']);
const CERTIFIED_ALIASES = new Set(['certified', 'cpo', 'iscertified', 'certifiedpreowned', 'certifiedflag']);

/** Columns we recognise and deliberately leave out, with why (shown on the mapping page). */
export const FEED_IGNORED_HEADERS: Record<string, string> = {
  msrp: "MSRP is the maker's suggested price, not the all-in price Alberta requires in an advertisement (AMVIC): it is never shown as the price",
  invoice: 'The dealer\'s cost is never published',
  cost: 'The dealer\'s cost is never published',
  unitcost: 'The dealer\'s cost is never published',
  bookvalue: 'A book value is not an advertised price',
};

/** Why a recognised column is left out, or null (MSRP, cost, book value). */
export const ignoredHeaderReason = (header: string): string | null => FEED_IGNORED_HEADERS[normalizeHeader(header)] ?? null;

/** our field → the feed's column, or null when the feed has none. */
export type FeedMapping = Partial<Record<FeedField, string | null>>;

/** The field a feed header means, if we recognise it ("Stock #", "Model Year", "Internet Price", "Image URLs"…). */
export function feedFieldForHeader(header: string): FeedField | undefined {
  const n = normalizeHeader(header);
  if (PHOTO_ALIASES.has(n)) return 'photo_urls';
  if (DEALER_ID_ALIASES.has(n)) return 'location';
  if (CERTIFIED_ALIASES.has(n)) return 'certified';
  if (ODOMETER_MILE_HEADERS.includes(n)) return 'odometer_km';
  if ((FEED_FIELDS as readonly string[]).includes(header.trim().toLowerCase())) return header.trim().toLowerCase() as FeedField;
  const field = fieldForHeader(header);
  if (!field || field === 'status') return undefined;
  if (field === 'condition' && CERTIFIED_ALIASES.has(n)) return 'certified';
  return (Object.entries(FEED_FIELD_TO_IMPORT) as [FeedField, ImportField][]).find(([, f]) => f === field)?.[0];
}

/** The suggested mapping for a feed's headers: the first column that means a field takes it. */
export function suggestFeedMapping(headers: readonly string[]): FeedMapping {
  const out: FeedMapping = {};
  for (const h of headers) {
    const f = feedFieldForHeader(h);
    if (f && !out[f]) out[f] = h;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// A row as it will be published (issue 54 §1): translations, defaults, miles, lists, and what the VIN decoder fills

/** How one feed reads its rows: its mapping and the settings that make a vendor's export ours. */
export interface FeedReading {
  mapping: FeedMapping;
  defaults: FeedDefaults;
  translations: FeedTranslations;
  /** The feed's setting; null reads the odometer column's header, else kilometres. */
  odometerUnit: OdometerUnit | null;
}

/** The odometer unit a feed's rows are read in. */
export const odometerUnitOf = (r: Pick<FeedReading, 'mapping' | 'odometerUnit'>): OdometerUnit =>
  r.odometerUnit ?? (r.mapping.odometer_km ? odometerUnitOfHeader(r.mapping.odometer_km) : null) ?? 'km';

/** Specifications a row may lack that the VIN decoder gives (issue 54 §1), in the order a row is completed. */
export const DECODABLE_FIELDS = ['year', 'make', 'model', 'body_style', 'transmission', 'fuel_type', 'drivetrain', 'engine', 'doors'] as const;
type DecodableField = (typeof DECODABLE_FIELDS)[number];

function decodedText(field: DecodableField, d: VinDecodeResult): string | null {
  const v = { year: d.year, make: d.make, model: d.model, body_style: d.bodyStyle, transmission: d.transmission, fuel_type: d.fuelType,
    drivetrain: d.drivetrain, engine: d.engine, doors: d.doors }[field];
  return v === null || v === undefined || v === '' ? null : String(v);
}

export interface FeedRecord {
  /** The vehicle field → its text, as the import rules read it (domain/imports.ts rowToInput with FEED_RECORD_MAPPING). */
  record: Partial<Record<ImportField, string>>;
  /** Our feed field → where its value came from. */
  sources: Partial<Record<FeedField, ValueSource>>;
  /** What cannot be read at all (an odometer that is not a number); the import rules judge the rest. */
  errors: string[];
}

const FEED_FIELD_OF_IMPORT = Object.fromEntries(Object.entries(FEED_FIELD_TO_IMPORT).map(([feed, field]) => [field, feed])) as Partial<Record<ImportField, FeedField>>;

/** Fields a new unit needs that the row does not give (after translations and defaults): what the VIN decoder is asked for. */
export function missingDecodable(r: FeedRecord): DecodableField[] {
  return DECODABLE_FIELDS.filter((f) => !r.record[FEED_FIELD_TO_IMPORT[f]]);
}

/**
 * One row of the feed as our fields' text. Locked fields are left out (the dealer keeps them). A decoded VIN fills
 * only what the row lacks, and each such field is marked decoded. Features and "certified" become one list.
 */
export function feedRecord(cells: Record<string, string>, reading: FeedReading, opts: { locked?: ReadonlySet<string>; decoded?: VinDecodeResult | null; knownFeatures?: ReadonlyMap<string, string> } = {}): FeedRecord {
  const out: FeedRecord = { record: {}, sources: {}, errors: [] };
  const locked = opts.locked ?? new Set<string>();
  const take = (field: SettableField) => {
    const col = reading.mapping[field];
    return settledText(field, col ? cells[col] : undefined, reading.defaults, reading.translations);
  };
  let certified = false;
  for (const field of SETTABLE_FIELDS) {
    if (locked.has(field)) continue;
    const { text, source } = take(field);
    if (!source) continue;
    if (field === 'certified') {
      if (isYes(text)) { certified = true; out.sources.certified = source; }
      continue;
    }
    let value = text;
    if (field === 'condition' && isCertifiedCondition(value)) { certified = true; value = 'used'; }
    if (field === 'odometer_km') {
      // A feed's own cells are in its unit; a default or translation is ours, in kilometres.
      const km = odometerKm(value, source === 'feed' ? odometerUnitOf(reading) : 'km');
      if (km === null) { out.errors.push(`${FEED_FIELD_LABELS.odometer_km}: "${value}" is not a number`); continue; }
      value = String(km);
    }
    if (field === 'features') value = splitListCell(value).map((f) => canonicalFeature(f, opts.knownFeatures)).join('|');
    const importField = FEED_FIELD_TO_IMPORT[field];
    out.record[importField] = value;
    out.sources[field] = source;
  }
  if (certified && !locked.has('features')) {
    const list = out.record.features ? out.record.features.split('|') : [];
    if (!list.some((f) => f.toLowerCase() === CERTIFIED_FEATURE.toLowerCase())) list.push(CERTIFIED_FEATURE);
    out.record.features = list.join('|');
    if (!locked.has('condition') && !out.record.condition) { out.record.condition = 'used'; out.sources.condition = out.sources.certified ?? 'feed'; }
  }
  // A new unit's odometer may be blank in the DMS: it has none to speak of (issue 54 §1).
  const condition = out.record.condition ? parseCell('condition', out.record.condition) : null;
  if (!out.record.mileage && !locked.has('odometer_km') && condition?.ok && condition.value === 'new' && !out.errors.length) {
    out.record.mileage = '0';
    out.sources.odometer_km = 'default';
  }
  if (opts.decoded) {
    for (const field of DECODABLE_FIELDS) {
      const importField = FEED_FIELD_TO_IMPORT[field];
      if (out.record[importField] || locked.has(field)) continue;
      const text = decodedText(field, opts.decoded);
      if (text === null) continue;
      out.record[importField] = text;
      out.sources[field] = 'decoded';
    }
    // vPIC rarely knows a transmission; an electric car's is its single-speed automatic.
    const fuel = out.record.fuelType ? parseCell('fuelType', out.record.fuelType) : null;
    if (!out.record.transmission && !locked.has('transmission') && fuel?.ok && fuel.value === 'Electric') {
      out.record.transmission = 'Automatic';
      out.sources.transmission = 'decoded';
    }
  }
  return out;
}

/** The import rules' mapping for a feed record: each vehicle field reads its own key. */
export const FEED_RECORD_MAPPING = Object.fromEntries(Object.values(FEED_FIELD_TO_IMPORT).map((f) => [f, f])) as Record<ImportField, ImportField>;

/**
 * A create's required fields the record still lacks, worded for the run's error list: the VIN decoder was asked and
 * could not give them (issue 54 §1 "fails with that reason").
 */
export function unfilledRequired(r: FeedRecord, decoderTried: boolean): string[] {
  return REQUIRED_FOR_CREATE.filter((f) => f !== 'vin' && !r.record[f]).map((f) => {
    const feedField = FEED_FIELD_OF_IMPORT[f];
    const label = feedField ? FEED_FIELD_LABELS[feedField] : f;
    const decodable = feedField && (DECODABLE_FIELDS as readonly string[]).includes(feedField);
    return decodable && decoderTried ? `${label} is required: the feed does not give it, and the VIN decoder could not` : `${label} is required: the feed does not give it${feedField && feedField !== 'price' ? ' (map its column, or set a default)' : ''}`;
  });
}

/**
 * Photo URLs in one cell: DMS exports separate them with "|", ",", ";" or spaces. Only absolute http(s) URLs count;
 * repeats are dropped and at most the per-vehicle photo limit is kept, cover first.
 */
export function splitPhotoUrls(cell: string): string[] {
  const out: string[] = [];
  for (const part of cell.split(/[|,;\s]+/)) {
    const url = part.trim();
    if (!/^https?:\/\/[^\s]+$/i.test(url) || out.includes(url)) continue;
    out.push(url);
    if (out.length === MAX_PHOTOS_PER_VEHICLE) break;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Safety (issue 32 "Safety"): a run that would take down much of the stock waits for a person.

export const FEED_DEFAULTS = { intervalMinutes: 60, removalThresholdPercent: 30, goneAction: 'sold' } as const;
export const FEED_LIMITS = { intervalMinutesMin: 5, intervalMinutesMax: 7 * 24 * 60, fetchTimeoutMs: 60_000, maxBytes: 20 * 1024 * 1024 } as const;
/** Two failed runs in a row e-mail the dealer. */
export const FEED_FAILURES_BEFORE_NOTICE = 2;

/** Why a run must wait for approval, or null when it may apply by itself. */
export function holdReason(p: { units: number; removals: number; rows: number; lastRows: number | null; thresholdPercent: number }): string | null {
  if (p.units > 0 && p.removals * 100 > p.units * p.thresholdPercent) {
    return `It would remove ${p.removals} of the feed's ${p.units} units (${Math.round((p.removals * 100) / p.units)}%, above the ${p.thresholdPercent}% set for this feed)`;
  }
  if (p.lastRows !== null && p.lastRows > 0 && p.rows * 2 < p.lastRows) {
    return `The feed has ${p.rows} rows, less than half of the ${p.lastRows} it had last time`;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// API contracts

const feedMappingSchema = z.partialRecord(z.enum(FEED_FIELDS, { error: `mapping keys must be our field names: ${FEED_FIELDS.join(', ')}` }),
  z.string().trim().min(1).max(200).nullable());

const httpUrl = z.string().trim().max(2000, 'url is at most 2,000 characters').refine((u) => {
  try {
    const p = new URL(u).protocol;
    return p === 'http:' || p === 'https:';
  } catch { return false; }
}, 'url must be an absolute http:// or https:// address').refine((u) => {
  // issue 56 finding 8: a password in the URL would be stored, shown, audited and e-mailed in clear.
  try {
    const p = new URL(u);
    return p.username === '' && p.password === '';
  } catch { return true; }
}, 'url must not hold a user name or password: use the username and password fields');

export const GONE_ACTIONS = ['sold', 'delete'] as const;
export type GoneAction = (typeof GONE_ACTIONS)[number];

/** How the feed's file is read: its text encoding, its delimiter and its odometer unit (issue 54 §1). */
const readingFields = {
  encoding: z.enum(FEED_ENCODINGS, { error: `Text encoding must be one of ${FEED_ENCODINGS.join(', ')}` }).default('auto'),
  delimiter: z.enum(FEED_DELIMITERS, { error: `Delimiter must be one of ${FEED_DELIMITERS.join(', ')}` }).default('auto'),
  /** null: from the odometer column's header ("Miles", "Mileage (mi)"), else kilometres. */
  odometerUnit: z.enum(ODOMETER_UNITS, { error: 'Odometer unit must be km or mi' }).nullable().default(null),
  defaults: feedDefaultsSchema.default({}),
  translations: feedTranslationsSchema.default({}),
};

/**
 * A default or a translation must give a value its field accepts: "Red Deer" is not a store, "maybe" not a condition.
 * The message names the field and the value, in the mapping page's words.
 */
function checkSettings(v: { defaults: FeedDefaults; translations: FeedTranslations }, ctx: z.RefinementCtx): void {
  const labels = FEED_FIELD_LABELS as Record<string, string>;
  for (const [field, value] of Object.entries(v.defaults) as [SettableField, string][]) {
    if (value === '') continue;
    const problem = checkSettableValue(field, value, labels);
    if (problem) ctx.addIssue({ code: 'custom', path: ['defaults', field], message: `Default for ${problem}` });
  }
  for (const [field, table] of Object.entries(v.translations) as [SettableField, Record<string, string>][]) {
    for (const [from, to] of Object.entries(table)) {
      const problem = checkSettableValue(field, to, labels);
      if (problem) ctx.addIssue({ code: 'custom', path: ['translations', field, from], message: `Translation of "${from}" for ${problem}` });
    }
  }
}

export const feedInputSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(80, 'Name is at most 80 characters'),
  url: httpUrl,
  format: z.enum(['csv'], { error: 'Format must be csv' }).default('csv'),
  intervalMinutes: z.number({ error: 'Check interval must be a number of minutes' }).int('Check interval must be a whole number of minutes')
    .min(FEED_LIMITS.intervalMinutesMin, `Check interval is at least ${FEED_LIMITS.intervalMinutesMin} minutes`)
    .max(FEED_LIMITS.intervalMinutesMax, `Check interval is at most ${FEED_LIMITS.intervalMinutesMax} minutes (a week)`).default(FEED_DEFAULTS.intervalMinutes),
  mapping: feedMappingSchema.optional(),
  /** Basic-auth credentials, stored encrypted (the PII key). Omit the password on an update to keep the stored one. */
  username: z.string().trim().max(200, 'User name is at most 200 characters').nullable().optional(),
  password: z.string().max(200, 'Password is at most 200 characters').nullable().optional(),
  goneAction: z.enum(GONE_ACTIONS, { error: 'A unit gone from the feed is either marked sold or deleted' }).default(FEED_DEFAULTS.goneAction),
  removalThresholdPercent: z.number({ error: 'Hold threshold must be a number' }).int('Hold threshold must be a whole percentage')
    .min(1, 'Hold threshold is at least 1%').max(100, 'Hold threshold is at most 100%').default(FEED_DEFAULTS.removalThresholdPercent),
  enabled: z.boolean().default(true),
  ...readingFields,
}).strict().superRefine(checkSettings);
export type FeedInput = z.infer<typeof feedInputSchema>;

export const feedPreviewBodySchema = z.object({
  url: httpUrl,
  format: z.enum(['csv']).default('csv'),
  username: z.string().trim().max(200).nullable().optional(),
  password: z.string().max(200).nullable().optional(),
  /** An existing feed's stored credentials, when the form does not repeat them. */
  feedId: z.number().int().positive().optional(),
  /** The mapping and settings to preview the rows with; without a mapping, the suggested one. */
  mapping: feedMappingSchema.optional(),
  ...readingFields,
}).strict().superRefine(checkSettings);

const valueSourceSchema = z.enum(['feed', 'translated', 'default', 'decoded']);

export const feedPreviewSchema = z.object({
  headers: z.array(z.string()),
  rows: z.array(z.record(z.string(), z.string())),
  rowCount: z.number().int(),
  suggested: feedMappingSchema,
  fields: z.array(z.object({ field: z.enum(FEED_FIELDS), label: z.string(), required: z.boolean() })),
  /** How the file was read: the encoding and delimiter detected (or set), and the odometer unit in use. */
  encoding: z.enum(['utf-8', 'utf-16le', 'utf-16be', 'windows-1252']),
  delimiter: z.enum(FEED_DELIMITERS),
  odometerUnit: z.enum(ODOMETER_UNITS),
  /** Columns recognised and left out on purpose (MSRP, cost), with why. */
  ignoredColumns: z.array(z.object({ header: z.string(), reason: z.string() })),
  /** The first rows as they would be published: our fields after translations, defaults, units and the VIN decoder. */
  translated: z.array(z.object({
    line: z.number().int(),
    values: z.partialRecord(z.enum(FEED_FIELDS), z.string()),
    sources: z.partialRecord(z.enum(FEED_FIELDS), valueSourceSchema),
    errors: z.array(z.string()),
  })),
  /**
   * Every value of a closed-list field in the whole file (store, condition, body style…), with how many rows hold it
   * and what it becomes: null when nothing we know, so the page asks for a translation.
   */
  values: z.array(z.object({ field: z.enum(SETTABLE_FIELDS), value: z.string(), rows: z.number().int(), becomes: z.string().nullable() })),
  /** Lines with more or fewer cells than the header, and other things to look at before saving. */
  warnings: z.array(z.object({ line: z.number().int().nullable(), message: z.string() })),
});
export type FeedPreview = z.infer<typeof feedPreviewSchema>;

export { DELIMITER_LABELS };

export const RUN_STATUSES = ['running', 'succeeded', 'failed', 'held', 'approved', 'discarded'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

const runMessageSchema = z.object({ line: z.number().int().nullable(), message: z.string() });
export type RunMessage = z.infer<typeof runMessageSchema>;

const diffUnit = z.object({ vehicleId: z.number().int().nullable(), stockNumber: z.string(), title: z.string(), price: z.number().int().nullable() });
export const runDiffSchema = z.object({
  create: z.array(diffUnit),
  /** Units the feed lists again after removing them (absent in runs recorded before). */
  returned: z.array(diffUnit).optional(),
  update: z.array(diffUnit.extend({ changes: z.array(z.string()) })),
  remove: z.array(diffUnit),
});
export type RunDiff = z.infer<typeof runDiffSchema>;

export const feedRunSchema = z.object({
  id: z.number().int(),
  feedId: z.number().int(),
  status: z.enum(RUN_STATUSES),
  trigger: z.enum(['schedule', 'manual']),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  removed: z.number().int(),
  unchanged: z.number().int(),
  /** Units the feed had removed that it lists again: re-listed (issue 54 §2). */
  returned: z.number().int(),
  /** Vehicles kept by hand before that the feed now keeps (matched by VIN and stock number). */
  adopted: z.number().int(),
  /** The feed answered 304 Not Modified: the file is unchanged since the last run. */
  notModified: z.boolean(),
  /** What a running run has done so far; null once it has finished. */
  progress: z.object({ phase: z.enum(['fetching', 'planning', 'photos', 'applying']), rowsRead: z.number().int(), photosFetched: z.number().int(), photosTotal: z.number().int() }).nullable(),
  photosDownloaded: z.number().int(),
  warnings: z.array(runMessageSchema),
  errors: z.array(runMessageSchema),
  /** Why a held run waits, and what it would do (the diff an admin approves). */
  heldReason: z.string().nullable(),
  diff: runDiffSchema.nullable(),
});
export type FeedRun = z.infer<typeof feedRunSchema>;

export const feedSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  format: z.enum(['csv']),
  intervalMinutes: z.number().int(),
  mapping: feedMappingSchema,
  username: z.string().nullable(),
  /** Whether a password is stored; it is never sent back. */
  hasPassword: z.boolean(),
  goneAction: z.enum(GONE_ACTIONS),
  removalThresholdPercent: z.number().int(),
  enabled: z.boolean(),
  encoding: z.enum(FEED_ENCODINGS),
  delimiter: z.enum(FEED_DELIMITERS),
  odometerUnit: z.enum(ODOMETER_UNITS).nullable(),
  defaults: feedDefaultsSchema,
  translations: feedTranslationsSchema,
  units: z.number().int(),
  consecutiveFailures: z.number().int(),
  lastRun: feedRunSchema.nullable(),
  nextRunAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Feed = z.infer<typeof feedSchema>;

export const feedListSchema = z.object({ feeds: z.array(feedSchema) });
export const feedRunListSchema = z.object({ runs: z.array(feedRunSchema) });
export const feedIdParams = z.object({ id: z.coerce.number().int().positive() });
export const feedRunParams = z.object({ id: z.coerce.number().int().positive(), runId: z.coerce.number().int().positive() });

/** Hand edits (issue 32 "Hand edits"): the whole vehicle, or single fields of it, kept from the feed. */
export const feedLockBodySchema = z.object({
  locked: z.union([z.literal('all'), z.array(z.enum(FEED_FIELDS)).max(FEED_FIELDS.length)]),
}).strict();
export const feedLockSchema = z.object({
  vehicleId: z.number().int(), feedId: z.number().int().nullable(), locked: z.union([z.literal('all'), z.array(z.enum(FEED_FIELDS))]),
  /** Fields the feed's row lacked and the VIN decoder gave when the feed created the vehicle (issue 54 §1). */
  decoded: z.array(z.enum(FEED_FIELDS)),
});
export type FeedLock = z.infer<typeof feedLockSchema>;
