import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS, TIMING } from '@domain/constants';
import {
  classifyArrival, effectiveSort, freshVisitParams, hasListingParams, isSavedListingState, planArrival, readListingView,
  savedPage, savedStateToUrl, shouldRestore, toSavedState, writeFiltersToUrl, type ArrivalFacts, type SavedListingState,
} from './listing-restore';
import { filterBounds } from './filter-bounds';
import { toApiParams } from '@domain/listing';

const NOW = new Date('2026-06-15T12:00:00Z');
const origin = 'https://dealer.example';
const facts = (over: Partial<ArrivalFacts> = {}): ArrivalFacts => ({
  navigationType: 'navigate', firstRoute: false, previousPath: '/vehicles/12', referrer: '', origin, urlPage: 1, ...over,
});
const saved = (over: Partial<SavedListingState> = {}): SavedListingState => ({
  page: 3, make: ['Ford'], minPrice: 0, maxPrice: 150000, minYear: 2013, maxYear: 2027, bodyType: [], transmission: [],
  sortBy: 'price-asc', scroll: { x: 0, y: 1800, timestamp: NOW.getTime() - 60_000 }, ...over,
});
const qs = (s: string) => new URLSearchParams(s);

describe('effectiveSort (spec §4: the stored sort is used when the URL has none)', () => {
  it('prefers the URL, then the stored choice, then recommended', () => {
    expect(effectiveSort('year-desc', 'price-asc')).toBe('year-desc');
    expect(effectiveSort(undefined, 'price-asc')).toBe('price-asc');
    expect(effectiveSort(undefined, 'nonsense')).toBe('recommended');
    expect(effectiveSort(undefined, null)).toBe('recommended');
  });
});

describe('readListingView', () => {
  it('reads search, page, sort and the home search card filters', () => {
    const v = readListingView(qs('search=%20camry%20&page=2&sortBy=price-desc&make=Ford&model=F-150&bodyType=Truck&maxPrice=40000&transmission=Automatic'), null, NOW);
    expect(v.search).toBe('camry');
    expect(v.page).toBe(2);
    expect(v.sortBy).toBe('price-desc');
    expect(v.filters.makes).toEqual(['Ford']);
    expect(v.models).toEqual(['F-150']);
    expect(v.filters.bodyTypes).toEqual(['Truck']);
    expect(v.transmissions).toEqual(['Automatic']);
    expect(v.filters.priceMax).toBe(40000);
  });
  it('falls back to the spec §3 defaults and drops bad values', () => {
    const v = readListingView(qs('page=-2&maxPrice=12k&kmMax=123&sortBy=cheap'), 'mileage-asc', NOW);
    expect(v.page).toBe(1);
    expect(v.sortBy).toBe('mileage-asc');
    expect(v.filters).toEqual({ makes: [], bodyTypes: [], priceMin: 0, priceMax: 150000, yearMin: 2013, yearMax: 2027, mileageMax: null, features: [] });
  });
  it('accepts only the spec kilometre options and puts swapped ranges in order', () => {
    const v = readListingView(qs('kmMax=48000&minPrice=30000&maxPrice=10000&minYear=2022&maxYear=2018'), null, NOW);
    expect(v.filters.mileageMax).toBe(48000);
    expect([v.filters.priceMin, v.filters.priceMax]).toEqual([10000, 30000]);
    expect([v.filters.yearMin, v.filters.yearMax]).toEqual([2018, 2022]);
  });
});

