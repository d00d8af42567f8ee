// The vehicle page's gallery: main photo, thumbnails, arrow keys, swipe on touch, a counter and a full-screen view,
// whose dialog code loads on the first tap (or as the pointer or focus reaches its buttons), not with the page.
import { useRef, useState, type KeyboardEvent, type TouchEvent } from 'react';
import { ChevronLeft, ChevronRight, Expand } from 'lucide-react';
import type { Photo } from '@domain/vehicle';
import { PHOTO_SIZES } from '@domain/photo-srcset';
import { cn } from '@/lib/cn';
import { VehiclePhoto } from '@/components/vehicle-photo';
import { LazyDialog, preloadDialog } from '@/components/ui/lazy-dialog';
import { Tooltip } from '@/components/ui/tooltip';
import { useHydrated } from '@/lib/use-hydrated';

const SWIPE_THRESHOLD = 40; // px of horizontal travel that counts as a swipe

function useSwipe(onPrev: () => void, onNext: () => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onTouchStart: (e: TouchEvent) => {
      const t = e.touches[0];
      start.current = t ? { x: t.clientX, y: t.clientY } : null;
    },
    onTouchEnd: (e: TouchEvent) => {
      const s = start.current;
      const t = e.changedTouches[0];
      start.current = null;
      if (!s || !t) return;
      const dx = t.clientX - s.x;
      const dy = t.clientY - s.y;
      // Mostly horizontal and far enough: a vertical scroll never flips photos.
      if (Math.abs(dx) < SWIPE_THRESHOLD || Math.abs(dx) < Math.abs(dy) * 1.5) return;
      if (dx < 0) onNext();
      else onPrev();
    },
  };
}

/**
 * `tooltip` is off in the full-screen view: the dialog puts focus on its first arrow as it opens, a tooltip shown
 * on that focus would be the top layer, and the shopper's first Escape would close the tooltip instead of full
 * screen. The arrows there are large, alone on a black page and named for screen readers.
 */
function NavButton({ dir, onClick, label, className, tooltip = true }: { dir: 'prev' | 'next'; onClick: () => void; label: string; className?: string; tooltip?: boolean }) {
  const Icon = dir === 'prev' ? ChevronLeft : ChevronRight;
  const button = (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={cn(
        'absolute top-1/2 z-10 inline-flex size-11 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full',
        'bg-black/55 text-white shadow-lg backdrop-blur-sm transition hover:bg-black/75 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white',
        dir === 'prev' ? 'left-3' : 'right-3',
        className,
      )}
    >
      <Icon className="size-6" aria-hidden />
    </button>
  );
  return tooltip ? <Tooltip label={label}>{button}</Tooltip> : button;
}

