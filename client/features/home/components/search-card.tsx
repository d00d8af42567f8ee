// Vehicle search card (spec §2, §5): Body Style → Make → Model cascade from the live facets, Max Price,
// and a search that needs at least one criterion. The rules live in ../search-card-options.ts (unit tested).
// The choices come from the whole stock; their counts and the result count from the facets of the chosen values,
// so they follow the Max Price typed (after a pause) and the choices made. A choice with nothing left shows (0),
// disabled, rather than vanishing.
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { PRICE_STEP, TIMING } from '@domain/constants';
import { facetsQueryOptions } from '@/lib/facets';
import { SCROLL_TO_TOP_FLAG, setSessionFlag } from '@/lib/session-flags';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import {
  bodyTypeOptions, cardFacetFilters, changeField, EMPTY_SEARCH, hasCriterion, makeOptions, modelOptions, searchUrl,
  type SearchCardState,
} from '../search-card-options';
import { keepEarlyInput } from '@/lib/early-input';

const HINT = 'Enter at least one search criteria to find vehicles'; // spec §2, verbatim

export function SearchCard() {
  const { data: all } = useQuery(facetsQueryOptions());
  const [state, setState] = useState<SearchCardState>(EMPTY_SEARCH);
  // The Max Price counts once typing pauses: one request for "25000", not one per digit.
  const [countedPrice, setCountedPrice] = useState(state.maxPrice);
  useEffect(() => {
    const timer = window.setTimeout(() => setCountedPrice(state.maxPrice), TIMING.searchDebounce);
    return () => window.clearTimeout(timer);
  }, [state.maxPrice]);
  const counted = useMemo(() => ({ ...state, maxPrice: countedPrice }), [state, countedPrice]);
  // The first render asks for no filters: the same (server-rendered) answer as the hero's and the footer's.
  const { data } = useQuery(facetsQueryOptions(cardFacetFilters(counted)));
  const navigate = useNavigate();

  const models = useMemo(() => all?.models ?? data?.models ?? [], [all, data]);
  const counts = data?.models;
  const bodies = useMemo(() => bodyTypeOptions(models, counts), [models, counts]);
  const makes = useMemo(() => makeOptions(models, state.bodyType, counts), [models, state.bodyType, counts]);
  const modelChoices = useMemo(() => modelOptions(models, state.bodyType, state.make, counts), [models, state.bodyType, state.make, counts]);
  const ready = hasCriterion(state);
  const filtered = hasCriterion(counted);
  // A chosen value stays selectable even when the other choices leave it nothing, so the select can show it.
  const option = (o: { value: string; count: number }, chosen: string) => (
    <option key={o.value} value={o.value} disabled={o.count === 0 && o.value !== chosen}>{o.value} ({o.count})</option>
  );
  const set = (field: keyof SearchCardState) => (value: string) => setState((s) => changeField(s, field, value));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    setSessionFlag(SCROLL_TO_TOP_FLAG);
    void navigate(searchUrl(state));
  };

  return (
    <section aria-labelledby="search-card-title" data-home-search className="relative z-10 mx-auto -mt-16 w-full max-w-7xl px-4 lg:-mt-20">
      <form
        ref={keepEarlyInput}
        onSubmit={onSubmit}
        className="rounded-2xl border border-border bg-card p-5 shadow-xl sm:p-6"
        role="search"
        aria-labelledby="search-card-title"
      >
        <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="search-card-title" className="text-xl font-extrabold tracking-tight">Find your next vehicle</h2>
          {/* Polite: a shopper on a screen reader hears the count follow the choices, once typing pauses. */}
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {data && (filtered
              ? `${data.total} matching ${data.total === 1 ? 'vehicle' : 'vehicles'} in Edmonton & Calgary`
              : data.total > 0 && `${data.total} vehicles available in Edmonton & Calgary`)}
          </p>
        </div>
        <div className="grid grid-cols-2 items-end gap-x-3 gap-y-4 sm:gap-x-4 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto]">
          <div className="grid gap-1.5">
            <Label htmlFor="search-body">Body Style</Label>
            <Select id="search-body" value={state.bodyType} onChange={(e) => set('bodyType')(e.target.value)}>
              <option value="">Any style</option>
              {bodies.map((o) => option(o, state.bodyType))}
            </Select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="search-make">Make</Label>
            <Select id="search-make" value={state.make} onChange={(e) => set('make')(e.target.value)}>
              <option value="">Any make</option>
              {makes.map((o) => option(o, state.make))}
            </Select>
          </div>
          <div className="col-span-2 grid gap-1.5 lg:col-span-1">
            <Label htmlFor="search-model">Model</Label>
            <Select id="search-model" value={state.model} disabled={!state.make} onChange={(e) => set('model')(e.target.value)}>
              {state.make ? <option value="">Any model</option> : <option value="">Select make first</option>}
              {modelChoices.map((o) => option(o, state.model))}
            </Select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="search-max-price">Max Price</Label>
            <div className="relative">
              <span aria-hidden className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground">$</span>
              <Input
                id="search-max-price"
                type="number"
                inputMode="numeric"
                min={0}
                step={PRICE_STEP}
                placeholder="No limit"
                value={state.maxPrice}
                onChange={(e) => set('maxPrice')(e.target.value)}
                className="pl-7"
                aria-describedby="search-max-price-unit"
              />
              <span id="search-max-price-unit" className="sr-only">Canadian dollars, all-in price</span>
            </div>
          </div>
          <Button type="submit" className="h-10 w-full text-base lg:w-auto lg:px-6" disabled={!ready} aria-describedby={ready ? undefined : 'search-card-hint'}>
            <Search aria-hidden />
            <span>Search<span className="max-sm:sr-only"> Vehicles</span></span>
          </Button>
        </div>
        <p id="search-card-hint" className="mt-3 min-h-5 text-sm text-muted-foreground" aria-live="polite">
          {ready ? '' : HINT}
        </p>
      </form>
    </section>
  );
}
