// The filter sidebar of spec §2/§5: price inputs and slider (step 1000), makes, body types, year selects,
// kilometres, features (5 shown, More/Less). Choices are a draft until 'Apply Filters', which takes effect
// after 300 ms; 'Reset All' restores the full ranges at once. Options come from GET /api/vehicles/facets: the
// choices and the ranges from the whole stock, so nothing moves or shrinks as the shopper filters; the counts from
// the facets of the applied filters, so each says what ticking it would give. A choice that would give nothing
// shows (0) and cannot be ticked (it stays listed, and a ticked one can still be unticked).
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { ChevronDown, ChevronUp, SlidersHorizontal } from 'lucide-react';
import {
  CONDITIONS, type Condition, KILOMETRE_OPTIONS, LOCATIONS, type Location, PRICE_MAX_DEFAULT, PRICE_MIN_DEFAULT, PRICE_STEP, TIMING, YEAR_MIN_DEFAULT, yearMaxDefault,
} from '@domain/constants';
import type { Facets } from '@domain/vehicle';
import { cn } from '@/lib/cn';
import { facetOptions, type FacetOption } from '@/lib/facets';
import { formatNumber, formatPrice } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { RangeSlider } from '@/components/ui/slider';
import { type AppliedFilters, noFilters } from '../listing-restore';
import { filterBounds, type FilterBounds } from '../filter-bounds';
import { keepEarlyInput } from '@/lib/early-input';

const FEATURES_SHOWN = 5; // spec §2: 5 shown with a More/Less toggle

const sameFilters = (a: AppliedFilters, b: AppliedFilters) => JSON.stringify(a) === JSON.stringify(b);

