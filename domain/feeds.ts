// Vehicle feeds (issue 19 "Google vehicle ads feed for Canada" and "Marketplace inventory export"): which vehicles
// go out, with which attributes, in which format. One source of truth for the server that writes the feeds
// (server/modules/feeds), the back office that shows their status, and the tests that check every item.
//
// Google's vehicle ads specification, as read on 2026-11-26 (cited per attribute below):
// - primary feed and its attribute list: https://support.google.com/merchants/answer/11192663
// - vehicle_all_in_price (Canada only; "57267.00 CAD"): https://support.google.com/merchants/answer/14156981
// - vehicle_price_type = all_in_price (Canada): https://support.google.com/merchants/answer/14592783
// - vehicle_fulfillment (group: option in_store + store_code): https://support.google.com/merchants/answer/14154094
// - mileage (integer + unit, "121000 KM"; km, Km or KM): https://support.google.com/merchants/answer/14156166
// - engine (the power source: gasoline, diesel, electric, hybrid, plug-in_hybrid…): https://support.google.com/merchants/answer/14156068
// - body_style (suv, truck, sedan, hatchback, coupe, minivan, station_wagon, convertible, full_size_van…):
//   https://support.google.com/google-ads/answer/14157085
// - vehicle_msrp is optional for new cars in Canada (https://support.google.com/merchants/answer/14154171): not sent.
// Google asks for the price attribute AND vehicle_all_in_price in Canada; both carry the all-in advertised price the
// vehicle page shows (AMVIC: every fee except GST), which is what `price` holds in our data (domain/vehicle.ts).
import { z } from 'zod';
import type { Vehicle } from './vehicle';
import { vehicleTitle } from './vehicle';
import { VIN_PATTERN } from './vin';

export const FEED_PATHS = {
  google: '/feeds/google-vehicles.xml',
  inventoryCsv: '/feeds/inventory.csv',
} as const;

/** Google product taxonomy 916: Vehicles & Parts > Vehicles > Motor Vehicles > Cars, Trucks & Vans. */
export const GOOGLE_PRODUCT_CATEGORY = '916';
/** Google's limits for text attributes (product data specification): id 50, title 150, description 5,000. */
export const GOOGLE_LIMITS = { id: 50, title: 150, description: 5000, brand: 70, storeCode: 64, additionalImages: 10 } as const;

/** body_style's supported values for our body types (Google's list has no plain "van": a van is full_size_van). */
export const GOOGLE_BODY_STYLE: Record<string, string> = {
  SUV: 'suv', Truck: 'truck', Sedan: 'sedan', Hatchback: 'hatchback', Coupe: 'coupe', Minivan: 'minivan',
  Wagon: 'station_wagon', Convertible: 'convertible', Van: 'full_size_van',
};
/** engine is the power source in Google's spec, so it comes from our fuel type, not the engine description. */
export const GOOGLE_ENGINE: Record<string, string> = {
  Gasoline: 'gasoline', Diesel: 'diesel', Hybrid: 'hybrid', 'Plug-in Hybrid': 'plug-in_hybrid', Electric: 'electric',
};

/**
 * A feed item as flat attribute → values: one value per attribute, several for a repeated one
 * (additional_image_link), and a group's sub-attributes as `group.sub` (vehicle_fulfillment.option). The server
 * writes it as XML; the tests parse the XML back into this shape and check it with checkGoogleItem.
 */
export type GoogleItem = Record<string, string[]>;

interface AttributeRule {
  name: string;
  /** The words an admin reads when a vehicle cannot carry this attribute ("no photo"). */
  missing: string;
  /** What is wrong with a value, or null when it is fine. */
  check: (value: string) => string | null;
  /** Repeated attributes may carry several values; the others exactly one. */
  repeated?: boolean;
}

const nonEmpty = (max: number) => (v: string) => (!v.trim() ? 'is empty' : v.length > max ? `is longer than ${max} characters` : null);
const absoluteUrl = (v: string) => (/^https?:\/\/[^\s/]+\/\S*$/.test(v) ? null : 'is not an absolute http(s) URL');
/** "12345.00 CAD": a number with two decimals and the ISO 4217 currency (Google's price format). */
const CAD_PRICE = /^(\d+)\.(\d{2}) CAD$/;
const cadPrice = (v: string) => {
  const m = CAD_PRICE.exec(v);
  if (!m) return 'is not an amount like 12345.00 CAD';
  return Number(m[1]) > 0 || Number(m[2]) > 0 ? null : 'is zero';
};
const oneOf = (values: readonly string[]) => (v: string) => (values.includes(v) ? null : `is not one of ${values.join(', ')}`);

