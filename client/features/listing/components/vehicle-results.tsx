// The card grid and its states (spec §2): 18 placeholders while loading, the error and empty panels with the
// spec's exact texts, 1/2/3 columns by width, the first 6 cards with image priority.
import { startTransition, useCallback, useEffect, useLayoutEffect, useState, type MouseEvent } from 'react';
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

/**
 * First-load speed (issue 3, Lighthouse "total blocking time"): on the first results the grid renders the priority
 * cards at once and the rest in a transition, which React splits into short tasks, so a phone stays responsive
 * while 20 cards mount. At once instead while a saved scroll position waits to be restored (it needs the full
 * grid), and on demand (`complete`) before anything scrolls below the grid.
 */
export function useFullGrid(hasResults: boolean, restoringScroll: boolean) {
  const [full, setFull] = useState(false);
  // Before paint, so a scroll restore scheduled for the next frame finds every card in place.
  useLayoutEffect(() => {
    if (hasResults && !full && restoringScroll) setFull(true);
  }, [hasResults, full, restoringScroll]);
  useEffect(() => {
    if (hasResults && !full && !restoringScroll) startTransition(() => setFull(true));
  }, [hasResults, full, restoringScroll]);
  const complete = useCallback(() => {
    if (!full) flushSync(() => setFull(true));
  }, [full]);
  return { limit: full ? undefined : PRIORITY_CARDS, complete };
}
