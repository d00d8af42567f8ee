// A vehicle photo with modern formats and known dimensions (no layout shift), lazy unless it is
// near the top of the page. Shared by every feature that shows vehicles. A photo that fails to load, or a vehicle
// with none yet, shows the default stock image instead (spec §2, vehicle card); the back office asks for the plain
// "Photo coming soon" box, so staff see which photo is missing rather than a stand-in.
import { useCallback, useContext, useState } from 'react';
import { Car } from 'lucide-react';
import type { Photo } from '@domain/vehicle';
import { photoSrcSet as srcSet } from '@domain/photo-srcset';
import { priorityPhotoLoading } from '@domain/page-render';
import { cn } from '@/lib/cn';
import { RenderedDeviceContext } from '@/lib/rendered-device';

/** A photo's priority: see VehiclePhoto's `priority`. */
export type PhotoPriority = boolean | 'eager' | 'lazy';

/**
 * A list's photo priority (spec §9: the first cards get image priority): the first photo is the page's LCP on a
 * phone and leads; the rest of the first `cards` load as `rest` says; the others wait to come near (false).
 */
export function listPhotoPriority(index: number, cards: number, rest: 'eager' | 'lazy' = 'eager'): PhotoPriority {
  if (index >= cards) return false;
  return index === 0 ? true : rest;
}

/**
 * listPhotoPriority for a list whose first `cards` get image priority, on the device the page was rendered for
 * (domain/page-render.ts priorityPhotoLoading).
 */
export function useListPhotoPriority(cards: number): (index: number) => PhotoPriority {
  const rest = priorityPhotoLoading(useContext(RenderedDeviceContext));
  return (index) => listPhotoPriority(index, cards, rest);
}

/** The default stock image (client/public/images/stock, 800×600). */
export const VEHICLE_PLACEHOLDER_SRC = '/images/stock/vehicle-placeholder.webp';

export function VehiclePhoto({
  photo,
  alt,
  sizes,
  priority = false,
  className,
  fallback = 'stock',
}: {
  photo: Photo | undefined;
  /** Used when the photo has no alt of its own. */
  alt: string;
  sizes: string;
  /**
   * true: the page's largest first-screen image (its LCP), loaded at once and ahead of everything else; 'eager':
   * loaded at once at the browser's own priority, so a few first-screen photos do not share the lead photo's
   * bandwidth on a slow phone network (issue 35: the listing's six eager photos all asked for high priority);
   * 'lazy' and false: loaded by the browser as it comes near the screen.
   */
  priority?: PhotoPriority;
  className?: string;
  /** What stands in for a missing or broken photo: the stock image (shoppers), or a labelled box (back office). */
  fallback?: 'stock' | 'icon';
}) {
  const [failed, setFailed] = useState(false);
  // A photo that failed before React hydrated the page never reaches onError: the ref finds it broken instead.
  const checkLoaded = useCallback((img: HTMLImageElement | null) => {
    if (img && img.complete && img.naturalWidth === 0 && img.currentSrc !== '') setFailed(true);
  }, []);
  if ((!photo || failed) && fallback === 'stock') {
    return (
      // Decorative: the card names the vehicle beside it.
      <img
        src={VEHICLE_PLACEHOLDER_SRC}
        width={800}
        height={600}
        alt=""
        data-photo-placeholder
        loading={priority === true || priority === 'eager' ? 'eager' : 'lazy'}
        decoding="async"
        className={cn('bg-muted object-cover', className)}
      />
    );
  }
  if (!photo || failed) {
    return (
      <div className={cn('flex flex-col items-center justify-center gap-1 bg-muted text-muted-foreground', className)}>
        <Car className="size-10" aria-hidden />
        <span className="text-xs font-medium">Photo coming soon</span>
      </div>
    );
  }
  const avif = srcSet(photo, 'avif');
  const webp = srcSet(photo, 'webp');
  const jpeg = srcSet(photo, 'jpeg');
  return (
    <picture>
      {avif && <source type="image/avif" srcSet={avif} sizes={sizes} />}
      {webp && <source type="image/webp" srcSet={webp} sizes={sizes} />}
      <img
        src={photo.src}
        srcSet={jpeg || undefined}
        sizes={jpeg ? sizes : undefined}
        width={photo.width}
        height={photo.height}
        alt={photo.alt || alt}
        loading={priority === true || priority === 'eager' ? 'eager' : 'lazy'}
        fetchPriority={priority === true ? 'high' : undefined}
        decoding="async"
        ref={checkLoaded}
        onError={() => setFailed(true)}
        className={cn('bg-muted object-cover', className)}
      />
    </picture>
  );
}