describe('writeFiltersToUrl', () => {
  it('omits defaults and keeps search, page and sort', () => {
    const base = readListingView(qs(''), null, NOW);
    const p = writeFiltersToUrl(qs('search=suv&sortBy=price-asc&make=Kia'), { ...base.filters, models: [], transmissions: [], location: null, condition: null }, NOW);
    expect(p.toString()).toBe('search=suv&sortBy=price-asc');
  });
  it('writes every non-default filter, repeated where several', () => {
    const p = writeFiltersToUrl(qs(''), {
      makes: ['Ford', 'RAM'], bodyTypes: ['Truck'], priceMin: 5000, priceMax: 60000, yearMin: 2018, yearMax: 2024,
      mileageMax: 80000, features: ['Tow Package'], models: [], transmissions: ['Automatic'], location: 'Calgary', condition: 'used',
    }, NOW);
    expect(p.getAll('make')).toEqual(['Ford', 'RAM']);
    expect(Object.fromEntries([...p].filter(([k]) => k !== 'make'))).toEqual({
      bodyType: 'Truck', transmission: 'Automatic', minPrice: '5000', maxPrice: '60000', minYear: '2018', maxYear: '2024', kmMax: '80000', feature: 'Tow Package',
      location: 'Calgary', condition: 'used',
    });
  });
  it('round-trips through readListingView', () => {
    const p = qs('make=Honda&bodyType=SUV&minPrice=10000&maxYear=2023&kmMax=120000&feature=Heated%20Seats&location=calgary&condition=New');
    const v = readListingView(p, null, NOW);
    expect(writeFiltersToUrl(qs(''), { ...v.filters, models: v.models, transmissions: v.transmissions, location: v.location, condition: v.condition }, NOW).toString()).toBe(
      'make=Honda&bodyType=SUV&minPrice=10000&maxYear=2023&kmMax=120000&feature=Heated+Seats&location=Calgary&condition=new',
    );
  });
  it('reads the store and condition leniently, and asks the API for them (issue 33 §2)', () => {
    const v = readListingView(qs('location=Calgary&condition=used'), null, NOW);
    expect([v.location, v.condition]).toEqual(['Calgary', 'used']);
    const api = toApiParams(v, NOW);
    expect([api.get('location'), api.get('condition')]).toEqual(['Calgary', 'used']);
    const odd = readListingView(qs('location=Toronto&condition=mint'), null, NOW);
    expect([odd.location, odd.condition]).toEqual([null, null]);
    expect(toApiParams(odd, NOW).has('location')).toBe(false);
  });
  it('keeps the store and condition in the saved state, and brings them back', () => {
    const v = readListingView(qs('location=Edmonton&condition=new&make=Ford'), null, NOW);
    const saved = toSavedState(v, { x: 0, y: 300 }, NOW.getTime());
    const back = savedStateToUrl(saved, NOW);
    expect([back.get('location'), back.get('condition'), back.get('make')]).toEqual(['Edmonton', 'new', 'Ford']);
  });
});

describe('freshVisitParams (spec §4, as docs/decisions/014 departs from it)', () => {
  it('keeps every filter, the search, the sort and the page a shared or reloaded URL carries', () => {
    const url = 'page=4&search=tundra&sortBy=price-asc&make=Toyota&make=Ford&model=Tundra&bodyType=Truck&minPrice=5000&maxPrice=50000'
      + '&minYear=2018&maxYear=2024&transmission=Manual&kmMax=80000&feature=Tow+Package&feature=Heated+Seats';
    expect(freshVisitParams(qs(url)).toString()).toBe(url);
  });
  it('leaves out what is not the listing\'s', () => {
    expect(freshVisitParams(qs('utm_source=mail&make=Kia&ref=abc')).toString()).toBe('make=Kia');
  });
});

