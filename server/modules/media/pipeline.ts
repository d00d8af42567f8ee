// Uploaded image → stored WebP and AVIF variants (admin issue, "Image manager": the server checks type by content,
// size (15 MB) and pixel count, strips metadata and stores resized WebP/AVIF variants made with sharp).
//
// Uploads from visitors and staff come through the one upload flow (upload.ts), which runs inspectImage() on every
// file of a request before encodeImage() on any; the inventory feed calls processImage() (origin 'feed', with a lower
// pixel limit for formats decoded whole) and storeImage() itself.
//
//   const saved = await storeImage(storage, await processImage(buffer, { kind: 'vehicle' }), `vehicles/${vehicleId}`);
//   // saved = { storageKey, width, height, bytes, format (of the original), variants: [{ width, height, format }] }
//   // files: `${storageKey}-${width}.${format}`, URL app.storage.url(variantKey(storageKey, width, format))
//
// Bad input throws an AppError with a 4xx status and a sentence the uploader can act on (empty file, not an image,
// over 15 MB, too many pixels), so a route can let it propagate. Nothing is written before every check has passed.
import { randomBytes } from 'node:crypto';
import { open } from 'node:fs/promises';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import type { ErrorCode } from '@domain/errors';
import { ACCEPTED_FORMATS_LABEL, MAX_UPLOAD_BYTES, MAX_UPLOAD_PIXELS, maxPhotoPixels, type PhotoOrigin } from '@domain/media';
import { AppError } from '../../errors';
import type { Storage } from './storage';

export type ImageKind = 'vehicle' | 'listing' | 'cover' | 'avatar';
export type VariantFormat = 'webp' | 'avif';

interface KindSpec {
  /** Stored widths; widths above the original are skipped (never upscaled). */
  widths: readonly number[];
  /** Square crop (profile photos), centred on the most interesting region. */
  square?: boolean;
}

/**
 * Vehicle photos: 480 for phone cards, 960 for desktop cards and phone galleries, 1600 for the desktop gallery.
 * Blog covers are shown full width, profile photos small and square.
 */
export const KIND_SPECS: Record<ImageKind, KindSpec> = {
  vehicle: { widths: [480, 960, 1600] },
  listing: { widths: [480, 960, 1600] },
  cover: { widths: [640, 1280, 1920] },
  avatar: { widths: [128, 256, 512], square: true },
};

export const VARIANT_FORMATS: readonly VariantFormat[] = ['avif', 'webp'];
const CONTENT_TYPES: Record<VariantFormat, string> = { webp: 'image/webp', avif: 'image/avif' };
/**
 * Encoder settings, chosen by CPU per photo and SSIM (docs/decisions/003-uploaded-images.md, issue 54 §3): libaom's
 * fastest speed with 4:2:0 chroma (as every camera JPEG already is) costs a seventh of effort 2 at 4:4:4 for the
 * same bytes and an SSIM within 0.01; libwebp's effort 2 gives effort 3's SSIM, with files within 6 % of its size,
 * at half its time.
 */
export const AVIF_OPTIONS = { quality: 52, effort: 0, chromaSubsampling: '4:2:0' } as const;
export const WEBP_OPTIONS = { quality: 78, effort: 2 } as const;
/**
 * Small variants (a 400 px card on a desktop) show the fast encoder's softening most: two steps more quality keeps
 * their SSIM within 0.01 of effort 2's for about 2 KB and no more CPU.
 */
const SMALL_AVIF = { maxWidth: 640, quality: 54 } as const;
export const avifOptions = (width: number) => (width <= SMALL_AVIF.maxWidth ? { ...AVIF_OPTIONS, quality: SMALL_AVIF.quality } : AVIF_OPTIONS);
/**
 * A stored width at least this share of the original's own width stands in for it: a 1024 px photo keeps 480 and
 * 960, not 480, 960 and 1024 (6 % more pixels, no visible difference, a third more encoding).
 */
const NEAR_TOP = 0.9;

export type SourceFormat = 'jpeg' | 'png' | 'webp' | 'avif';

export interface ImageVariant { width: number; height: number; format: VariantFormat; data: Buffer }
export interface ProcessedImage {
  /** Upright size of the largest stored variant. */
  width: number;
  height: number;
  /** What the upload really was (by content). */
  format: SourceFormat;
  variants: ImageVariant[];
}
export interface SavedImage {
  storageKey: string;
  width: number;
  height: number;
  format: SourceFormat;
  /** Bytes stored for all variants together. */
  bytes: number;
  variants: { width: number; height: number; format: VariantFormat }[];
}

const mb = (n: number) => `${Math.round((n / (1024 * 1024)) * 10) / 10} MB`;
const imageError = (status: number, code: ErrorCode, message: string) => new AppError(status, code, message);

/** The container by its first bytes; the file name and the browser's content type are never trusted. */
export function sniffFormat(buf: Buffer): SourceFormat | 'isobmff' | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  // AVIF and HEIC share the ISO base media container; sharp's metadata tells them apart below.
  if (buf.length >= 12 && buf.toString('latin1', 4, 8) === 'ftyp') return 'isobmff';
  return null;
}