/** Every attribute each item must carry (Google: an item without one is disapproved), in the order written. */
export const GOOGLE_REQUIRED_ATTRIBUTES: readonly AttributeRule[] = [
  { name: 'id', missing: 'no stock number', check: nonEmpty(GOOGLE_LIMITS.id) },
  { name: 'title', missing: 'no title', check: nonEmpty(GOOGLE_LIMITS.title) },
  { name: 'description', missing: 'no description', check: nonEmpty(GOOGLE_LIMITS.description) },
  { name: 'link', missing: 'no page address', check: absoluteUrl },
  { name: 'image_link', missing: 'no photo', check: absoluteUrl },
  { name: 'price', missing: 'no price', check: cadPrice },
  { name: 'vehicle_all_in_price', missing: 'no price', check: cadPrice },
  { name: 'vehicle_price_type', missing: 'no price type', check: oneOf(['all_in_price']) },
  { name: 'condition', missing: 'no condition', check: oneOf(['new', 'used']) },
  { name: 'brand', missing: 'no make', check: nonEmpty(GOOGLE_LIMITS.brand) },
  { name: 'model', missing: 'no model', check: nonEmpty(150) },
  { name: 'year', missing: 'no model year', check: (v) => (/^(19|20)\d{2}$/.test(v) ? null : 'is not a 4-digit year') },
  { name: 'mileage', missing: 'no odometer reading', check: (v) => (/^\d+ km$/.test(v) ? null : 'is not a whole number of km like "62000 km"') },
  { name: 'VIN', missing: 'no VIN', check: (v) => (VIN_PATTERN.test(v) ? null : 'is not a 17-character VIN') },
  { name: 'vehicle_fulfillment.option', missing: 'no fulfillment option', check: oneOf(['in_store']) },
  { name: 'vehicle_fulfillment.store_code', missing: 'no Google store code for its store', check: nonEmpty(GOOGLE_LIMITS.storeCode) },
  { name: 'google_product_category', missing: 'no product category', check: oneOf([GOOGLE_PRODUCT_CATEGORY]) },
];

/** Sent where our data knows them; checked when present. */
export const GOOGLE_OPTIONAL_ATTRIBUTES: readonly AttributeRule[] = [
  { name: 'additional_image_link', missing: '', check: absoluteUrl, repeated: true },
  { name: 'color', missing: '', check: nonEmpty(100) },
  { name: 'trim', missing: '', check: nonEmpty(150) },
  { name: 'body_style', missing: '', check: oneOf(Object.values(GOOGLE_BODY_STYLE)) },
  { name: 'engine', missing: '', check: oneOf(Object.values(GOOGLE_ENGINE)) },
];

/**
 * What keeps an item out of Google's feed, in an admin's words: each required attribute missing or malformed, an
 * unknown attribute, a single attribute given twice, more additional images than Google takes, and a
 * vehicle_all_in_price that differs from price. Empty: the item is complete.
 */
export function checkGoogleItem(item: GoogleItem): string[] {
  const problems: string[] = [];
  const known = new Map([...GOOGLE_REQUIRED_ATTRIBUTES, ...GOOGLE_OPTIONAL_ATTRIBUTES].map((r) => [r.name, r]));
  for (const rule of GOOGLE_REQUIRED_ATTRIBUTES) {
    if (!item[rule.name]?.length) problems.push(rule.missing);
  }
  for (const [name, values] of Object.entries(item)) {
    const rule = known.get(name);
    if (!rule) { problems.push(`unknown attribute ${name}`); continue; }
    if (!rule.repeated && values.length > 1) problems.push(`${name} is given ${values.length} times`);
    for (const v of values) {
      const wrong = rule.check(v);
      if (wrong) problems.push(`${name} ${wrong}`);
    }
  }
  if ((item.additional_image_link?.length ?? 0) > GOOGLE_LIMITS.additionalImages) problems.push(`more than ${GOOGLE_LIMITS.additionalImages} additional images`);
  if (item.price?.[0] && item.vehicle_all_in_price?.[0] && item.price[0] !== item.vehicle_all_in_price[0]) problems.push('the all-in price differs from the price');
  // "no price" twice (price and vehicle_all_in_price) is one reason to a reader.
  return [...new Set(problems)];
}

