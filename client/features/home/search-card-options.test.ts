import { describe, expect, it } from 'vitest';
import {
  bodyTypeOptions, cardFacetFilters, changeField, EMPTY_SEARCH, hasCriterion, makeOptions, modelOptions, parseMaxPrice, searchUrl,
  type ModelFacet,
} from './search-card-options';

const models: ModelFacet[] = [
  { make: 'Ford', model: 'F-150', bodyType: 'Truck', count: 4 },
  { make: 'Ford', model: 'Escape', bodyType: 'SUV', count: 2 },
  { make: 'Ford', model: 'Explorer', bodyType: 'SUV', count: 1 },
  { make: 'Toyota', model: 'RAV4', bodyType: 'SUV', count: 3 },
  { make: 'Toyota', model: 'Tacoma', bodyType: 'Truck', count: 1 },
  { make: 'Honda', model: 'Civic', bodyType: 'Sedan', count: 5 },
  { make: 'Honda', model: 'Gone', bodyType: 'Sedan', count: 0 },
];

describe('search card options', () => {
  it('lists body styles with summed counts, sorted', () => {
    expect(bodyTypeOptions(models)).toEqual([
      { value: 'Sedan', count: 5 }, { value: 'SUV', count: 6 }, { value: 'Truck', count: 5 },
    ]);
  });

  it('narrows makes by body style, and offers all makes without one', () => {
    expect(makeOptions(models, '').map((o) => o.value)).toEqual(['Ford', 'Honda', 'Toyota']);
    expect(makeOptions(models, 'Truck')).toEqual([{ value: 'Ford', count: 4 }, { value: 'Toyota', count: 1 }]);
    expect(makeOptions(models, 'Sedan').map((o) => o.value)).toEqual(['Honda']);
  });

  it('offers no models until a make is chosen, then narrows by make and body style', () => {
    expect(modelOptions(models, '', '')).toEqual([]);
    expect(modelOptions(models, 'SUV', '')).toEqual([]);
    expect(modelOptions(models, '', 'Ford').map((o) => o.value)).toEqual(['Escape', 'Explorer', 'F-150']);
    expect(modelOptions(models, 'SUV', 'Ford').map((o) => o.value)).toEqual(['Escape', 'Explorer']);
    expect(modelOptions(models, '', 'Honda')).toEqual([{ value: 'Civic', count: 5 }]); // zero counts dropped
  });

  it('offers the whole stock\'s choices with the counts of the filtered facets, 0 rather than dropped', () => {
    // Under a price limit: the Ford trucks and the Explorer are out, a Honda Civic is still in.
    const underPrice: ModelFacet[] = [
      { make: 'Ford', model: 'Escape', bodyType: 'SUV', count: 1 },
      { make: 'Toyota', model: 'RAV4', bodyType: 'SUV', count: 2 },
      { make: 'Honda', model: 'Civic', bodyType: 'Sedan', count: 3 },
    ];
    expect(bodyTypeOptions(models, underPrice)).toEqual([
      { value: 'Sedan', count: 3 }, { value: 'SUV', count: 3 }, { value: 'Truck', count: 0 },
    ]);
    expect(makeOptions(models, 'Truck', underPrice)).toEqual([{ value: 'Ford', count: 0 }, { value: 'Toyota', count: 0 }]);
    expect(modelOptions(models, '', 'Ford', underPrice)).toEqual([
      { value: 'Escape', count: 1 }, { value: 'Explorer', count: 0 }, { value: 'F-150', count: 0 },
    ]);
    // Still narrowed by the cascade: no Honda among trucks, no Gone (the stock has none).
    expect(makeOptions(models, 'Sedan', underPrice)).toEqual([{ value: 'Honda', count: 3 }]);
    expect(modelOptions(models, '', 'Honda', underPrice)).toEqual([{ value: 'Civic', count: 3 }]);
  });

  it('filters its facets by every chosen value', () => {
    expect(cardFacetFilters(EMPTY_SEARCH)).toEqual({ bodyType: [], make: [], model: [], priceMax: null });
    expect(cardFacetFilters({ bodyType: 'SUV', make: 'Ford', model: 'Escape', maxPrice: '30000.5' }))
      .toEqual({ bodyType: ['SUV'], make: ['Ford'], model: ['Escape'], priceMax: 30000 });
  });

  it('clears make and model when the body style changes, and the model when the make changes', () => {
    const full = { bodyType: 'SUV', make: 'Ford', model: 'Escape', maxPrice: '30000' };
    expect(changeField(full, 'bodyType', 'Truck')).toEqual({ bodyType: 'Truck', make: '', model: '', maxPrice: '30000' });
    expect(changeField(full, 'make', 'Toyota')).toEqual({ ...full, make: 'Toyota', model: '' });
    expect(changeField(full, 'model', 'Explorer')).toEqual({ ...full, model: 'Explorer' });
    expect(changeField(full, 'maxPrice', '25000')).toEqual({ ...full, maxPrice: '25000' });
  });

  it('parses Max Price as a whole, non-negative number', () => {
    expect(parseMaxPrice('')).toBeNull();
    expect(parseMaxPrice('  ')).toBeNull();
    expect(parseMaxPrice('abc')).toBeNull();
    expect(parseMaxPrice('-1000')).toBeNull();
    expect(parseMaxPrice('0')).toBe(0);
    expect(parseMaxPrice('25999.99')).toBe(25999);
  });

  it('needs at least one criterion', () => {
    expect(hasCriterion(EMPTY_SEARCH)).toBe(false);
    expect(hasCriterion({ ...EMPTY_SEARCH, maxPrice: 'x' })).toBe(false);
    expect(hasCriterion({ ...EMPTY_SEARCH, bodyType: 'SUV' })).toBe(true);
    expect(hasCriterion({ ...EMPTY_SEARCH, make: 'Ford' })).toBe(true);
    expect(hasCriterion({ ...EMPTY_SEARCH, maxPrice: '0' })).toBe(true);
  });

  it('builds the listing URL with only the filled criteria', () => {
    expect(searchUrl(EMPTY_SEARCH)).toBe('/vehicles');
    expect(searchUrl({ bodyType: 'SUV', make: 'Ford', model: '', maxPrice: '' })).toBe('/vehicles?bodyType=SUV&make=Ford');
    expect(searchUrl({ bodyType: '', make: 'Land Rover', model: 'Range Rover', maxPrice: '45500.5' }))
      .toBe('/vehicles?make=Land+Rover&model=Range+Rover&maxPrice=45500');
  });
});
