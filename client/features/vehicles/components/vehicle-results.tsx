// The card grid and its states (spec §2): 18 placeholders while loading, the error and empty panels with the
// spec's exact texts, 1/2/3 columns by width, the first 6 cards with image priority.
import type { MouseEvent } from 'react';
import { CircleAlert, SearchX } from 'lucide-react';
import { PRIORITY_CARDS, SKELETON_CARDS } from '@domain/constants';
import type { Vehicle } from '@domain/vehicle';
import { cn } from '@/lib/cn';
import { VehicleCard, VehicleCardSkeleton } from '@/components/vehicle-card';
import { useListPhotoPriority } from '@/components/vehicle-photo';
import { Button } from '@/components/ui/button';

const gridClass = 'grid grid-cols-1 gap-4 sm:grid-cols-2 sm:gap-5 xl:grid-cols-3';

export function VehicleResults({
  vehicles, status, updating, onRetry, onResetFilters, canReset, onClearSearch, onLeave,
}: {
  vehicles: Vehicle[];
  status: 'pending' | 'error' | 'success';
  /** A new page or filter is loading while the previous results stay on screen. */
  updating: boolean;
  onRetry: () => void;
  onResetFilters: () => void;
  canReset: boolean;
  /** Present while a search is active: the empty state offers to clear it. */
  onClearSearch?: () => void;
  /** A card's link was followed: save the list position first. */
  onLeave: () => void;
}) {
  const photoPriority = useListPhotoPriority(PRIORITY_CARDS);
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
        {/* Something to do about it: undo the search, the filters, or both (issue 21). */}
        {(onClearSearch || canReset) && (
          <div className="flex flex-wrap justify-center gap-2">
            {onClearSearch && <Button variant="outline" onClick={onClearSearch}>Clear the search</Button>}
            {canReset && <Button variant="outline" onClick={onResetFilters}>Clear all filters</Button>}
          </div>
        )}
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
      {vehicles.map((v, i) => (
        <li key={v.id} className="flex">
          {/* spec §9: the first 6 cards get image priority: their photos are in the server's HTML, and on wider
              screens load at once. The first is the phone's LCP and is fetched ahead of the other five, which a
              phone loads as they come near (domain/page-render.ts priorityPhotoLoading). */}
          <VehicleCard vehicle={v} priority={photoPriority(i)} />
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