export function FilterPanel({
  facets, counts, applied, onApply, onReset, onApplied,
}: {
  /** The unfiltered facets: the choices offered and the slider and select ranges. */
  facets: Facets | undefined;
  /** The facets of the applied filters: the count beside each choice. */
  counts: Facets | undefined;
  applied: AppliedFilters;
  onApply: (f: AppliedFilters) => void;
  onReset: () => void;
  /** Called once the filters took effect (the phone's sheet closes). */
  onApplied?: () => void;
}) {
  const uid = useId();
  const [draft, setDraft] = useState(applied);
  const [applying, setApplying] = useState(false);
  const [showAllFeatures, setShowAllFeatures] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const bounds = useMemo(() => filterBounds(facets), [facets]);

  // The applied filters changed (back/forward, reset, a chip removed): the draft follows. Not on mount, where the
  // draft already is the applied filters, or it would undo what the shopper chose before the panel hydrated.
  const appliedKey = JSON.stringify(applied);
  const followed = useRef(appliedKey);
  useEffect(() => {
    if (followed.current === appliedKey) return;
    followed.current = appliedKey;
    setDraft(JSON.parse(appliedKey) as AppliedFilters);
  }, [appliedKey]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const set = (patch: Partial<AppliedFilters>) => setDraft((d) => ({ ...d, ...patch }));
  const toggle = (list: string[], value: string, on: boolean) => (on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value));

  const apply = () => {
    window.clearTimeout(timer.current);
    setApplying(true);
    const f = normalise(draft, bounds);
    // spec §2: Apply Filters takes effect after 300 ms.
    timer.current = window.setTimeout(() => {
      setApplying(false);
      onApply(f);
      onApplied?.();
    }, TIMING.filterApply);
  };

  const reset = () => {
    window.clearTimeout(timer.current);
    setApplying(false);
    setDraft(noFilters());
    onReset();
  };

  // Shown values: an inactive bound (the default, which the API leaves out) shows the inventory's full range.
  const priceLow = Math.max(bounds.priceFloor, Math.min(draft.priceMin, bounds.priceCeil));
  const priceHigh = draft.priceMax >= PRICE_MAX_DEFAULT ? bounds.priceCeil : Math.max(priceLow, draft.priceMax);
  const yearLow = draft.yearMin <= YEAR_MIN_DEFAULT ? Math.min(bounds.yearFloor, draft.yearMin) : draft.yearMin;
  const yearHigh = draft.yearMax >= yearMaxDefault() ? bounds.yearCeil : draft.yearMax;
  const years = useMemo(() => {
    const list: number[] = [];
    for (let y = bounds.yearCeil; y >= Math.min(bounds.yearFloor, yearLow); y--) list.push(y);
    return list;
  }, [bounds.yearCeil, bounds.yearFloor, yearLow]);

  const options = (key: 'makes' | 'bodyTypes' | 'features') => facetOptions(facets?.[key] ?? counts?.[key] ?? [], counts?.[key]);
  const makes = withChecked(options('makes'), draft.makes);
  const bodyTypes = withChecked(options('bodyTypes'), draft.bodyTypes);
  const allFeatures = withChecked(options('features'), draft.features);
  const features = showAllFeatures
    ? allFeatures
    : allFeatures.filter((f, i) => i < FEATURES_SHOWN || draft.features.includes(f.value));
  const dirty = !sameFilters(normalise(draft, bounds), normalise(applied, bounds));
  const id = (s: string) => `${uid}-${s}`;

  return (
    <form
      ref={keepEarlyInput}
      aria-label="Filters"
      className="flex flex-col gap-6"
      onSubmit={(e) => { e.preventDefault(); apply(); }}
    >
      {/* Issue 33 §2: which store, and new or used. One value each (the API takes one), so radios with "Any". */}
      <ChoiceGroup
        legend="Store" name={id('store')} any="Both stores" value={draft.location}
        options={LOCATIONS.map((l) => ({ value: l, label: l, count: countOf(counts?.locations, l) }))}
        onChange={(v) => set({ location: v as Location | null })}
      />
      <ChoiceGroup
        legend="Condition" name={id('condition')} any="New and used" value={draft.condition}
        options={CONDITIONS.map((c) => ({ value: c, label: CONDITION_LABELS[c], count: countOf(counts?.conditions, c) }))}
        onChange={(v) => set({ condition: v as Condition | null })}
      />

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-3 text-sm font-bold">Price Range</legend>
        <div className={pairClass}>
          <Label htmlFor={id('pmin')} className="text-xs text-muted-foreground">Min price</Label>
          <Input
            id={id('pmin')} type="number" inputMode="numeric" min={0} step={PRICE_STEP}
            value={priceLow}
            onChange={(e) => set({ priceMin: toWhole(e.target.value, PRICE_MIN_DEFAULT) })}
          />
          <Label htmlFor={id('pmax')} className="text-xs text-muted-foreground">Max price</Label>
          <Input
            id={id('pmax')} type="number" inputMode="numeric" min={0} step={PRICE_STEP}
            value={priceHigh}
            onChange={(e) => {
              const v = toWhole(e.target.value, bounds.priceCeil);
              set({ priceMax: v >= bounds.priceCeil ? PRICE_MAX_DEFAULT : v });
            }}
          />
        </div>
        <RangeSlider
          min={bounds.priceFloor}
          max={bounds.priceCeil}
          step={PRICE_STEP}
          value={[priceLow, priceHigh]}
          onValueChange={([lo, hi]) => set({
            priceMin: lo,
            priceMax: hi >= bounds.priceCeil ? PRICE_MAX_DEFAULT : hi,
          })}
          thumbLabels={['Minimum price', 'Maximum price']}
          className="mt-1"
        />
        <p className="flex justify-between text-xs text-muted-foreground" aria-hidden>
          <span>{formatPrice(priceLow)}</span>
          <span>{formatPrice(priceHigh)}{priceHigh >= bounds.priceCeil ? '+' : ''}</span>
        </p>
      </fieldset>

      <CheckboxGroup
        legend="Make" idPrefix={id('make')} options={makes} checked={draft.makes}
        onChange={(v, on) => set({ makes: toggle(draft.makes, v, on) })}
      />

      <CheckboxGroup
        legend="Body Type" idPrefix={id('body')} options={bodyTypes} checked={draft.bodyTypes}
        onChange={(v, on) => set({ bodyTypes: toggle(draft.bodyTypes, v, on) })}
      />

      <fieldset>
        <legend className="mb-3 text-sm font-bold">Year</legend>
        <div className={pairClass}>
          <Label htmlFor={id('ymin')} className="text-xs text-muted-foreground">Min year</Label>
          <Select
            id={id('ymin')} value={yearLow}
            onChange={(e) => {
              const y = Number(e.target.value);
              set({ yearMin: y, ...(y > yearHigh ? { yearMax: y } : {}) });
            }}
          >
            {years.map((y) => <option key={y} value={y}>{y}</option>)}
          </Select>
          <Label htmlFor={id('ymax')} className="text-xs text-muted-foreground">Max year</Label>
          <Select
            id={id('ymax')} value={yearHigh}
            onChange={(e) => {
              const y = Number(e.target.value);
              set({ yearMax: y >= bounds.yearCeil ? yearMaxDefault() : y, ...(y < yearLow ? { yearMin: y } : {}) });
            }}
          >
            {years.map((y) => <option key={y} value={y}>{y}</option>)}
          </Select>
        </div>
      </fieldset>

      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id('km')} className="text-sm font-bold">Kilometers</Label>
        <Select
          id={id('km')}
          value={draft.mileageMax === null ? '' : String(draft.mileageMax)}
          onChange={(e) => set({ mileageMax: e.target.value ? Number(e.target.value) : null })}
        >
          <option value="">Any</option>
          {KILOMETRE_OPTIONS.map((km) => <option key={km} value={km}>Under {formatNumber(km)} km</option>)}
        </Select>
      </div>

      <div>
        <CheckboxGroup
          legend="Features" idPrefix={id('feat')} options={features} checked={draft.features}
          onChange={(v, on) => set({ features: toggle(draft.features, v, on) })}
          listId={id('feat-list')}
        />
        {allFeatures.length > FEATURES_SHOWN && (
          <Button
            variant="link" size="sm" className="mt-1 px-0"
            aria-expanded={showAllFeatures} aria-controls={id('feat-list')}
            onClick={() => setShowAllFeatures((s) => !s)}
          >
            {showAllFeatures ? <>Less<ChevronUp aria-hidden /></> : <>More ({allFeatures.length - FEATURES_SHOWN})<ChevronDown aria-hidden /></>}
          </Button>
        )}
      </div>

      {(applied.models.length > 0 || applied.transmissions.length > 0) && (
        <p className="text-xs text-muted-foreground">
          Also filtered by {[...applied.models, ...applied.transmissions].join(', ')}. Reset All clears these too.
        </p>
      )}

      {/* Sticks above the compare bar on wide screens (styles.css), where the bar would otherwise cover Reset All;
          in the phone's filter sheet the sheet covers the bar, so it sticks to the sheet's bottom. The buttons wrap
          rather than stick out of a narrow card (issue 21). */}
      <div className="above-bottom-bars sticky bottom-0 -mx-1 flex flex-wrap gap-2 border-t border-border bg-card px-1 py-3 lg:bottom-(--compare-bar-space)">
        <Button type="submit" className="grow px-3" disabled={applying} aria-describedby={dirty ? id('pending') : undefined}>
          <SlidersHorizontal aria-hidden />{applying ? 'Applying…' : 'Apply Filters'}
        </Button>
        {/* No icon: both buttons then fit on one line in the 18rem sidebar. */}
        <Button variant="outline" onClick={reset} className="grow px-3">
          Reset All
        </Button>
        {dirty && <span id={id('pending')} className="sr-only">You have changes not applied yet.</span>}
      </div>
    </form>
  );
}

