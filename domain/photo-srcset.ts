// How a vehicle photo is offered to the browser: one srcset per format, widest last, and the `sizes` of each place
// a photo appears. One source for the <picture> elements (client/components/vehicle-photo.tsx) and for the
// server's <link rel="preload"> of a page's first photo (server/modules/seo), so both ask for the same file.
import type { ImagePreload } from './page-preload';
import type { Photo } from './vehicle';

export type PhotoFormat = 'avif' | 'webp' | 'jpeg';

/** The order <picture> offers formats in: the browser takes the first it supports. */
export const PHOTO_FORMATS: readonly PhotoFormat[] = ['avif', 'webp', 'jpeg'];

export const PHOTO_SIZES = {
  /** Vehicle cards: one column on phones, two on tablets, three 400 px columns from 1280 px. */
  card: '(min-width: 1280px) 400px, (min-width: 768px) 50vw, 100vw',
  /** The vehicle page's main photo. */
  gallery: '(min-width: 1024px) 60vw, 100vw',
} as const;

export function photoSrcSet(photo: Photo, format: PhotoFormat): string {
  return photo.variants
    .filter((v) => v.format === format)
    .sort((a, b) => a.width - b.width)
    .map((v) => `${v.url} ${v.width}w`)
    .join(', ');
}

/** The preload for a photo as <picture> shows it: the first format it offers, with the same sizes. */
export function photoPreload(photo: Photo, sizes: string): ImagePreload | null {
  for (const format of PHOTO_FORMATS) {
    const srcset = photoSrcSet(photo, format);
    if (srcset) return { srcset, sizes, type: `image/${format}` };
  }
  return null;
}
