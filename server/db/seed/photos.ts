// Which generated photo a listing shows, and where its files live. Photos are shared: one image per
// (body type, paint family, view) serves every vehicle that matches, so a 250-vehicle lot needs a few
// hundred files instead of a thousand, and a 100,000-vehicle benchmark needs no more than that.
import type { BodyType } from '../../../domain/constants';
import type { InteriorFamily, PaintFamily } from './colors';

export const VIEWS = ['front', 'side', 'rear', 'interior', 'wheel', 'cargo'] as const;
export type View = (typeof VIEWS)[number];

export const VIEW_LABELS: Record<View, string> = {
  front: 'front three-quarter view',
  side: 'side profile',
  rear: 'rear three-quarter view',
  interior: 'dashboard and front seats',
  wheel: 'wheel close-up',
  cargo: 'cargo area',
};

/** Stored widths (4:3) and format; the largest is the photo's recorded size. */
export const PHOTO_WIDTHS = [480, 960, 1440] as const;
export const PHOTO_FORMAT = 'webp' as const;
export const PHOTO_WIDTH = 1440;
export const PHOTO_HEIGHT = 1080;

export interface PhotoSpec {
  storageKey: string;
  view: View;
  body: BodyType;
  paint: PaintFamily;
  interior: InteriorFamily;
}

export function bodySlug(body: BodyType): string {
  return body.toLowerCase();
}

/**
 * Storage key of a generated photo. The interior does not depend on paint or body, so every vehicle with
 * the same upholstery shares one dashboard picture.
 */
export function photoStorageKey(view: View, body: BodyType, paint: PaintFamily, interior: InteriorFamily): string {
  return view === 'interior' ? `stock/interior-${interior}` : `stock/${bodySlug(body)}-${paint}-${view}`;
}

/** File of one stored variant: `${uploadsDir}/${storageKey}-${width}.${format}` (the upload module's layout). */
export function variantPath(storageKey: string, width: number, format: string = PHOTO_FORMAT): string {
  return `${storageKey}-${width}.${format}`;
}
