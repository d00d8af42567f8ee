// Reading a DMS export as vendors really write it (issue 54 §1): the bytes in their real encoding, a store the file
// does not name (per-feed defaults), the DMS's own codes for our values (per-field translations), odometers in miles,
// lists in one cell and one spelling per make. Pure rules: the feed service reads the file and the VIN decoder, this
// file decides what each cell means. Everything here is also what the mapping page's preview shows.
import { z } from 'zod';
import { BODY_TYPES, CONDITIONS, DRIVETRAINS, FUEL_TYPES, LOCATIONS, TRANSMISSIONS } from './constants';
import { normalizeHeader, parseCell, type ImportField } from './imports';

// ---------------------------------------------------------------------------------------------------------------
// Encodings: a DMS on Windows writes Windows-1252; most write UTF-8, some with a byte-order mark.

export const FEED_ENCODINGS = ['auto', 'utf-8', 'windows-1252'] as const;
export type FeedEncoding = (typeof FEED_ENCODINGS)[number];
export type DetectedEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/**
 * The text of a feed's bytes. A set encoding wins; otherwise a byte-order mark, then valid UTF-8, else
 * Windows-1252 (a superset of Latin-1 that every byte decodes in, so "Blanc Nacré" reads right from a Windows DMS).
 * A server's `charset=` is not trusted over the bytes: DMS exports are served as UTF-8 whatever they hold.
 */
export function decodeFeedBytes(bytes: Uint8Array, setting: FeedEncoding = 'auto'): { text: string; encoding: DetectedEncoding } {
  if (setting === 'windows-1252') return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  if (setting === 'utf-8') return { text: new TextDecoder('utf-8').decode(bytes), encoding: 'utf-8' };
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8' };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

/** U+FFFD: what a wrong decoding (or the DMS itself) left where a character was. */
export const REPLACEMENT_CHARACTER = '\uFFFD';

// ---------------------------------------------------------------------------------------------------------------
// Delimiters: many DMS exports are ".txt" files with tabs, European ones use semicolons, a few use pipes.

export const FEED_DELIMITERS = ['auto', 'comma', 'semicolon', 'tab', 'pipe'] as const;
export type FeedDelimiter = (typeof FEED_DELIMITERS)[number];
export const DELIMITER_CHARACTERS: Record<Exclude<FeedDelimiter, 'auto'>, string> = { comma: ',', semicolon: ';', tab: '\t', pipe: '|' };
export const DELIMITER_LABELS: Record<FeedDelimiter, string> = { auto: 'Detect', comma: 'Comma', semicolon: 'Semicolon', tab: 'Tab', pipe: 'Pipe (|)' };

/** The delimiter of a header line: the one that splits it most, outside quotes; a comma when none does. */
export function detectDelimiter(text: string): Exclude<FeedDelimiter, 'auto'> {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0]!.replace(/"[^"]*"/g, '');
  let best: Exclude<FeedDelimiter, 'auto'> = 'comma';
  let most = 0;
  for (const [name, ch] of Object.entries(DELIMITER_CHARACTERS) as [Exclude<FeedDelimiter, 'auto'>, string][]) {
    const n = firstLine.split(ch).length - 1;
    if (n > most) { most = n; best = name; }
  }
  return best;
}

// ---------------------------------------------------------------------------------------------------------------
// Odometer units

export const ODOMETER_UNITS = ['km', 'mi'] as const;
export type OdometerUnit = (typeof ODOMETER_UNITS)[number];
/** The international mile, exactly. */
export const KM_PER_MILE = 1.609344;

/** Headers that say miles ("Miles", "Mileage (mi)", "Odometer Miles") or kilometres; null when the header does not say. */
export function odometerUnitOfHeader(header: string): OdometerUnit | null {
  const n = normalizeHeader(header);
  if (/^(miles|mi)$|miles$|(mileage|odometer|odo)mi$|^milesodometer/.test(n)) return 'mi';
  if (/(km|kms|kilometres|kilometers)$|^(km|kms|kilometres|kilometers)/.test(n)) return 'km';
  return null;
}

/** Feed headers for the odometer beyond the import's kilometre names: the miles a US-built DMS writes. */
export const ODOMETER_MILE_HEADERS = ['miles', 'mileagemi', 'odometermi', 'odometermiles', 'milesodometer', 'mileagemiles'];

/** "45,000 mi" → 72420 km; "72,420 km" stays; a bare number is in the feed's unit. null when it is not a number. */
export function odometerKm(cell: string, unit: OdometerUnit): number | null {
  const s = cell.trim().toLowerCase();
  const cellUnit: OdometerUnit = /(mi|miles?)\.?$/.test(s) ? 'mi' : /(km|kms|kilometres?|kilometers?)\.?$/.test(s) ? 'km' : unit;
  const digits = s.replace(/(mi|miles?|km|kms|kilometres?|kilometers?)\.?$/, '').replace(/[\s,]/g, '');
  if (!/^\d+(\.\d+)?$/.test(digits)) return null;
  const n = Number(digits);
  return Math.round(cellUnit === 'mi' ? n * KM_PER_MILE : n);
}

// ---------------------------------------------------------------------------------------------------------------
// Certified pre-owned: our inventory knows new and used; a certified unit is used with the maker's certification,
// which shoppers find as a feature (a field of its own waits for the vehicle-field registry).

