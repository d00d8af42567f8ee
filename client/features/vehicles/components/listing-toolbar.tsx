// Search box and sort (spec §2, §4): text is sent after a 300 ms pause; Enter sends at once and goes to page 1.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Search, X } from 'lucide-react';
import { type SortKey, TIMING } from '@domain/constants';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { inputClass } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { isSortKey } from '../listing-restore';
import { useMediaQuery } from '@/lib/use-media-query';
import { keepEarlyInput } from '@/lib/early-input';

/** spec §9 sort keys, and issue 19's best deal, with the labels a shopper reads. */
export const SORT_LABELS: Record<SortKey, string> = {
  recommended: 'Recommended',
  'price-asc': 'Price: Low to High',
  'price-desc': 'Price: High to Low',
  'year-desc': 'Year: Newest First',
  'mileage-asc': 'Kilometers: Lowest First',
  'best-deal': 'Best Deal First',
};

export function ListingToolbar({
  search, sortBy, onSearch, onSort, filterButton,
}: {
  search: string;
  sortBy: SortKey;
  onSearch: (text: string) => void;
  onSort: (s: SortKey) => void;
  /** The phone's "Filters" button, shown beside the sort. */
  filterButton?: ReactNode;
}) {
  const [text, setText] = useState(search);
  const narrow = useMediaQuery('(width < 40rem)');
  const timer = useRef<number | undefined>(undefined);
  const latest = useRef({ search, onSearch });
  // The text we sent last: when the URL comes back with it, the box (maybe typed further meanwhile) is left alone.
  const sent = useRef<string | null>(null);
  const send = (value: string) => {
    sent.current = value.trim();
    latest.current.onSearch(value);
  };
  useEffect(() => {
    latest.current = { search, onSearch };
  });

  // Back/forward or a header search changed the URL: show its text (unless it only differs by spaces being typed).
  // Not on mount, where the box already shows it, or it would undo what the shopper typed before it hydrated.
  const followed = useRef(search);
  useEffect(() => {
    if (search === followed.current) return;
    followed.current = search;
    if (search === sent.current) return;
    sent.current = null;
    setText((t) => (t.trim() === search ? t : search));
  }, [search]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const schedule = (value: string) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      if (value.trim() !== latest.current.search) send(value);
    }, TIMING.searchDebounce); // spec §4: 300 ms pause
  };

  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:gap-3">
      <form
        ref={keepEarlyInput}
        role="search"
        aria-label="Inventory search"
        // Without JavaScript the form itself searches (issue 14); the app takes over once it has loaded.
        action="/vehicles"
        method="get"
        className="relative flex-1"
        onSubmit={(e) => {
          e.preventDefault();
          window.clearTimeout(timer.current);
          send(text); // spec §4: Enter resets to page 1 immediately
        }}
      >
        <label htmlFor="listing-search" className="sr-only">Search the inventory</label>
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted-foreground" />
        <input
          id="listing-search"
          name="search"
          type="search"
          value={text}
          maxLength={100}
          onChange={(e) => { setText(e.target.value); schedule(e.target.value); }}
          // spec §2's placeholder; a phone shows a short one that fits its box instead of a cut-off sentence (issue 21).
          placeholder={narrow ? 'Make, model, year…' : 'Search vehicles by make, model, year, or features...'}
          autoComplete="off"
          enterKeyHint="search"
          className={cn(inputClass, 'h-11 pr-11 pl-10 sm:h-12 [&::-webkit-search-cancel-button]:hidden')}
        />
        {text && (
          <button
            type="button"
            aria-label="Clear search"
            onClick={() => { window.clearTimeout(timer.current); setText(''); send(''); }}
            className="absolute top-1/2 right-2 inline-flex size-8 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full text-muted-foreground hover:bg-muted hover:text-foreground"
          >
            <X className="size-4" aria-hidden />
          </button>
        )}
      </form>
      <div className="flex items-end gap-2">
        {filterButton}
        {/* On a phone the label sits inside the box's row rather than above it (issue 35 §4: vehicles on the first screen). */}
        <div className="relative flex flex-1 flex-col gap-1.5 sm:w-56 sm:flex-none">
          <Label htmlFor="listing-sort" className="pointer-events-none absolute top-1/2 left-3 z-10 -translate-y-1/2 text-xs text-muted-foreground sm:static sm:translate-y-0">Sort by</Label>
          <Select
            id="listing-sort"
            value={sortBy}
            onChange={(e) => { if (isSortKey(e.target.value)) onSort(e.target.value); }}
            className="h-11 pl-16 sm:h-12 sm:pl-3"
          >
            {(Object.keys(SORT_LABELS) as SortKey[]).map((k) => <option key={k} value={k}>{SORT_LABELS[k]}</option>)}
          </Select>
        </div>
      </div>
    </div>
  );
}