export function PhotoGallery({ photos, title, sold = false }: { photos: Photo[]; title: string; sold?: boolean }) {
  const [index, setIndex] = useState(0);
  const [fullScreen, setFullScreen] = useState(false);
  const count = photos.length;
  const current = Math.min(index, Math.max(0, count - 1));
  const go = (delta: number) => setIndex((i) => (count ? (i + delta + count) % count : 0));
  const prev = () => go(-1);
  const next = () => go(1);
  const swipe = useSwipe(prev, next);
  const thumbsRef = useRef<HTMLDivElement>(null);
  const thumbnailsShown = useHydrated();

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft') { e.preventDefault(); prev(); }
    else if (e.key === 'ArrowRight') { e.preventDefault(); next(); }
    else if (e.key === 'Home') { e.preventDefault(); setIndex(0); }
    else if (e.key === 'End') { e.preventDefault(); setIndex(count - 1); }
  };

  const photo = photos[current];
  const alt = (p: Photo | undefined, i: number) => (p?.alt ? p.alt : `${title}, photo ${i + 1} of ${count}`);
  const counter = `${current + 1} / ${count}`;

  if (count === 0) {
    return (
      <div className="relative aspect-[4/3] overflow-hidden rounded-xl border border-border bg-muted">
        <VehiclePhoto photo={undefined} alt={title} sizes="100vw" className="size-full" />
      </div>
    );
  }

  return (
    <section
      aria-roledescription="carousel"
      aria-label={`Photos of the ${title}`}
      className="flex flex-col gap-3"
    >
      <div
        // Focusable so the arrow keys work once a keyboard user reaches the gallery.
        tabIndex={0}
        onKeyDown={onKeyDown}
        {...swipe}
        data-testid="gallery-main"
        aria-label={`Photo ${counter}. Use the left and right arrow keys to browse.`}
        className="group relative aspect-[4/3] touch-pan-y overflow-hidden rounded-xl border border-border bg-muted outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
      >
        <button
          type="button"
          onClick={() => setFullScreen(true)}
          onPointerEnter={preloadDialog}
          onFocus={preloadDialog}
          className="block size-full cursor-zoom-in"
          aria-label="Open full-screen photos"
          tabIndex={-1}
        >
          <VehiclePhoto
            key={photo?.id}
            photo={photo}
            alt={alt(photo, current)}
            sizes={PHOTO_SIZES.gallery}
            priority={current === 0}
            className={cn('size-full', sold && 'grayscale-[35%]')}
          />
        </button>
        {count > 1 && (
          <>
            <NavButton dir="prev" onClick={prev} label="Previous photo" />
            <NavButton dir="next" onClick={next} label="Next photo" />
          </>
        )}
        <span className="absolute bottom-3 left-3 rounded-full bg-black/65 px-2.5 py-1 text-xs font-semibold text-white tabular-nums" data-testid="gallery-counter">
          {counter}
        </span>
        <button
          type="button"
          onClick={() => setFullScreen(true)}
          onPointerEnter={preloadDialog}
          onFocus={preloadDialog}
          className="absolute right-3 bottom-3 inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-full bg-black/65 px-3 text-xs font-semibold text-white hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-white"
        >
          <Expand className="size-4" aria-hidden />Full screen
        </button>
      </div>

      {count > 1 && (
        <div ref={thumbsRef} className="flex gap-2 overflow-x-auto pb-1 [scrollbar-width:thin]" role="group" aria-label="Choose a photo">
          {photos.map((p, i) => (
            <button
              key={p.id}
              type="button"
              onClick={() => setIndex(i)}
              onKeyDown={onKeyDown}
              aria-label={`Show photo ${i + 1} of ${count}`}
              aria-current={i === current ? 'true' : undefined}
              className={cn(
                'relative h-16 w-22 shrink-0 cursor-pointer overflow-hidden rounded-md border-2 bg-muted transition sm:h-20 sm:w-28',
                i === current ? 'border-primary' : 'border-transparent opacity-75 hover:opacity-100',
              )}
            >
              {/* Drawn once the app runs (the buttons need it anyway): fetched with the main photo, the thumbnails'
                  30-40 KB shared a phone's connection with it and held back the page's largest paint (issue 35). */}
              {thumbnailsShown && <VehiclePhoto photo={p} alt="" sizes="112px" className="size-full" />}
            </button>
          ))}
        </div>
      )}

      <LazyDialog
        open={fullScreen}
        onOpenChange={setFullScreen}
        title={`${title}: photos`}
        description="Use the left and right arrow keys to browse the photos."
        headerHidden
        content={{
          className: 'h-[100dvh] max-h-none w-screen max-w-none gap-0 rounded-none border-0 bg-black p-0 text-white sm:p-0 [&>button:last-child]:z-20 [&>button:last-child]:bg-black/55 [&>button:last-child]:text-white [&>button:last-child]:hover:bg-black/80 [&>button:last-child]:hover:text-white',
          closeLabel: 'Close full-screen photos',
          onKeyDown,
        }}
      >
        <div className="relative flex size-full items-center justify-center touch-pan-y" {...swipe}>
          <VehiclePhoto
            key={photo?.id}
            photo={photo}
            alt={alt(photo, current)}
            sizes="100vw"
            className="max-h-[100dvh] w-full object-contain"
          />
          {count > 1 && (
            <>
              <NavButton dir="prev" onClick={prev} label="Previous photo" tooltip={false} />
              <NavButton dir="next" onClick={next} label="Next photo" tooltip={false} />
            </>
          )}
          <span className="absolute bottom-4 left-1/2 -translate-x-1/2 rounded-full bg-white/15 px-3 py-1 text-sm font-semibold tabular-nums" aria-live="polite">
            {counter}
          </span>
        </div>
      </LazyDialog>
    </section>
  );
}