describe('classifyArrival (spec §4)', () => {
  it('a first route loaded by navigation or reload is fresh', () => {
    expect(classifyArrival(facts({ firstRoute: true, navigationType: 'navigate', referrer: 'https://google.ca/' })).fresh).toBe(true);
    expect(classifyArrival(facts({ firstRoute: true, navigationType: 'reload', referrer: 'https://google.ca/' })).fresh).toBe(true);
  });
  it('a page above 1 on a new visit is fresh even when arriving by back/forward', () => {
    expect(classifyArrival(facts({ firstRoute: true, navigationType: 'back_forward', urlPage: 3 })).fresh).toBe(true);
    expect(classifyArrival(facts({ firstRoute: true, navigationType: 'back_forward', urlPage: 1 })).fresh).toBe(false);
  });
  it('client-side navigation within the site is never fresh', () => {
    expect(classifyArrival(facts({ firstRoute: false, navigationType: 'reload', urlPage: 5 })).fresh).toBe(false);
  });
  it('from home: the previous SPA route was /, or on a first route the referrer is our home page or empty', () => {
    expect(classifyArrival(facts({ previousPath: '/' })).fromHome).toBe(true);
    expect(classifyArrival(facts({ previousPath: '/vehicles/3' })).fromHome).toBe(false);
    expect(classifyArrival(facts({ firstRoute: true, previousPath: null, referrer: '' })).fromHome).toBe(true);
    expect(classifyArrival(facts({ firstRoute: true, previousPath: null, referrer: `${origin}/` })).fromHome).toBe(true);
    expect(classifyArrival(facts({ firstRoute: true, previousPath: null, referrer: `${origin}/blog` })).fromHome).toBe(false);
    expect(classifyArrival(facts({ firstRoute: true, previousPath: null, referrer: 'https://elsewhere.example/' })).fromHome).toBe(false);
  });
});

describe('saved listing state (spec §3, §4)', () => {
  it('is restored only under 30 minutes old', () => {
    const ctx = { now: NOW.getTime(), fresh: false, fromHome: false, preventRestore: false };
    expect(shouldRestore(saved(), ctx)).toBe(true);
    expect(shouldRestore(saved({ scroll: { x: 0, y: 5, timestamp: NOW.getTime() - TIMING.scrollRestoreExpiry + 1000 } }), ctx)).toBe(true);
    expect(shouldRestore(saved({ scroll: { x: 0, y: 5, timestamp: NOW.getTime() - TIMING.scrollRestoreExpiry } }), ctx)).toBe(false);
    expect(shouldRestore(null, ctx)).toBe(false);
  });
  it('is not restored on a fresh arrival, from home, or with the prevent-restore flag', () => {
    const base = { now: NOW.getTime(), fresh: false, fromHome: false, preventRestore: false };
    expect(shouldRestore(saved(), { ...base, fresh: true })).toBe(false);
    expect(shouldRestore(saved(), { ...base, fromHome: true })).toBe(false);
    expect(shouldRestore(saved(), { ...base, preventRestore: true })).toBe(false);
  });
  it('uses the saved page only when it is a positive integer', () => {
    expect(savedPage(3)).toBe(3);
    expect(savedPage(0)).toBe(1);
    expect(savedPage(-2)).toBe(1);
    expect(savedPage(2.5)).toBe(1);
    expect(savedPage('4')).toBe(1);
    expect(savedStateToUrl(saved({ page: 2.5 }), NOW).has('page')).toBe(false);
  });
  it('validates the stored shape', () => {
    expect(isSavedListingState(saved())).toBe(true);
    expect(isSavedListingState({ ...saved(), scroll: { x: 0 } })).toBe(false);
    expect(isSavedListingState('x')).toBe(false);
    expect(isSavedListingState(null)).toBe(false);
  });
  it('saves the spec fields and rebuilds the URL from them', () => {
    const view = readListingView(qs('page=3&make=Ford&bodyType=Truck&maxPrice=40000&sortBy=price-asc&transmission=Automatic'), null, NOW);
    const s = toSavedState(view, { x: 0, y: 1234.4 }, NOW.getTime());
    expect(s).toMatchObject({ page: 3, make: ['Ford'], bodyType: ['Truck'], maxPrice: 40000, minPrice: 0, minYear: 2013, maxYear: 2027, transmission: ['Automatic'], sortBy: 'price-asc', scroll: { x: 0, y: 1234, timestamp: NOW.getTime() } });
    expect(savedStateToUrl(s, NOW).toString()).toBe('make=Ford&bodyType=Truck&transmission=Automatic&maxPrice=40000&page=3&sortBy=price-asc');
  });
  it('uses the product storage key', () => {
    expect(STORAGE_KEYS.listingState).toBe('vehicle-listing-state');
  });
});

