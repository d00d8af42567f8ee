// Database rows → the API's vehicle shape (domain/vehicle.ts, spec §3).
import type { DealRating } from '@domain/deal-rating';
import type { Photo, PriceChange, Vehicle } from '@domain/vehicle';
import { sql } from 'drizzle-orm';
import { vehiclePhotos, vehicles } from '../../db/schema';

/** Every column the API shows, plus ownerId for the visibility rule of pending listings. */
const vehicleColumns = {
  id: vehicles.id,
  vin: vehicles.vin,
  stockNumber: vehicles.stockNumber,
  year: vehicles.year,
  make: vehicles.make,
  model: vehicles.model,
  trim: vehicles.trim,
  price: vehicles.price,
  originalPrice: vehicles.originalPrice,
  mileage: vehicles.mileage,
  bodyType: vehicles.bodyType,
  condition: vehicles.condition,
  sellerType: vehicles.sellerType,
  status: vehicles.status,
  transmission: vehicles.transmission,
  engine: vehicles.engine,
  drivetrain: vehicles.drivetrain,
  fuelType: vehicles.fuelType,
  exteriorColor: vehicles.exteriorColor,
  interiorColor: vehicles.interiorColor,
  doors: vehicles.doors,
  seats: vehicles.seats,
  description: vehicles.description,
  location: vehicles.location,
  features: vehicles.features,
  ownerId: vehicles.ownerId,
  soldAt: vehicles.soldAt,
  heldUntil: vehicles.heldUntil,
  createdAt: vehicles.createdAt,
  updatedAt: vehicles.updatedAt,
};

type VehicleRow = Pick<typeof vehicles.$inferSelect, keyof typeof vehicleColumns>;

/** A vehicle's photos as one JSON column, cover first: a page of vehicles and their photos is one query (no N+1). */
const photosColumn = sql<PhotoJson[]>`(
  select coalesce(json_agg(json_build_object(
    'id', p.id, 'alt', p.alt, 'storageKey', p.storage_key, 'width', p.width, 'height', p.height, 'variants', p.variants
  ) order by p.position, p.id), '[]'::json)
  from ${vehiclePhotos} p where p.vehicle_id = ${vehicles}.id)`; // qualified: drizzle prints bare column names
interface PhotoJson {
  id: number;
  alt: string;
  storageKey: string;
  width: number;
  height: number;
  variants: { width: number; format: 'webp' | 'avif' | 'jpeg' }[];
}

/**
 * The stored deal rating (issue 19; ./deal-ratings.ts keeps it in step with every write), or null when not rated.
 * Only available vehicles are rated, so a sold or pending one reads null.
 */
const dealRatingColumn = sql<DealRating | null>`(
  select json_build_object('rating', r.rating, 'marketPrice', r.market_price, 'difference', r.difference, 'comparableCount', r.comparable_count)
  from deal_ratings r where r.vehicle_id = ${vehicles}.id and r.rating is not null)`;

/** What a vehicle query selects: its columns, its photos and its deal rating. */
export const vehicleWithPhotosColumns = { ...vehicleColumns, photos: photosColumn, dealRating: dealRatingColumn };

/** One vehicle's page (public and admin) adds its AMVIC disclosures (issue 34 §5); lists and cards leave them out. */
export const vehicleDetailColumns = { ...vehicleWithPhotosColumns, amvicDisclosures: vehicles.amvicDisclosures };

/** The default source a card or gallery shows: a WebP near 800 px wide (sharp on a phone, light on a laptop). */
const DEFAULT_WIDTH = 800;

function toPhoto(row: PhotoJson): Photo {
  const variants = row.variants.map((v) => ({ url: `/uploads/${row.storageKey}-${v.width}.${v.format}`, width: v.width, format: v.format }));
  const webp = variants.filter((v) => v.format === 'webp');
  const pool = webp.length ? webp : variants;
  const best = pool.reduce<(typeof pool)[number] | undefined>(
    (acc, v) => (!acc || Math.abs(v.width - DEFAULT_WIDTH) < Math.abs(acc.width - DEFAULT_WIDTH) ? v : acc), undefined);
  return { id: row.id, alt: row.alt, width: row.width, height: row.height, src: best?.url ?? `/uploads/${row.storageKey}`, variants };
}

export function toVehicle(row: VehicleRow & { photos: PhotoJson[]; dealRating?: DealRating | null }): Vehicle {
  const photos = row.photos.map(toPhoto);
  return {
    id: row.id,
    vin: row.vin,
    stockNumber: row.stockNumber,
    year: row.year,
    make: row.make,
    model: row.model,
    trim: row.trim,
    price: row.price,
    originalPrice: row.originalPrice,
    // spec §3: on sale when the price was cut from an earlier one.
    isOnSale: row.originalPrice !== null && row.originalPrice > row.price,
    mileage: row.mileage,
    bodyType: row.bodyType,
    condition: row.condition,
    sellerType: row.sellerType,
    status: row.status,
    isSold: row.status === 'sold',
    images: photos.map((p) => p.src),
    photos,
    features: row.features,
    transmission: row.transmission,
    engine: row.engine,
    drivetrain: row.drivetrain,
    fuelType: row.fuelType,
    exteriorColor: row.exteriorColor,
    interiorColor: row.interiorColor,
    doors: row.doors,
    seats: row.seats,
    description: row.description,
    location: row.location,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    soldAt: row.soldAt?.toISOString() ?? null,
    dealRating: row.status === 'available' ? (row.dealRating ?? null) : null,
    heldUntil: row.heldUntil?.toISOString() ?? null,
  };
}

export function toPriceChange(row: { price: number; previousPrice: number | null; changedAt: Date }): PriceChange {
  return { price: row.price, previousPrice: row.previousPrice, changedAt: row.changedAt.toISOString() };
}
