// The card grid and its states (spec §2): 18 placeholders while loading, the error and empty panels with the
// spec's exact texts, 1/2/3 columns by width, the first 6 cards with image priority.
import { useCallback, useEffect, useLayoutEffect, useState, type MouseEvent } from 'react';
import { flushSync } from 'react-dom';
import { CircleAlert, SearchX } from 'lucide-react';
import { PRIORITY_CARDS, SKELETON_CARDS } from '@domain/constants';
import type { Vehicle } from '@domain/vehicle';
import { cn } from '@/lib/cn';
import { VehicleCard, VehicleCardSkeleton } from '@/components/vehicle-card';
import { Button } from '@/components/ui/button';

const gridClass = 'grid grid-cols-1 gap-4 sm:grid-cols-2 sm:gap-5 xl:grid-cols-3';

export function VehicleResults({
  vehicles, status, updating, onRetry, onResetFilters, canReset, onLeave, limit,
}: {
  vehicles: Vehicle[];
  status: 'pending' | 'error' | 'success';
  /** A new page or filter is loading while the previous results stay on screen. */
  updating: boolean;
  onRetry: () => void;
  onResetFilters: () => void;
  canReset: boolean;
  /** A card's link was followed: save the list position first. */
  onLeave: () => void;
  /** Render only the first cards for now (the listing page's first paint: useFullGrid). */
  limit?: number;
}) {
  if (status === 'pending') {
    return (
      <div role="status" aria-live="polite" aria-busy="true">
        <span className="sr-only">Loading vehicles…</span>
        <div className={gridClass} data-testid="listing-skeletons">
          {Array.from({ length: SKELETON_CARDS }, (_, i) => <VehicleCardSkeleton key={i} />)}
        </div>
      </div>
    );
  }
  if (status === 'error') {
    return (
      <Panel icon={<CircleAlert className="size-7" aria-hidden />} tone="error" title="Error Loading Vehicles" text="We couldn't load the vehicle listings. Please try again later.">
        <Button variant="outline" onClick={onRetry}>Try again</Button>
      </Panel>
    );
  }
  if (vehicles.length === 0) {
    return (
      <Panel icon={<SearchX className="size-7" aria-hidden />} title="No Matching Vehicles Found" text="Try adjusting your budget or preferences to see more options that could work for you.">
        {canReset && <Button variant="outline" onClick={onResetFilters}>Reset All</Button>}
      </Panel>
    );
  }
  const onClick = (e: MouseEvent) => {
    if ((e.target as HTMLElement).closest('a[href]')) onLeave();
  };
  return (
    <ul
      aria-label="Vehicles"
      aria-busy={updating}
      onClickCapture={onClick}
      className={cn(gridClass, 'transition-opacity', updating && 'opacity-60')}
    >
      {(limit === undefined ? vehicles : vehicles.slice(0, limit)).map((v, i) => (
        <li key={v.id} className="flex">
          {/* spec §9: the first 6 cards get image priority */}
          <VehicleCard vehicle={v} priority={i < PRIORITY_CARDS} />
        </li>
      ))}
    </ul>
  );
}

function Panel({ icon, title, text, tone, children }: { icon: React.ReactNode; title: string; text: string; tone?: 'error'; children?: React.ReactNode }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className="flex flex-col items-center gap-3 rounded-xl border border-border bg-card px-6 py-12 text-center shadow-sm">
      <div className={cn('flex size-14 items-center justify-center rounded-full', tone === 'error' ? 'bg-destructive/10 text-destructive' : 'bg-secondary text-primary')}>
        {icon}
      </div>
      <h3 className="text-xl font-bold">{title}</h3>
      <p className="max-w-md text-muted-foreground">{text}</p>
      {children}
    </div>
  );
}

/** The cards a first screen can show: two rows of the grid's columns at this width (gridClass). */
function firstScreenCards(): number {
  const mq = (q: string) => typeof window !== 'undefined' && !!window.matchMedia?.(q).matches;
  const columns = mq('(min-width: 80rem)') ? 3 : mq('(min-width: 40rem)') ? 2 : 1;
  return columns * 2;
}

/** Cards added per task after the first screen: small enough that no task blocks a throttled phone for long. */
const GRID_BATCH = 4;

/**
 * First-load speed (issue 3, Lighthouse "total blocking time"): on the first results the grid renders what a first
 * screen shows (two rows: 2 cards on a phone, 6 on a wide desktop), then the rest a few cards per task, each after
 * the browser had a turn, so a phone paints early and stays responsive while 20 cards mount. Image priority is
 * separate (the first 6 cards, spec §9). The whole grid at once instead while a saved scroll position waits to be
 * restored (it needs every card in place), and on demand (`complete`) before anything scrolls below the grid.
 */
export function useFullGrid(total: number, restoringScroll: boolean) {
  // undefined: every card.
  const [limit, setLimit] = useState<number | undefined>(firstScreenCards);
  // Before paint, so a scroll restore scheduled for the next frame finds every card in place.
  useLayoutEffect(() => {
    if (total > 0 && limit !== undefined && restoringScroll) setLimit(undefined);
  }, [total, limit, restoringScroll]);
  useEffect(() => {
    if (total === 0 || limit === undefined || restoringScroll) return;
    if (limit >= total) {
      setLimit(undefined);
      return;
    }
    const timer = window.setTimeout(() => setLimit(limit + GRID_BATCH), 0);
    return () => window.clearTimeout(timer);
  }, [total, limit, restoringScroll]);
  const complete = useCallback(() => {
    if (limit !== undefined) flushSync(() => setLimit(undefined));
  }, [limit]);
  return { limit, complete };
}
