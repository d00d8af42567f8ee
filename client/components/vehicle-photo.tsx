// A vehicle photo with modern formats and known dimensions (no layout shift), lazy unless it is
// near the top of the page. Shared by every feature that shows vehicles.
import { useState } from 'react';
import { Car } from 'lucide-react';
import type { Photo } from '@domain/vehicle';
import { photoSrcSet as srcSet } from '@domain/photo-srcset';
import { cn } from '@/lib/cn';

export function VehiclePhoto({
  photo,
  alt,
  sizes,
  priority = false,
  className,
}: {
  photo: Photo | undefined;
  /** Used when the photo has no alt of its own. */
  alt: string;
  sizes: string;
  priority?: boolean;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
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
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
        onError={() => setFailed(true)}
        className={cn('bg-muted object-cover', className)}
      />
    </picture>
  );
}
