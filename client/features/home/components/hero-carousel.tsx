// Hero carousel (spec §2): 4 stock images with alt text, auto-advance every 5 s, previous/next arrows and dots;
// a manual change locks further changes for 500 ms (spec §9). Paused on hover/focus, by its pause button and
// for reduced motion. The first image is the page's LCP: eager and high priority; the others wait until it loads.
import { useCallback, useRef, useState, type KeyboardEvent } from 'react';
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { TIMING } from '@domain/constants';
import { cn } from '@/lib/cn';
import { HERO_SIZES, HERO_SLIDES, heroSrc, heroSrcSet, HERO_HEIGHT, HERO_WIDTH } from '@domain/hero-slides';
import { useHoverFocusPause, useInterval, usePrefersReducedMotion } from './use-auto-advance';

const arrow =
  'absolute top-1/2 z-10 inline-flex size-11 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full bg-black/45 text-white backdrop-blur-sm transition hover:bg-black/65 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

export function HeroCarousel() {
  const [index, setIndex] = useState(0);
  const [manualKey, setManualKey] = useState(0);
  const [stopped, setStopped] = useState(false);
  const [restReady, setRestReady] = useState(false);
  const lockedUntil = useRef(0);
  const reduced = usePrefersReducedMotion();
  const { paused, handlers } = useHoverFocusPause();
  const n = HERO_SLIDES.length;

  const advance = useCallback(() => setIndex((i) => (i + 1) % n), [n]);
  // The timer restarts after a manual change, so a chosen slide gets its full 5 s.
  useInterval(advance, TIMING.carouselInterval, restReady && !paused && !stopped && !reduced, manualKey);

  /** A manual change; ignored during the 500 ms lock after the previous one (spec §9). */
  const go = (target: number) => {
    const now = Date.now();
    if (now < lockedUntil.current) return;
    lockedUntil.current = now + TIMING.carouselLock;
    setIndex(((target % n) + n) % n);
    setManualKey((k) => k + 1);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft') { e.preventDefault(); go(index - 1); }
    else if (e.key === 'ArrowRight') { e.preventDefault(); go(index + 1); }
  };
  const autoplaying = !stopped && !reduced;

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Photos of our dealership"
      className="relative overflow-hidden rounded-2xl bg-brand shadow-2xl ring-1 ring-white/15"
      onKeyDown={onKeyDown}
      {...handlers}
    >
      {/* The box's ratio is fixed: nothing shifts while the first image loads. */}
      <div className="relative aspect-[16/9]">
        {HERO_SLIDES.map((s, i) => {
          if (i > 0 && !restReady) return null;
          const current = i === index;
          return (
            <div
              key={s.name}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${n}`}
              aria-hidden={!current}
              data-testid="hero-slide"
              data-active={current || undefined}
              className={cn('absolute inset-0 transition-opacity duration-700 motion-reduce:transition-none', current ? 'opacity-100' : 'pointer-events-none opacity-0')}
            >
              <picture>
                <source type="image/webp" srcSet={heroSrcSet(s.name)} sizes={HERO_SIZES} />
                <img
                  src={heroSrc(s.name, 800)}
                  width={HERO_WIDTH}
                  height={HERO_HEIGHT}
                  alt={s.alt}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : 'low'}
                  decoding={i === 0 ? 'sync' : 'async'}
                  onLoad={i === 0 ? () => setRestReady(true) : undefined}
                  onError={i === 0 ? () => setRestReady(true) : undefined}
                  ref={i === 0 ? (img) => { if (img?.complete) setRestReady(true); } : undefined}
                  className="size-full object-cover"
                />
              </picture>
              <p className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/70 via-black/30 to-transparent px-4 pt-10 pb-9 text-sm font-medium text-white">
                {s.caption}
              </p>
            </div>
          );
        })}
        <button type="button" className={cn(arrow, 'left-3')} onClick={() => go(index - 1)} aria-label="Previous photo">
          <ChevronLeft className="size-6" aria-hidden />
        </button>
        <button type="button" className={cn(arrow, 'right-3')} onClick={() => go(index + 1)} aria-label="Next photo">
          <ChevronRight className="size-6" aria-hidden />
        </button>
        <div className="absolute inset-x-0 bottom-2 z-10 flex items-center justify-center gap-1">
          {HERO_SLIDES.map((s, i) => (
            <button
              key={s.name}
              type="button"
              onClick={() => go(i)}
              aria-label={`Show photo ${i + 1} of ${n}`}
              aria-current={i === index ? 'true' : undefined}
              className="group inline-flex size-6 cursor-pointer items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-white"
            >
              <span className={cn('block h-2 rounded-full bg-white transition-all', i === index ? 'w-5' : 'w-2 opacity-60 group-hover:opacity-90')} />
            </button>
          ))}
          {!reduced && (
            <button
              type="button"
              onClick={() => setStopped((s) => !s)}
              aria-label={autoplaying ? 'Pause the slideshow' : 'Play the slideshow'}
              className="ml-2 inline-flex size-6 cursor-pointer items-center justify-center rounded-full text-white focus-visible:outline-2 focus-visible:outline-white"
            >
              {autoplaying ? <Pause className="size-3.5" aria-hidden /> : <Play className="size-3.5" aria-hidden />}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
