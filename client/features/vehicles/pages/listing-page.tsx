// The listing /vehicles (spec §2 "Vehicle listing", §4 "Listing state"): banner, heading, search and sort,
// the filter sidebar (a sheet on phones), the card grid with its states, pagination, the compare bar and
// the affordability calculator.
import { Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { SlidersHorizontal } from 'lucide-react';
import { PAGE_SIZE } from '@domain/constants';
import { defaultFilters, showingText, toApiParams } from '@domain/listing';
import { LISTING_DESCRIPTION, LISTING_TITLE } from '@domain/seo';
import { DEALERSHIP } from '@domain/settings';
import { useAuth } from '@/lib/auth';
import { facetFiltersFromParams, facetsQueryOptions } from '@/lib/facets';
import { useMetaDescription } from '@/lib/use-meta-description';
import { Button } from '@/components/ui/button';
import { CompareBar } from '../components/compare-bar';
import { ListingBanner } from '../components/listing-banner';
import { ListingPagination } from '../components/listing-pagination';
import { ListingToolbar } from '../components/listing-toolbar';
import { VehicleResults } from '../components/vehicle-results';
import { NoScriptBrowse } from '../components/no-script-browse';
import { scrollToTop, useListingState } from '../hooks/use-listing-state';
import { HydrateApart } from '@/components/hydrate-apart';
import type { AppliedFilters } from '../listing-restore';
import { lazyComponent, lazyOnView, preloadComponents } from '@/lib/lazy-component';


/** How many filters differ from the defaults, for the phone's Filters button. */
function activeFilterCount(f: AppliedFilters): number {
  const d = defaultFilters();
  return f.makes.length + f.bodyTypes.length + f.features.length + f.models.length + f.transmissions.length
    + (f.priceMin > d.priceMin || f.priceMax < d.priceMax ? 1 : 0)
    + (f.yearMin > d.yearMin || f.yearMax < d.yearMax ? 1 : 0)
    + (f.mileageMax !== null ? 1 : 0)
    + (f.location ? 1 : 0) + (f.condition ? 1 : 0);
}

// Signed-in shoppers only: with its dialog and the saved-search rules (zod) it is a chunk visitors never download.
const SaveSearchButton = lazyComponent('components/save-search-button', async () => ({ default: (await import('@/components/save-search-button')).SaveSearchButton }));

// The filter panel (with its slider and checkboxes) and the calculator are the listing's own: as chunks of their own,
// no other page downloads them (issue 35 §1). A listing the server rendered has the panel's code loaded before it
// hydrates (lib/lazy-component.tsx), so it never shows a fallback here; on the way in from another page the route's
// loader starts the download of both (loadListingParts, app/router.tsx). /financing shares the calculator's id.
const FilterPanel = lazyComponent('features/vehicles/components/filter-panel', async () => ({ default: (await import('../components/filter-panel')).FilterPanel }));
// Far below the results: its code loads, and it hydrates, as the shopper comes near it (lazyOnView).
const AffordabilityCalculator = lazyOnView('features/vehicles/components/affordability-calculator', async () => ({ default: (await import('../components/affordability-calculator')).AffordabilityCalculator }));

/** Starts loading the listing's parts that are chunks of their own, alongside its data. */
export const loadListingParts = () => preloadComponents(['features/vehicles/components/filter-panel', 'features/vehicles/components/affordability-calculator']);

// Phones only, and only once asked for: see filter-sheet.tsx.
const loadFilterSheet = () => import('../components/filter-sheet');
const FilterSheet = lazyComponent('features/vehicles/components/filter-sheet', loadFilterSheet);

const NO_VEHICLES: never[] = [];
// The same element every render: the calculator takes nothing from the page (see `results` below).
const calculator = <AffordabilityCalculator />;

const cities = DEALERSHIP.addresses.map((a) => a.city).join(' and ');

export default function ListingPage() {
  useMetaDescription(LISTING_DESCRIPTION);
  const { isAuthenticated } = useAuth();
  const s = useListingState();
  const [params] = useSearchParams();
  // The whole stock's facets give the sidebar its choices and ranges (a price slider that shrank as the shopper
  // filtered would lose its way back); the facets of the filters the list shows give the counts. Both keys come from
  // the URL alone, so the server renders and the browser hydrates the same counts.
  const facets = useQuery(facetsQueryOptions());
  const countFilters = useMemo(() => facetFiltersFromParams(toApiParams(s.view)), [s.view]);
  const counts = useQuery(facetsQueryOptions(countFilters));
  const [sheetOpen, setSheetOpen] = useState(false);
  const [sheetWanted, setSheetWanted] = useState(false);
  const filtersButton = useRef<HTMLButtonElement>(null);
  const { view, query, applied } = s;

  const data = query.data;
  const total = data?.pagination.totalVehicles ?? 0;
  const totalPages = data?.pagination.totalPages ?? 0;
  const shownPage = data?.pagination.currentPage ?? view.page;
  const status: 'pending' | 'error' | 'success' = query.isError && !data ? 'error' : data ? 'success' : 'pending';
  const filtersOn = activeFilterCount(applied);

  const checkBudget = () => {
    const el = document.getElementById('calculator');
    if (!el) return;
    el.scrollIntoView({ behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth', block: 'start' });
  };

  const { applyFilters, resetFilters, saveState, setSearch } = s;
  const panel = useCallback((onApplied?: () => void) => (
    <FilterPanel
      facets={facets.data}
      counts={counts.data}
      applied={applied}
      onApply={applyFilters}
      onReset={resetFilters}
      onApplied={onApplied}
    />
  ), [facets.data, counts.data, applied, applyFilters, resetFilters]);

  // Issue 35 §2: the listing renders again as it settles after hydration (the arrival, the stored sort). A part whose
  // boundary has not hydrated yet and receives new props is hydrated at once, at that render's priority: all of
  // them in one long task. So each boundary's content is the same element until what it shows changes, and React
  // skips it (HydrateApart is memoised) and hydrates it later in its own task.
  const { refetch } = query;
  const onRetry = useCallback(() => void refetch(), [refetch]);
  const onClearSearch = useMemo(() => (view.search ? () => setSearch('') : undefined), [view.search, setSearch]);
  const vehicles = data?.vehicles;
  const updating = query.isPlaceholderData && query.isFetching;
  const canReset = filtersOn > 0;
  const sidebarPanel = useMemo(() => <HydrateApart>{panel()}</HydrateApart>, [panel]);
  const results = useMemo(() => (
    <HydrateApart>
      <VehicleResults
        vehicles={vehicles ?? NO_VEHICLES}
        status={status}
        updating={updating}
        onRetry={onRetry}
        onResetFilters={resetFilters}
        canReset={canReset}
        onClearSearch={onClearSearch}
        onLeave={saveState}
      />
    </HydrateApart>
  ), [vehicles, status, updating, onRetry, resetFilters, canReset, onClearSearch, saveState]);

  return (
    <>
      {/* Issue 33 §6, WCAG 2.4.1: the banner, search, sort and every filter come before the first card (38 Tabs). */}
      <a
        href="#results"
        className="sr-only z-[60] rounded-md bg-primary font-semibold text-primary-foreground shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:px-4 focus:py-2"
      >
        Skip to results
      </a>
      <ListingBanner onCheckBudget={checkBudget} />
      <div className="mx-auto w-full max-w-7xl px-4 pt-4 pb-10 sm:pt-8">
        <h1 className="text-xl font-extrabold tracking-tight text-balance sm:text-3xl">{LISTING_TITLE}</h1>
        <p className="mt-1 text-sm text-muted-foreground sm:mt-2 sm:text-base">
          Every price is the all-in price (plus GST). Visit us in {cities}.
        </p>

        <div className="mt-4 sm:mt-6">
          <ListingToolbar
            search={view.search}
            sortBy={view.sortBy}
            onSearch={s.setSearch}
            onSort={s.setSort}
            filterButton={(
              <>
                <Button
                  ref={filtersButton}
                  variant="outline"
                  className="h-11 sm:h-12 lg:hidden"
                  aria-haspopup="dialog"
                  aria-expanded={sheetOpen}
                  onClick={() => { setSheetWanted(true); setSheetOpen(true); }}
                  onPointerEnter={() => void loadFilterSheet()}
                >
                  <SlidersHorizontal aria-hidden />Filters
                  {filtersOn > 0 && (
                    <span className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground">
                      {filtersOn}<span className="sr-only"> active</span>
                    </span>
                  )}
                </Button>
                {sheetWanted && (
                  <Suspense fallback={null}>
                    <FilterSheet open={sheetOpen} onOpenChange={setSheetOpen} returnFocus={filtersButton}>{panel(() => setSheetOpen(false))}</FilterSheet>
                  </Suspense>
                )}
              </>
            )}
          />
        </div>

        <div className="mt-4 grid gap-8 sm:mt-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
          {/* The sidebar shows from lg up (the Filters sheet serves narrower screens). Always rendered, hidden by CSS
              below lg: the server cannot know the width, and a sidebar appearing after hydration would shift the page. */}
          <aside aria-labelledby="filters-title" className="hidden lg:block">
              <div className="rounded-xl border border-border bg-card p-5 shadow-sm">
                <h2 id="filters-title" className="mb-5 text-lg font-bold">Filters</h2>
                {sidebarPanel}
              </div>
          </aside>

          <section id="results" tabIndex={-1} aria-labelledby="results-title" className="min-w-0 scroll-mt-4 outline-none">
            <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 sm:mb-4 sm:gap-y-1">
              <h2 id="results-title" className="text-lg font-bold tracking-tight sm:text-xl">
                {view.search ? `Search Results (${data ? total : '…'})` : 'Vehicles That Match Your Needs'}
              </h2>
              <p role="status" aria-live="polite" className="text-sm text-muted-foreground">
                {/* Nothing found: the panel below says so and offers a way out; "Showing 0 to 0 of 0" said nothing. */}
                {data && total > 0 ? showingText(shownPage, PAGE_SIZE, total) : ''}
              </p>
              {isAuthenticated && <Suspense fallback={null}><SaveSearchButton view={view} /></Suspense>}
            </div>

            <NoScriptBrowse params={params} facets={facets.data} sortBy={view.sortBy} hrefForSort={(sortBy) => s.hrefFor({ sortBy })} />
            {results}

            {data && totalPages > 1 && (
              <div className="mt-8 flex flex-col items-center gap-2">
                <ListingPagination page={shownPage} totalPages={totalPages} onPage={s.setPage} hrefFor={(page) => s.hrefFor({ page })} />
                <p className="text-sm text-muted-foreground">Page {shownPage} of {totalPages}</p>
              </div>
            )}
          </section>
        </div>

        <div className="mt-12">
          {calculator}
        </div>
        <div className="mt-6 flex justify-center">
          <Button variant="ghost" onClick={scrollToTop}>Back to top</Button>
        </div>
      </div>
      <CompareBar />
    </>
  );
}