export const CERTIFIED_FEATURE = 'Certified Pre-Owned';
/** A "Certified" column's yes ("Y", "Yes", "True", "1", "CPO", "Certified"). */
export const isYes = (s: string) => /^(y|yes|true|1|x|cpo|certified)$/i.test(s.trim());
/** A condition cell that means certified pre-owned ("CPO", "Certified", "Certified: Y", "Certified Pre-Owned"). */
export const isCertifiedCondition = (s: string) => /^(cpo|certified(\s*pre-?owned)?|certified\s*:\s*(y|yes))$/i.test(s.trim());

// ---------------------------------------------------------------------------------------------------------------
// Per-feed defaults and translations (issue 54 §1): a single-store export names no store, a DMS writes its own
// dealer id or "U" for used. Keys are our feed field names (domain/inventory-feeds.ts FEED_FIELDS).

/** Fields a default or a translation may set: a unit's keys and photos are the feed's own. */
export const SETTABLE_FIELDS = [
  'year', 'make', 'model', 'trim', 'condition', 'price', 'original_price', 'odometer_km', 'body_style', 'transmission', 'drivetrain',
  'engine', 'fuel_type', 'exterior_color', 'interior_color', 'doors', 'seats', 'features', 'description', 'location', 'certified',
] as const;
export type SettableField = (typeof SETTABLE_FIELDS)[number];

/** Our feed field → the vehicle field the import rules check it as (certified is read here). */
export const SETTABLE_TO_IMPORT: Record<Exclude<SettableField, 'certified'>, ImportField> = {
  year: 'year', make: 'make', model: 'model', trim: 'trim', condition: 'condition', price: 'price', original_price: 'originalPrice',
  odometer_km: 'mileage', body_style: 'bodyType', transmission: 'transmission', drivetrain: 'drivetrain', engine: 'engine',
  fuel_type: 'fuelType', exterior_color: 'exteriorColor', interior_color: 'interiorColor', doors: 'doors', seats: 'seats',
  features: 'features', description: 'description', location: 'location',
};

export type FeedDefaults = Partial<Record<SettableField, string>>;
export type FeedTranslations = Partial<Record<SettableField, Record<string, string>>>;

/** Our values a translation may give, per field with a closed list: shown as choices on the mapping page. */
export const TRANSLATION_CHOICES = {
  location: LOCATIONS, condition: [...CONDITIONS, 'certified'], certified: ['yes', 'no'], body_style: BODY_TYPES, transmission: TRANSMISSIONS,
  fuel_type: FUEL_TYPES, drivetrain: DRIVETRAINS,
} as const satisfies Partial<Record<SettableField, readonly string[]>>;
export type ClosedField = keyof typeof TRANSLATION_CHOICES;
export const CLOSED_FIELDS = Object.keys(TRANSLATION_CHOICES) as ClosedField[];

/** Whether a value (a default, or a translation's target) is one the field accepts; the message names it when not. */
export function checkSettableValue(field: SettableField, value: string, labels: Record<string, string>): string | null {
  const label = labels[field] ?? field;
  if (value.trim() === '') return `${label}: the value is empty`;
  if (field === 'certified') return /^(yes|no)$/i.test(value.trim()) ? null : `${label}: "${value}" must be yes or no`;
  if (field === 'condition' && isCertifiedCondition(value)) return null;
  if (field === 'odometer_km') return odometerKm(value, 'km') === null ? `${label}: "${value}" is not a number of kilometres` : null;
  const r = parseCell(SETTABLE_TO_IMPORT[field], value);
  return r.ok ? null : `${label}: ${r.message.replace(/^\w+ /, '')}`;
}

const settableKey = z.enum(SETTABLE_FIELDS, { error: `keys must be one of our fields a feed may set: ${SETTABLE_FIELDS.join(', ')}` });
export const feedDefaultsSchema = z.partialRecord(settableKey, z.string().trim().max(500, 'a default is at most 500 characters'));
export const feedTranslationsSchema = z.partialRecord(settableKey,
  z.record(z.string().trim().min(1, 'a translated feed value cannot be empty').max(200), z.string().trim().max(200))
    .refine((r) => Object.keys(r).length <= 200, 'at most 200 translations per field'));

/** How a field's text was found for a row: in the feed, translated from the feed's code, the feed's default, decoded from the VIN. */
export type ValueSource = 'feed' | 'translated' | 'default' | 'decoded';

/** A translation's key as it matches cells: case and surrounding space do not matter ("pmh-edm" is "PMH-EDM"). */
const translationKey = (s: string) => s.trim().toLowerCase();

/**
 * A field's text for one row: the cell, translated when the feed names a translation for its value, else the feed's
 * default when the cell is blank. Returns '' when there is nothing.
 */
export function settledText(field: SettableField, cell: string | undefined, defaults: FeedDefaults, translations: FeedTranslations): { text: string; source: ValueSource | null } {
  const raw = (cell ?? '').trim();
  if (raw !== '') {
    const table = translations[field];
    if (table) {
      const key = translationKey(raw);
      const hit = Object.entries(table).find(([from]) => translationKey(from) === key);
      if (hit) return { text: hit[1], source: 'translated' };
    }
    return { text: raw, source: 'feed' };
  }
  const d = defaults[field]?.trim();
  return d ? { text: d, source: 'default' } : { text: '', source: null };
}
