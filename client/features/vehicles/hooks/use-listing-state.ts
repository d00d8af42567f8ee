// The listing's state (spec §4 "Listing state"): the URL is the source of truth for search, page, sort and
// filters, so back/forward re-reads everything; the chosen sort is remembered in localStorage; the list
// position and filters are saved in sessionStorage on leaving and restored on coming back.
// The decisions themselves live in ../listing-restore.ts, where they are unit-tested.
import { useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { DEFAULT_SORT, type SortKey, STORAGE_KEYS, TIMING } from '@domain/constants';
import { mirrorToUrl } from '@domain/listing';
import { routeBefore } from '@/lib/route-history';
import { SCROLL_TO_TOP_FLAG, takeSessionFlag } from '@/lib/session-flags';
import { readJSON, readString, removeItem, writeJSON, writeString } from '@/lib/storage';
import { useIsServerRender } from '@/lib/render-context';
import { mirrorSortCookie, RenderedSortContext } from '@/lib/rendered-sort';
import { useHydrated } from '@/lib/use-hydrated';
import { useVehicles } from '../api/get-vehicles';
import {
  type AppliedFilters, classifyArrival, isSavedListingState, type NavigationType, noFilters, planArrival, readListingView,
  type SavedListingState, type SavedScroll, toSavedState, writeFiltersToUrl,
} from '../listing-restore';

const session = { area: 'session' } as const;

function navigationType(): NavigationType {
  try {
    const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    return entry?.type as NavigationType;
  } catch {
    return undefined;
  }
}

const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

export function scrollToTop() {
  window.scrollTo({ top: 0, left: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
}

export function useListingState() {
  const isServerRender = useIsServerRender();
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  // spec §4: a stored sort applies when the URL has none. The hydrating render uses the sort the server rendered
  // with (its cookie copy, lib/rendered-sort.ts) so the cards don't re-order after hydration; storage is read after
  // it (and the cookie brought in line); a later mount (client-side navigation) reads storage at once.
  const hydrated = useHydrated();
  const renderedSort = useContext(RenderedSortContext);
  const [storedSort, setStoredSort] = useState(() => (hydrated ? readString(STORAGE_KEYS.sort) : renderedSort));
  useEffect(() => {
    const stored = readString(STORAGE_KEYS.sort);
    mirrorSortCookie(stored);
    if (!hydrated) setStoredSort(stored);
  }, [hydrated]);
  const view = useMemo(() => readListingView(params, storedSort), [params, storedSort]);

  // --- Arrival (once per mount): fresh visit, from home, restore or top (spec §4). ---
  // The URL the arrival settled on; the list is fetched only once the router shows it (no wasted request).
  const [target, setTarget] = useState<string | null | undefined>(undefined);
  const [ready, setReady] = useState(false);
  const arrivedRef = useRef(false);
  const pendingScroll = useRef<SavedScroll | null>(null);
  useLayoutEffect(() => {
    // StrictMode runs effects twice in development; the arrival must be read once (it consumes a flag).
    if (arrivedRef.current) return;
    arrivedRef.current = true;
    const { firstRoute, previousPath } = routeBefore(pathname);
    const current = new URLSearchParams(window.location.search);
    const arrival = classifyArrival({
      navigationType: navigationType(),
      firstRoute,
      previousPath,
      referrer: document.referrer,
      origin: window.location.origin,
      urlPage: Number(current.get('page')) || 1,
    });
    const preventRestore = takeSessionFlag(SCROLL_TO_TOP_FLAG);
    const saved = readJSON<SavedListingState | null>(STORAGE_KEYS.listingState, null, {
      ...session, validate: isSavedListingState, onCorrupt: 'keep', // spec §8: unreadable listing state is only logged
    });
    const plan = planArrival({ params: current, arrival, saved, preventRestore, now: Date.now() });
    // Issue 35 §2: the listing hydrates after the root, in boundaries of its own, so on a slow phone the shopper may
    // already be scrolling the server's page when this runs. A page the browser loaded starts at the top by itself
    // (a reload's old position is reset by the root layout as it hydrates), so a position here is the shopper's
    // own: it is kept unless the arrival shows another list. A list after client-side navigation starts at the top.
    const shopperScrolled = !hydrated && navigationType() !== 'back_forward' && (window.scrollX !== 0 || window.scrollY !== 0);
    let settled: string | null = null;
    const toTop = () => { if (!shopperScrolled || settled !== null) window.scrollTo(0, 0); };
    const replace = (url: URLSearchParams) => {
      if (url.toString() === current.toString()) return;
      settled = url.toString();
      setParams(url, { replace: true, preventScrollReset: true });
    };
    switch (plan.kind) {
      case 'fresh':
        removeItem(STORAGE_KEYS.listingState, session);
        replace(plan.url);
        toTop();
        break;
      case 'clean':
        replace(plan.url);
        toTop();
        break;
      case 'restore':
        if (plan.url) replace(plan.url);
        pendingScroll.current = plan.scroll;
        break;
      case 'top':
        toTop();
        break;
    }
    setTarget(settled);
    // Arrival is about the URL we arrived with, read directly; later URL changes are not arrivals.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!ready && target !== undefined && (target === null || target === params.toString())) setReady(true);
  }, [ready, target, params]);

  // On the server the URL is the page: it renders that list (and the browser hydrates it from the same answer, the
  // query being in its cache even while the arrival is still settling).
  const query = useVehicles(view, ready || isServerRender);

  // spec §4: the saved position is restored after the data loads.
  // Only the settled URL's data counts: a disabled query still answers from the cache for the URL being replaced.
  const loaded = ready && query.isSuccess && !query.isPlaceholderData;
  useEffect(() => {
    if (!loaded || !pendingScroll.current) return;
    const { x, y } = pendingScroll.current;
    pendingScroll.current = null;
    requestAnimationFrame(() => window.scrollTo(x, y));
  }, [loaded]);

  // Issue 33 §5: a page past the end was answered with the last page (api/get-vehicles.ts); the address says so too,
  // in place, so Back, a reload and the saved state all mean the page on screen.
  const shownPage = loaded ? query.data?.pagination.currentPage : undefined;
  useEffect(() => {
    if (shownPage === undefined || shownPage >= view.page) return;
    const next = new URLSearchParams(params);
    if (shownPage > 1) next.set('page', String(shownPage)); else next.delete('page');
    setParams(next, { replace: true, preventScrollReset: true });
  }, [shownPage, view.page, params, setParams]);

  // --- Saving on leave (spec §3 saved listing state). ---
  // The position is read at the moment of leaving: when a card's link is followed, and as the page unmounts (a
  // layout effect's cleanup runs before the next route's scroll reset). A position kept from scroll events was
  // overwritten by that reset before the unmount saved it, so the list came back at the top (issue 21).
  const viewRef = useRef(view);
  useEffect(() => {
    viewRef.current = view;
  }, [view]);
  const saveState = useCallback(() => {
    // Before the arrival ran, the view is the one being replaced: nothing worth saving yet.
    if (!arrivedRef.current) return;
    const scroll = { x: window.scrollX, y: window.scrollY };
    writeJSON(STORAGE_KEYS.listingState, toSavedState(viewRef.current, scroll, Date.now()), session);
  }, []);
  useLayoutEffect(() => saveState, [saveState]);

  // --- Changes. Each pushes a history entry, so back/forward steps through them. ---
  const push = useCallback((next: URLSearchParams) => {
    setParams(next, { preventScrollReset: true });
  }, [setParams]);

  const setSearch = useCallback((text: string) => {
    // spec §4: a search change resets the page to 1; Enter with the same text does too.
    const next = mirrorToUrl(params, { search: text, page: 1, sortBy: view.sortBy });
    if (next.toString() !== params.toString()) push(next);
  }, [params, push, view.sortBy]);

  const setPage = useCallback((page: number) => {
    push(mirrorToUrl(params, { search: view.search, page, sortBy: view.sortBy }));
    // spec §4: changing page scrolls to the top after 100 ms.
    window.setTimeout(scrollToTop, TIMING.pageChangeScroll);
  }, [params, push, view.search, view.sortBy]);

  const setSort = useCallback((sortBy: SortKey) => {
    // spec §4: the chosen sort is stored and used when the URL has none.
    writeString(STORAGE_KEYS.sort, sortBy);
    mirrorSortCookie(sortBy);
    setStoredSort(sortBy);
    push(mirrorToUrl(params, { search: view.search, page: 1, sortBy }));
  }, [params, push, view.search]);

  const applyFilters = useCallback((f: AppliedFilters) => {
    const withFilters = writeFiltersToUrl(params, f);
    push(mirrorToUrl(withFilters, { search: view.search, page: 1, sortBy: view.sortBy }));
  }, [params, push, view.search, view.sortBy]);

  /** The address of this list at another page or sort: real links, which work before (and without) JavaScript. */
  const hrefFor = useCallback((change: { page?: number; sortBy?: SortKey }) => {
    const next = mirrorToUrl(params, { search: view.search, page: change.page ?? 1, sortBy: change.sortBy ?? view.sortBy });
    const qs = next.toString();
    return qs ? `${pathname}?${qs}` : pathname;
  }, [params, pathname, view.search, view.sortBy]);

  const resetFilters = useCallback(() => {
    applyFilters(noFilters());
  }, [applyFilters]);

  const applied: AppliedFilters = useMemo(
    () => ({ ...view.filters, models: view.models, transmissions: view.transmissions, location: view.location, condition: view.condition }),
    [view],
  );

  return {
    view, applied, query, ready, saveState, hrefFor,
    setSearch, setPage, setSort, applyFilters, resetFilters,
    isDefaultSort: view.sortBy === DEFAULT_SORT,
  };
}