/**
 * Width of each variant a kind stores for an original this wide: the kind's widths below the original, topped by
 * the original's own width when it is narrower than the largest (a 1200 px photo keeps 1200 px, never upscaled)
 * unless a stored width is within NEAR_TOP of it (a 1024 px photo's largest is 960).
 */
export function variantWidths(kind: ImageKind, originalWidth: number): number[] {
  const widths = KIND_SPECS[kind].widths;
  const top = Math.min(originalWidth, Math.max(...widths));
  const below = widths.filter((w) => w < top);
  const nearest = below.at(-1);
  return nearest !== undefined && nearest >= top * NEAR_TOP ? below : [...below, top];
}

export function variantKey(storageKey: string, width: number, format: string): string {
  return `${storageKey}-${width}.${format}`;
}

/** An upload that passed every check its headers allow: what it is and how big, with nothing decoded yet. */
export interface InspectedImage {
  /** The bytes, or the path of the file holding them (a request's files wait on disk until all have arrived). */
  source: Buffer | string;
  format: SourceFormat;
  width: number;
  height: number;
  meta: Metadata;
}

const SNIFF_BYTES = 12;

/** The size and first bytes of a buffer or a file, for the checks that need no decoding. */
async function headOf(source: Buffer | string): Promise<{ bytes: number; head: Buffer }> {
  if (Buffer.isBuffer(source)) return { bytes: source.length, head: source.subarray(0, SNIFF_BYTES) };
  const file = await open(source);
  try {
    const { size } = await file.stat();
    const { buffer, bytesRead } = await file.read(Buffer.alloc(SNIFF_BYTES), 0, SNIFF_BYTES, 0);
    return { bytes: size, head: buffer.subarray(0, bytesRead) };
  } finally {
    await file.close();
  }
}

/**
 * Every check that needs no decoding (issue 31 §2): emptiness, bytes, the format by content, and width × height
 * from the image header (sharp's metadata() reads the header only). Throws a 4xx AppError for anything that is not
 * a usable photo.
 */
export async function inspectImage(source: Buffer | string, origin: PhotoOrigin = 'upload'): Promise<InspectedImage> {
  const { bytes, head } = await headOf(source);
  if (bytes === 0) throw imageError(400, 'image_empty', 'The file is empty (0 bytes). Choose the photo again.');
  if (bytes > MAX_UPLOAD_BYTES) {
    throw imageError(413, 'image_too_large', `The file is ${mb(bytes)}; photos can be at most ${mb(MAX_UPLOAD_BYTES)}.`);
  }
  const sniffed = sniffFormat(head);
  const notImage = imageError(415, 'image_unsupported', `The file is not a ${ACCEPTED_FORMATS_LABEL} image (checked by its content, not its name).`);
  if (!sniffed) throw notImage;

  let meta: Metadata;
  try {
    // No pixel limit here: the header alone says how big the picture is, so the answer can say by how much.
    meta = await sharp(source, { limitInputPixels: false }).metadata();
  } catch {
    throw sniffed === 'isobmff' ? notImage : imageError(400, 'image_corrupt', 'The image could not be read; the file may be damaged or incomplete.');
  }
  // The container and the decoder must agree: a PNG header on a JPEG body is not a photo we trust.
  const format: SourceFormat | null = meta.format === 'heif'
    ? (sniffed === 'isobmff' && meta.compression === 'av1' ? 'avif' : null)
    : sniffed !== 'isobmff' && meta.format === sniffed ? sniffed : null;
  if (!format) {
    throw meta.format === 'heif'
      ? imageError(415, 'image_unsupported', `HEIC photos are not supported yet; export them as JPEG (${ACCEPTED_FORMATS_LABEL}).`)
      : notImage;
  }
  const { width = 0, height = 0 } = meta;
  if (!width || !height) throw imageError(400, 'image_corrupt', 'The image has no size; the file may be damaged.');
  const maxPixels = maxPhotoPixels(origin, format);
  if (width * height > maxPixels) {
    const limit = maxPixels === MAX_UPLOAD_PIXELS
      ? `photos can be at most ${MAX_UPLOAD_PIXELS / 1e6} megapixels`
      : `feed photos in ${format.toUpperCase()} can be at most ${maxPixels / 1e6} megapixels (JPEG up to ${MAX_UPLOAD_PIXELS / 1e6}); ask the DMS for smaller photos`;
    throw imageError(413, 'image_too_many_pixels', `The image is ${width} × ${height} (${Math.round((width * height) / 1e6)} megapixels); ${limit}.`);
  }
  return { source, format, width, height, meta };
}

/** Decodes an inspected upload and encodes its variants, in one of the process's decode slots. */
export function encodeImage(image: InspectedImage, kind: ImageKind): Promise<ProcessedImage> {
  return decodeSlots.run(() => encodeVariants(image, kind));
}