/** Two labelled fields side by side, each label above its field: columns filled top to bottom, no box per field. */
const pairClass = 'grid grid-flow-col grid-cols-2 grid-rows-[auto_auto] gap-x-2 gap-y-1.5';

const CONDITION_LABELS: Record<Condition, string> = { new: 'New', used: 'Used' };

const countOf = (list: readonly { value: string; count: number }[] | undefined, value: string) => list?.find((c) => c.value === value)?.count ?? null;

/** A one-of choice with "Any" first; a choice that would give nothing shows (0) and cannot be picked unless picked. */
function ChoiceGroup({
  legend, name, any, value, options, onChange,
}: {
  legend: string;
  name: string;
  any: string;
  value: string | null;
  options: { value: string; label: string; count: number | null }[];
  onChange: (value: string | null) => void;
}) {
  const all = [{ value: '', label: any, count: null }, ...options];
  return (
    <fieldset>
      <legend className="mb-3 text-sm font-bold">{legend}</legend>
      <ul className="flex flex-col gap-1">
        {all.map((o, i) => {
          const rid = `${name}-${i}`;
          const on = (value ?? '') === o.value;
          const off = o.count === 0 && !on;
          return (
            <li key={o.value || 'any'} className="flex min-h-8 items-center gap-2.5">
              <input
                type="radio" id={rid} name={name} value={o.value} checked={on} disabled={off}
                onChange={() => onChange(o.value || null)}
                className="size-4 shrink-0 cursor-pointer accent-primary disabled:cursor-not-allowed"
              />
              <Label
                htmlFor={rid}
                className={cn('flex flex-1 cursor-pointer items-center justify-between gap-2 py-1 font-normal', off && 'cursor-not-allowed text-muted-foreground')}
              >
                {o.label}
                {o.count !== null && <OptionCount count={o.count} />}
              </Label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

function CheckboxGroup({
  legend, idPrefix, options, checked, onChange, listId,
}: {
  legend: string;
  idPrefix: string;
  options: FacetOption[];
  checked: string[];
  onChange: (value: string, on: boolean) => void;
  listId?: string;
}) {
  if (options.length === 0) return null;
  return (
    <fieldset>
      <legend className="mb-3 text-sm font-bold">{legend}</legend>
      <ul id={listId} className="flex flex-col gap-1">
        {options.map((o, i) => {
          const cid = `${idPrefix}-${i}`;
          const on = checked.includes(o.value);
          const off = o.count === 0 && !on;
          return (
            <li key={o.value} className="flex min-h-8 items-center gap-2.5">
              <Checkbox id={cid} checked={on} disabled={off} onCheckedChange={(v) => onChange(o.value, v === true)} />
              <Label
                htmlFor={cid}
                className={cn(
                  'flex flex-1 cursor-pointer items-center justify-between gap-2 py-1 font-normal',
                  off && 'cursor-not-allowed text-muted-foreground',
                )}
              >
                {o.value}
                {o.count !== null && <OptionCount count={o.count} />}
              </Label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/**
 * An option's count: "(12)" on screen, read as "Ford (12 vehicles)" (an sr-only word inside the brackets would be read
 * with a stray space). Issue 35 §2: the option's name is the label's own text and the two counts sit straight in the
 * label, which lays out the name and the shown count (the hidden one is out of the flow): no wrapping spans per row.
 */
function OptionCount({ count }: { count: number }) {
  return (
    <>
      <span aria-hidden className="text-xs text-muted-foreground tabular-nums">({count})</span>
      <span className="sr-only">({count} {count === 1 ? 'vehicle' : 'vehicles'})</span>
    </>
  );
}

/** Facet options, plus any checked value the inventory no longer has (so it can be unchecked). */
function withChecked(options: FacetOption[], checked: string[]) {
  const list: FacetOption[] = [...options];
  for (const c of checked) if (!options.some((o) => o.value === c)) list.push({ value: c, count: null });
  return list;
}

function toWhole(raw: string, empty: number): number {
  if (raw.trim() === '') return empty;
  const n = Math.floor(Number(raw));
  return Number.isFinite(n) && n >= 0 ? n : empty;
}

/** Swapped bounds are put in order, and a bound at the edge of the range is the (omitted) default. */
function normalise(f: AppliedFilters, b: FilterBounds): AppliedFilters {
  let { priceMin, priceMax, yearMin, yearMax } = f;
  if (priceMax < PRICE_MAX_DEFAULT && priceMin > priceMax) [priceMin, priceMax] = [priceMax, priceMin];
  if (priceMax >= b.priceCeil) priceMax = PRICE_MAX_DEFAULT;
  if (yearMin > yearMax) [yearMin, yearMax] = [yearMax, yearMin];
  if (yearMin <= Math.min(b.yearFloor, YEAR_MIN_DEFAULT)) yearMin = YEAR_MIN_DEFAULT;
  if (yearMax >= b.yearCeil) yearMax = yearMaxDefault();
  return { ...f, priceMin, priceMax, yearMin, yearMax };
}