describe('planArrival', () => {
  const now = NOW.getTime();
  it('fresh: keeps the URL\'s filters, sort and page, and restores no position', () => {
    const plan = planArrival({ params: qs('page=3&search=ram&minYear=2019&sortBy=price-asc&feature=Tow+Package'), arrival: { fresh: true, fromHome: false }, saved: saved(), preventRestore: false, now });
    expect(plan).toEqual({ kind: 'fresh', url: qs('page=3&search=ram&minYear=2019&sortBy=price-asc&feature=Tow+Package') });
  });
  it('from home with nothing in the URL: a clean /vehicles, no restore', () => {
    expect(planArrival({ params: qs(''), arrival: { fresh: false, fromHome: true }, saved: saved(), preventRestore: false, now }).kind).toBe('clean');
  });
  it('from home with a search: not cleaned, but not restored either', () => {
    expect(planArrival({ params: qs('bodyType=SUV'), arrival: { fresh: false, fromHome: true }, saved: saved(), preventRestore: false, now }).kind).toBe('top');
  });
  it('back to a bare /vehicles: the saved list and position come back', () => {
    const plan = planArrival({ params: qs(''), arrival: { fresh: false, fromHome: false }, saved: saved(), preventRestore: false, now });
    expect(plan.kind).toBe('restore');
    if (plan.kind !== 'restore') return;
    expect(plan.url?.toString()).toBe('make=Ford&page=3&sortBy=price-asc');
    expect(plan.scroll?.y).toBe(1800);
  });
  it('a URL of its own wins; the position is restored only on the same page', () => {
    const same = planArrival({ params: qs('page=3&make=Ford'), arrival: { fresh: false, fromHome: false }, saved: saved(), preventRestore: false, now });
    expect(same).toMatchObject({ kind: 'restore', url: null, scroll: { y: 1800 } });
    const other = planArrival({ params: qs('page=2'), arrival: { fresh: false, fromHome: false }, saved: saved(), preventRestore: false, now });
    expect(other).toMatchObject({ kind: 'restore', url: null, scroll: null });
  });
  it('the scroll-to-top flag or an expired state: top of the page', () => {
    expect(planArrival({ params: qs(''), arrival: { fresh: false, fromHome: false }, saved: saved(), preventRestore: true, now }).kind).toBe('top');
    expect(planArrival({ params: qs(''), arrival: { fresh: false, fromHome: false }, saved: saved({ scroll: { x: 0, y: 9, timestamp: now - 31 * 60_000 } }), preventRestore: false, now }).kind).toBe('top');
  });
  it('hasListingParams ignores unrelated parameters', () => {
    expect(hasListingParams(qs('utm_source=x'))).toBe(false);
    expect(hasListingParams(qs('maxPrice=1000'))).toBe(true);
  });
});

describe('filterBounds (spec §3, §5)', () => {
  it('uses the fallbacks when the inventory gives nothing', () => {
    expect(filterBounds(undefined, NOW)).toEqual({ priceFloor: 0, priceCeil: 150000, yearFloor: 2000, yearCeil: 2027 });
    expect(filterBounds({ total: 0, price: { min: 0, max: 0 }, year: { min: 0, max: 0 } }, NOW).yearFloor).toBe(2000);
  });
  it('spans the inventory: years to max(newest, next year), price up to a step above the dearest', () => {
    expect(filterBounds({ total: 9, price: { min: 6500, max: 115295 }, year: { min: 2011, max: 2024 } }, NOW)).toEqual({ priceFloor: 0, priceCeil: 150000, yearFloor: 2011, yearCeil: 2027 });
    expect(filterBounds({ total: 9, price: { min: 6500, max: 180500 }, year: { min: 2011, max: 2028 } }, NOW)).toMatchObject({ priceCeil: 181000, yearCeil: 2028 });
  });
});
