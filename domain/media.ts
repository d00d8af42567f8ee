// Photo upload rules and the admin photo API's contracts (admin issue, "Image manager"). The server enforces
// the limits; the client reads the same constants to warn before it sends anything.
import { z } from 'zod';
import { photoSchema, vehicleIdParams } from './vehicle';

/** Largest accepted upload (issue 4: "size (15 MB)"). 15 MiB: the size a phone or OS shows as "15 MB". */
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;
/**
 * Largest accepted picture in pixels: 50 megapixels (e.g. 8660 × 5773). Covers full-resolution photos from
 * dealer DSLRs (24–45 MP) and phones (12–48 MP); refuses decompression bombs before any pixel is decoded.
 */
export const MAX_UPLOAD_PIXELS = 50_000_000;
/**
 * Largest photo an inventory feed may bring in a format decoded whole (PNG, WebP, AVIF): 12 megapixels, a phone's
 * full photo. Feed photos arrive unattended and by the thousand, and a 49 MP PNG under the byte limit costs about
 * a CPU-second of decoding before it is scaled (issue 56 §9). A JPEG keeps the upload limit: libjpeg decodes it at
 * 1/2 to 1/8 scale straight to the size we store (shrink-on-load), about 0.1 s even at 49 MP.
 */
export const MAX_FEED_PHOTO_PIXELS = 12_000_000;
export type PhotoOrigin = 'upload' | 'feed';
/** The pixel limit for a photo of this format from this origin (checked from its header, before decoding). */
export function maxPhotoPixels(origin: PhotoOrigin, format: 'jpeg' | 'png' | 'webp' | 'avif'): number {
  return origin === 'feed' && format !== 'jpeg' ? MAX_FEED_PHOTO_PIXELS : MAX_UPLOAD_PIXELS;
}
/** Photos per upload request: a full walk-around of a vehicle in one go. */
export const MAX_FILES_PER_UPLOAD = 24;
/**
 * Photo upload requests per signed-in user and hour (issue 31: decoding is the costliest thing a visitor can ask
 * of the server). A shopper's listing and profile photo need a handful; staff photograph the whole lot.
 */
export const PHOTO_UPLOADS_PER_USER = { max: 30, windowMs: 60 * 60_000 };
export const STAFF_PHOTO_UPLOADS_PER_USER = { max: 600, windowMs: 60 * 60_000 };
/** Photos a vehicle may hold in total. */
export const MAX_PHOTOS_PER_VEHICLE = 60;
/** Fewer photos than this and /admin/photos lists the vehicle as "too few" (a walk-around is 8+ shots). */
export const DEFAULT_MIN_PHOTOS = 8;
export const MAX_ALT_LENGTH = 250;

/** Formats accepted, checked by content (not by file name or the browser's content type). */
export const ACCEPTED_FORMATS_LABEL = 'JPEG, PNG, WebP or AVIF';
/** For the file picker only; the server decides by content. HEIC is left out: sharp's bundled libvips cannot decode it. */
export const ACCEPT_ATTRIBUTE = 'image/jpeg,image/png,image/webp,image/avif,.jpg,.jpeg,.png,.webp,.avif';

export const photoIdParams = z.object({
  photoId: z.coerce.number({ error: 'photoId must be a number' }).int('photoId must be a whole number').positive('photoId must be positive').max(2_147_483_647, 'photoId is too large'),
});
export { vehicleIdParams };

export const adminPhotoSchema = photoSchema.extend({
  position: z.number().int(),
  bytes: z.number().int(),
  storageKey: z.string(),
});
export type AdminPhoto = z.infer<typeof adminPhotoSchema>;

export const mediaVehicleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  stockNumber: z.string(),
  vin: z.string(),
  status: z.string(),
  photoCount: z.number().int(),
  cover: photoSchema.nullable(),
});
export type MediaVehicle = z.infer<typeof mediaVehicleSchema>;

export const vehiclePhotosSchema = z.object({
  vehicle: mediaVehicleSchema,
  photos: z.array(adminPhotoSchema),
});
export type VehiclePhotos = z.infer<typeof vehiclePhotosSchema>;

export const mediaVehicleQuerySchema = z.object({
  search: z.string().trim().max(100, 'search is at most 100 characters').optional(),
  /** Only vehicles with fewer photos than this (0 = no filter). */
  fewerThan: z.coerce.number({ error: 'fewerThan must be a number' }).int('fewerThan must be a whole number').min(0, 'fewerThan must be 0 or more').max(MAX_PHOTOS_PER_VEHICLE + 1, `fewerThan is at most ${MAX_PHOTOS_PER_VEHICLE + 1}`).default(0),
  /** Include sold vehicles (default: in-stock only, the ones that still need photos). */
  includeSold: z.enum(['true', 'false'], { error: 'includeSold must be true or false' }).default('false').transform((v) => v === 'true'),
  limit: z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number').min(1, 'limit must be at least 1').max(500, 'limit is at most 500').default(50),
});
export type MediaVehicleQuery = z.input<typeof mediaVehicleQuerySchema>;

export const mediaVehicleListSchema = z.object({
  vehicles: z.array(mediaVehicleSchema),
  /** How many vehicles match (the list may be cut at limit). */
  total: z.number().int(),
  /** Vehicles in stock with no photo at all, whatever the filters. */
  withoutPhotos: z.number().int(),
  /** Below this many photos a vehicle counts as having too few (DEFAULT_MIN_PHOTOS). */
  minPhotos: z.number().int(),
});
export type MediaVehicleList = z.infer<typeof mediaVehicleListSchema>;

export const photoOrderSchema = z.object({
  /** Every photo id of the vehicle, cover first. */
  photoIds: z.array(z.number().int().positive()).min(1, 'photoIds needs at least one photo id').max(MAX_PHOTOS_PER_VEHICLE, `photoIds has at most ${MAX_PHOTOS_PER_VEHICLE} ids`)
    .refine((ids) => new Set(ids).size === ids.length, 'photoIds must not repeat an id'),
});

export const photoAltSchema = z.object({
  alt: z.string().trim().max(MAX_ALT_LENGTH, `alt is at most ${MAX_ALT_LENGTH} characters`),
});

/** Answer to an upload and to every photo change: the vehicle's photos as they now are, and what happened. */
export const photoChangeResultSchema = vehiclePhotosSchema.extend({ message: z.string() });
export type PhotoChangeResult = z.infer<typeof photoChangeResultSchema>;

/** The multipart field the photos are sent in. */
export const UPLOAD_FIELD = 'photos';