/** What the feeds need besides the vehicle: the site's public origin and each store's Google store code. */
export interface FeedContext {
  publicUrl: string;
  storeCodes: Readonly<Record<string, string | undefined>>;
}

const absolute = (publicUrl: string, path: string) => (/^https?:\/\//.test(path) ? path : `${publicUrl}${path.startsWith('/') ? '' : '/'}${path}`);

export const vehiclePageUrl = (publicUrl: string, id: number) => `${publicUrl}/vehicles/${id}`;

/**
 * Each photo's address for a feed: its largest WebP or JPEG (formats every marketplace and Google read; AVIF is not
 * in Google's list), absolute. Photos with neither are left out.
 */
export function feedPhotoUrls(v: Pick<Vehicle, 'photos'>, publicUrl: string): string[] {
  return v.photos.flatMap((p) => {
    const best = p.variants.filter((x) => x.format === 'webp' || x.format === 'jpeg').sort((a, b) => b.width - a.width)[0];
    return best ? [absolute(publicUrl, best.url)] : [];
  });
}

/** Google's price format for a whole-dollar amount: "12345.00 CAD". */
export const googlePrice = (dollars: number) => `${dollars.toFixed(2)} CAD`;

/** At most `max` characters, cut at a word boundary when one is near. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max - 200 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export type GoogleEntry = { ok: true; item: GoogleItem } | { ok: false; reasons: string[] };

/**
 * Characters XML 1.0 cannot carry at all, even escaped (C0 controls but tab, newline and return; U+FFFE, U+FFFF;
 * lone surrogates): a pasted description may hold one, and a single one makes the whole feed unreadable.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** The text XML can carry, line breaks as "\n" (what an XML reader turns "\r\n" into anyway). */
export const xmlSafe = (text: string) => text.replace(NOT_XML, '').replace(/\r\n?/g, '\n');

/**
 * One dealer vehicle as a Google vehicle ads item, or why it cannot be one. The item is built from what the vehicle
 * has; checkGoogleItem then decides, so the feed never carries an item the list above would refuse.
 */
export function googleEntry(v: Vehicle, ctx: FeedContext): GoogleEntry {
  const photos = feedPhotoUrls(v, ctx.publicUrl);
  const storeCode = ctx.storeCodes[v.location];
  const description = xmlSafe(v.description).trim();
  const item: GoogleItem = {};
  const put = (name: string, value: string | null | undefined) => {
    // Blank is unknown: an optional attribute is then left out, a required one makes its reason.
    const text = value ? xmlSafe(value).trim() : '';
    if (text) item[name] = [text];
  };
  put('id', v.stockNumber);
  put('title', clip(vehicleTitle(v), GOOGLE_LIMITS.title));
  put('description', description ? clip(description, GOOGLE_LIMITS.description) : null);
  put('link', vehiclePageUrl(ctx.publicUrl, v.id));
  put('image_link', photos[0]);
  if (photos.length > 1) item.additional_image_link = photos.slice(1, 1 + GOOGLE_LIMITS.additionalImages);
  // A price of 0 is no price: Google disapproves it, and an advertised $0 is not an all-in price.
  put('price', v.price > 0 ? googlePrice(v.price) : null);
  put('vehicle_all_in_price', v.price > 0 ? googlePrice(v.price) : null);
  put('vehicle_price_type', 'all_in_price');
  put('condition', v.condition);
  put('brand', v.make);
  put('model', v.model);
  put('year', String(v.year));
  put('mileage', `${v.mileage} km`);
  put('VIN', v.vin);
  put('vehicle_fulfillment.option', 'in_store');
  put('vehicle_fulfillment.store_code', storeCode);
  put('google_product_category', GOOGLE_PRODUCT_CATEGORY);
  put('color', v.exteriorColor);
  put('trim', v.trim);
  put('body_style', GOOGLE_BODY_STYLE[v.bodyType]);
  put('engine', GOOGLE_ENGINE[v.fuelType]);
  const problems = checkGoogleItem(item);
  return problems.length ? { ok: false, reasons: problems } : { ok: true, item };
}

// ---- Marketplace inventory export (CSV) ----

/**
 * The common dealer-feed columns CarGurus, AutoTrader.ca and DMS imports map (issue 19), one row per dealer vehicle
 * for sale. Photo URLs are absolute and separated by "|" inside their one field (a URL never contains "|" unescaped).
 */
export const INVENTORY_CSV_COLUMNS = [
  { key: 'stock_number', describe: 'Stock number (unique)' },
  { key: 'vin', describe: 'VIN, 17 characters' },
  { key: 'year', describe: 'Model year' },
  { key: 'make', describe: 'Make' },
  { key: 'model', describe: 'Model' },
  { key: 'trim', describe: 'Trim; empty when unknown' },
  { key: 'condition', describe: 'new or used' },
  { key: 'price', describe: 'All-in advertised price in whole CAD: every fee except GST (AMVIC)' },
  { key: 'odometer_km', describe: 'Odometer in kilometres' },
  { key: 'body_style', describe: 'SUV, Truck, Sedan, Hatchback, Coupe, Minivan, Wagon, Convertible or Van' },
  { key: 'transmission', describe: 'Automatic, Manual or CVT' },
  { key: 'drivetrain', describe: 'AWD, 4WD, FWD or RWD; empty when unknown' },
  { key: 'engine', describe: 'Engine description; empty when unknown' },
  { key: 'fuel_type', describe: 'Gasoline, Diesel, Hybrid, Plug-in Hybrid or Electric' },
  { key: 'exterior_color', describe: 'Exterior colour' },
  { key: 'interior_color', describe: 'Interior colour; empty when unknown' },
  { key: 'doors', describe: 'Number of doors; empty when unknown' },
  { key: 'seats', describe: 'Number of seats; empty when unknown' },
  { key: 'features', describe: 'Features, separated by "|"' },
  { key: 'photo_urls', describe: 'Absolute photo URLs, cover first, separated by "|"' },
  { key: 'description', describe: 'Description (may span lines; quoted)' },
  { key: 'status', describe: 'available, or pending (on hold or a sale pending: not sold, but not free to buy today)' },
  { key: 'location', describe: 'Store city: Edmonton or Calgary' },
  { key: 'dealer_name', describe: 'The dealership' },
  { key: 'vehicle_url', describe: 'The vehicle page' },
  { key: 'date_in_stock', describe: 'Date listed, YYYY-MM-DD (UTC)' },
] as const;

export type InventoryCsvKey = (typeof INVENTORY_CSV_COLUMNS)[number]['key'];
export type InventoryCsvRow = Record<InventoryCsvKey, string | number>;

/** The vehicle statuses the export carries: what is for sale. Sold vehicles leave it at once (AMVIC). */
export const INVENTORY_CSV_STATUSES = ['available', 'pending'] as const;

export function inventoryCsvRow(v: Vehicle, ctx: FeedContext & { dealerName: string }): InventoryCsvRow {
  return {
    stock_number: v.stockNumber,
    vin: v.vin,
    year: v.year,
    make: v.make,
    model: v.model,
    trim: v.trim ?? '',
    condition: v.condition,
    price: v.price,
    odometer_km: v.mileage,
    body_style: v.bodyType,
    transmission: v.transmission,
    drivetrain: v.drivetrain ?? '',
    engine: v.engine ?? '',
    fuel_type: v.fuelType,
    exterior_color: v.exteriorColor,
    interior_color: v.interiorColor ?? '',
    doors: v.doors ?? '',
    seats: v.seats ?? '',
    features: v.features.join('|'),
    photo_urls: feedPhotoUrls(v, ctx.publicUrl).join('|'),
    description: v.description,
    status: v.status,
    location: v.location,
    dealer_name: ctx.dealerName,
    vehicle_url: vehiclePageUrl(ctx.publicUrl, v.id),
    date_in_stock: v.createdAt.slice(0, 10),
  };
}

// ---- The back office's view: GET /api/admin/feeds ----

export const excludedVehicleSchema = z.object({
  id: z.number().int(),
  stockNumber: z.string(),
  title: z.string(),
  location: z.string(),
  reasons: z.array(z.string()),
});
export type ExcludedVehicle = z.infer<typeof excludedVehicleSchema>;

export const feedStatusSchema = z.object({
  google: z.object({
    url: z.string(),
    /** Dealer vehicles available today: every one is an item or excluded. */
    candidates: z.number().int(),
    itemCount: z.number().int(),
    excluded: z.array(excludedVehicleSchema),
  }),
  inventoryCsv: z.object({
    url: z.string(),
    rowCount: z.number().int(),
  }),
});
export type FeedStatus = z.infer<typeof feedStatusSchema>;
