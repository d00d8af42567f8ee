// Live inventory ticker (spec §2 "Ticker"): up to 8 random available vehicles, one message every 5 s, badges
// rotating. Real figures only (DESIGN.md): year, make, model, trim and all-in price, then, as the spec's messages do,
// either the mileage or an engagement count: the week's views or bookings, where measured and large enough to mean
// something (ticker-messages.ts). On a phone the price and that figure take a second line, so they stay readable.
import { useCallback, useState } from 'react';
import { Link } from '@/components/link';
import { ChevronRight, Pause, Play } from 'lucide-react';
import { TIMING } from '@domain/constants';
import { vehicleTitle } from '@domain/vehicle-title';
import { formatKm, formatPrice } from '@/lib/format';
import { cn } from '@/lib/cn';
import { useTickerVehicles } from '../api/get-ticker-vehicles';
import { tickerBadge, tickerFigure } from '../ticker-messages';
import { useHoverFocusPause, useInterval, usePrefersReducedMotion } from './use-auto-advance';

const BADGE_STYLE: Record<string, string> = {
  'New Arrival': 'bg-accent text-accent-foreground',
  'Recently Added': 'bg-emerald-400 text-emerald-950',
  'Popular Choice': 'bg-sky-300 text-sky-950',
  Featured: 'bg-white text-brand',
};

export function InventoryTicker() {
  const { data } = useTickerVehicles();
  const vehicles = data?.vehicles ?? [];
  // Messages shown so far: the vehicle is step % count, and each pass over the vehicles turns to their next figure.
  const [step, setStep] = useState(0);
  const [stopped, setStopped] = useState(false);
  const reduced = usePrefersReducedMotion();
  const { paused, handlers } = useHoverFocusPause();
  const count = vehicles.length;
  const next = useCallback(() => setStep((s) => s + 1), []);
  useInterval(next, TIMING.tickerInterval, count > 1 && !paused && !stopped && !reduced, step);
  const index = count ? step % count : 0;

  const v = count ? vehicles[index] : undefined;
  const badge = v ? tickerBadge(v, index) : null;
  const figure = v && data ? tickerFigure(v, data.days, count ? Math.floor(step / count) : 0) : null;
  const autoplaying = !stopped && !reduced;

  return (
    <section
      aria-label="Live inventory"
      aria-roledescription="ticker"
      className="border-b border-white/10 bg-brand text-white"
      {...handlers}
    >
      {/* Fixed height: the strip never moves the page when its data arrives (no layout shift). */}
      <div className="mx-auto flex h-11 max-w-7xl items-center gap-2 px-4 text-[0.8125rem] sm:gap-3 sm:text-sm">
        <span className="hidden shrink-0 items-center gap-2 font-semibold text-blue-100 sm:inline-flex">
          <span aria-hidden className="relative flex size-2">
            <span className="absolute inline-flex size-full rounded-full bg-emerald-400 opacity-75 motion-safe:animate-ping" />
            <span className="relative inline-flex size-2 rounded-full bg-emerald-400" />
          </span>
          Live Inventory • Click to View Details
        </span>
        <div className="min-w-0 flex-1">
          {v && badge ? (
            <Link
              key={v.id}
              to={`/vehicles/${v.id}`}
              data-testid="ticker-link"
              className="group flex min-w-0 items-center gap-2 rounded outline-none focus-visible:ring-2 focus-visible:ring-accent motion-safe:animate-fade-in"
            >
              <span className={cn('shrink-0 rounded-full px-2 py-0.5 text-[0.65rem] font-bold tracking-wide uppercase sm:text-[0.7rem]', BADGE_STYLE[badge])}>{badge}</span>
              <span className="flex min-w-0 flex-col leading-tight sm:block sm:truncate">
                <span className="truncate font-semibold group-hover:underline sm:inline">
                  {vehicleTitle(v, { trim: false })}<span className="hidden sm:inline">{v.trim ? ` ${v.trim}` : ''}</span>
                </span>
                <span className="truncate text-xs text-blue-100 sm:inline sm:text-sm">
                  <span className="hidden sm:inline"> · </span>{formatPrice(v.price)} · {figure ? (
                    <><span className="sm:hidden">{figure.short}</span><span className="hidden sm:inline">{figure.long}</span></>
                  ) : formatKm(v.mileage)}
                </span>
              </span>
              <ChevronRight aria-hidden className="hidden size-4 shrink-0 text-blue-200 sm:block" />
            </Link>
          ) : (
            <span className="text-blue-100 sm:hidden">Live Inventory • Click to View Details</span>
          )}
        </div>
        {count > 1 && (
          <span className="flex shrink-0 items-center gap-1">
            <span className="hidden text-xs text-blue-200 tabular-nums sm:inline" aria-hidden>{index + 1}/{count}</span>
            {!reduced && (
              <button
                type="button"
                onClick={() => setStopped((s) => !s)}
                aria-label={autoplaying ? 'Pause the inventory ticker' : 'Play the inventory ticker'}
                className="inline-flex size-8 cursor-pointer items-center justify-center rounded-full text-blue-100 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-accent"
              >
                {autoplaying ? <Pause className="size-4" aria-hidden /> : <Play className="size-4" aria-hidden />}
              </button>
            )}
            <button
              type="button"
              onClick={next}
              aria-label="Next vehicle"
              className={cn('size-8 cursor-pointer items-center justify-center rounded-full text-blue-100 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-accent', reduced ? 'inline-flex' : 'hidden sm:inline-flex')}
            >
              <ChevronRight className="size-4" aria-hidden />
            </button>
          </span>
        )}
      </div>
    </section>
  );
}