/**
 * Checks an upload (or a feed's photo: origin 'feed', with its lower pixel limit) and encodes its variants. Throws a
 * 4xx AppError for anything that is not a usable photo.
 */
export async function processImage(input: Buffer, { kind, origin = 'upload' }: { kind: ImageKind; origin?: PhotoOrigin }): Promise<ProcessedImage> {
  return encodeImage(await inspectImage(input, origin), kind);
}

/**
 * At most this many photos are decoded and encoded at once, process-wide (issue 31): the work is CPU, and the CPU
 * is the process's, so this one limit is shared by every upload flow and every app in the process. A burst of
 * uploads queues here instead of starving page requests on a 2-core machine.
 */
export const DECODE_CONCURRENCY = 2;

class Slots {
  active = 0;
  /** The most ever running at once, and how many ever started (tests read them). */
  peak = 0;
  runs = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly size: number) {}
  async run<T>(work: () => Promise<T>): Promise<T> {
    this.runs++;
    if (this.active >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    this.peak = Math.max(this.peak, this.active);
    try {
      return await work();
    } finally {
      // The slot passes straight to the next waiter (active unchanged), or is freed.
      const next = this.waiting.shift();
      if (next) next(); else this.active--;
    }
  }
}
export const decodeSlots = new Slots(DECODE_CONCURRENCY);

async function encodeVariants({ source, format, meta, width, height }: InspectedImage, kind: ImageKind): Promise<ProcessedImage> {
  // Upright (EXIF orientation applied) and scaled once to the largest stored width (a JPEG is decoded at a reduced
  // scale when it is at least twice that: libjpeg's shrink-on-load); each smaller width is scaled from the one above
  // it, and both formats of a width are encoded from those pixels. sharp writes no EXIF, GPS or camera metadata
  // unless asked, so the outputs carry none.
  const spec = KIND_SPECS[kind];
  const upright = meta.autoOrient ?? { width, height };
  const widths = variantWidths(kind, spec.square ? Math.min(upright.width, upright.height) : upright.width);
  const largest = Math.max(...widths);
  let step: { data: Buffer; info: OutputInfo };
  try {
    let img = sharp(source, { limitInputPixels: MAX_UPLOAD_PIXELS, failOn: 'error' }).autoOrient();
    img = spec.square
      ? img.resize(largest, largest, { fit: 'cover', position: sharp.strategy.attention })
      : img.resize({ width: largest, withoutEnlargement: true });
    // Flattened on white: transparent PNGs (logos, cut-outs) look as they did on a white page.
    step = await img.flatten({ background: '#ffffff' }).toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  } catch {
    throw imageError(400, 'image_corrupt', 'The image could not be decoded; the file may be damaged or incomplete.');
  }
  const top = { width: step.info.width, height: step.info.height };

  const variants: ImageVariant[] = [];
  for (const w of [...widths].sort((a, b) => b - a)) {
    if (w !== step.info.width) {
      const h = Math.max(1, Math.round((w * top.height) / top.width));
      step = await sharp(step.data, { raw: step.info }).resize(w, h, { kernel: 'lanczos3' }).raw().toBuffer({ resolveWithObject: true });
    }
    const { data, info } = step;
    const encoded = await Promise.all(VARIANT_FORMATS.map(async (f) => {
      const img = sharp(data, { raw: info });
      return { width: info.width, height: info.height, format: f, data: await (f === 'webp' ? img.webp(WEBP_OPTIONS) : img.avif(avifOptions(info.width))).toBuffer() };
    }));
    variants.unshift(...encoded);
  }
  return { width: top.width, height: top.height, format, variants };
}

/** A fresh, unguessable key under a prefix: a new upload never reuses a cached URL. */
export function newStorageKey(keyPrefix: string): string {
  return `${keyPrefix.replace(/\/+$/, '')}/${randomBytes(8).toString('hex')}`;
}

/** Writes processed variants; on a failed write removes what it wrote, so nothing is left half-stored. */
export async function storeImage(storage: Storage, image: ProcessedImage, keyPrefix: string): Promise<SavedImage> {
  const storageKey = newStorageKey(keyPrefix);
  const written: string[] = [];
  try {
    for (const v of image.variants) {
      const key = variantKey(storageKey, v.width, v.format);
      await storage.put(key, v.data, CONTENT_TYPES[v.format]);
      written.push(key);
    }
  } catch (err) {
    await Promise.allSettled(written.map((k) => storage.delete(k)));
    throw err;
  }
  return {
    storageKey,
    width: image.width,
    height: image.height,
    format: image.format,
    bytes: image.variants.reduce((n, v) => n + v.data.length, 0),
    variants: image.variants.map(({ width, height, format }) => ({ width, height, format })),
  };
}

/** Removes every variant file of a stored image. Missing files are fine (a retry after a partial delete). */
export async function deleteImage(storage: Storage, storageKey: string, variants: readonly { width: number; format: string }[]): Promise<void> {
  await Promise.all(variants.map((v) => storage.delete(variantKey(storageKey, v.width, v.format))));
}
