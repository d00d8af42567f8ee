import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashKey, QueryClient } from '@tanstack/react-query';
import { defaultFilters, toApiParams } from '@domain/listing';
import { facetFiltersFromParams, facetOptions, facetParams, facetsQueryKey, facetsQueryOptions } from './facets';

describe('facetParams', () => {
  it('is empty without filters, or with filters that all mean "any"', () => {
    expect(facetParams()).toEqual({});
    expect(facetParams({})).toEqual({});
    expect(facetParams({
      make: [], model: ['', '  '], priceMin: 0, priceMax: null, yearMin: undefined, mileageMax: Number.NaN, search: '   ', location: null,
    })).toEqual({});
  });

  it('trims, deduplicates and sorts repeated values, so their order never matters', () => {
    expect(facetParams({ make: [' Toyota', 'Ford', 'Toyota '], feature: ['Sunroof', 'Backup Camera'] }))
      .toEqual({ make: ['Ford', 'Toyota'], feature: ['Backup Camera', 'Sunroof'] });
    expect(facetParams({ make: ['Ford', 'Honda'] })).toEqual(facetParams({ make: ['Honda', 'Ford'] }));
  });

  it('keeps whole, non-negative numbers as text and drops the rest', () => {
    expect(facetParams({ priceMin: 5000, priceMax: 25999.7, yearMin: 2018, yearMax: 2022, mileageMax: 80000 }))
      .toEqual({ priceMin: '5000', priceMax: '25999', yearMin: '2018', yearMax: '2022', mileageMax: '80000' });
    expect(facetParams({ priceMax: -1, yearMin: Number.POSITIVE_INFINITY })).toEqual({});
    expect(facetParams({ priceMax: 0 })).toEqual({ priceMax: '0' }); // "nothing above $0" is a real filter
  });

  it('keeps the text filters, trimmed', () => {
    expect(facetParams({ search: ' awd ', location: 'Calgary', condition: 'used', sellerType: 'dealer' }))
      .toEqual({ search: 'awd', location: 'Calgary', condition: 'used', sellerType: 'dealer' });
  });
});

describe('facetFiltersFromParams', () => {
  it('takes the listing request\'s filters and leaves out its page, limit and sort', () => {
    const query = {
      filters: { ...defaultFilters(), makes: ['Toyota', 'Ford'], priceMax: 30000, features: ['Heated Seats'] },
      search: 'hybrid', page: 3, sortBy: 'price-asc' as const, models: ['RAV4'], transmissions: [],
    };
    expect(facetParams(facetFiltersFromParams(toApiParams(query)))).toEqual({
      make: ['Ford', 'Toyota'], model: ['RAV4'], feature: ['Heated Seats'], priceMax: '30000', search: 'hybrid',
    });
  });

  it('gives no filters for the plain listing, whatever its page and sort', () => {
    const plain = { filters: defaultFilters(), search: '', page: 2, sortBy: 'year-desc' as const };
    expect(facetParams(facetFiltersFromParams(toApiParams(plain)))).toEqual({});
  });
});

describe('facetsQueryOptions', () => {
  afterEach(() => { vi.unstubAllGlobals(); });

  it('keeps the plain key unfiltered, and filters that normalise to none share it', () => {
    expect(facetsQueryOptions().queryKey).toEqual(facetsQueryKey);
    expect(facetsQueryOptions({ make: [], priceMin: 0, search: '' }).queryKey).toEqual(facetsQueryKey);
  });

  it('puts the normalised filters in the key: equal filters share one entry, under the plain key\'s prefix', () => {
    const a = facetsQueryOptions({ make: ['Toyota', 'Ford'], priceMax: 30000 }).queryKey;
    const b = facetsQueryOptions({ priceMax: 30000.4, make: ['Ford', 'Toyota', 'Ford'], model: [] }).queryKey;
    expect(a).toEqual([...facetsQueryKey, { make: ['Ford', 'Toyota'], priceMax: '30000' }]);
    expect(hashKey(a)).toBe(hashKey(b));
    expect(hashKey(a)).not.toBe(hashKey(facetsQueryOptions({ make: ['Ford'], priceMax: 30000 }).queryKey));
    expect(a[0]).toBe(facetsQueryKey[0]);
  });

  it('sends the same filters in the query string, repeated keys for lists', async () => {
    const fetchMock = vi.fn(async (_url: string) => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient();
    await client.fetchQuery(facetsQueryOptions({ make: ['Toyota', 'Ford'], priceMax: 30000, feature: ['Sunroof'] }));
    await client.fetchQuery(facetsQueryOptions());
    const [filtered, plain] = fetchMock.mock.calls.map(([url]) => new URL(url, 'http://localhost'));
    expect(filtered!.pathname).toBe('/api/vehicles/facets');
    expect(filtered!.searchParams.getAll('make')).toEqual(['Ford', 'Toyota']);
    expect(filtered!.searchParams.get('priceMax')).toBe('30000');
    expect(filtered!.searchParams.getAll('feature')).toEqual(['Sunroof']);
    expect(plain!.pathname).toBe('/api/vehicles/facets');
    expect(plain!.search).toBe('');
  });
});

describe('facetOptions', () => {
  const all = [{ value: 'SUV', count: 9 }, { value: 'Truck', count: 6 }, { value: 'Sedan', count: 3 }];

  it('keeps the whole stock\'s values in its order, with the filtered counts and 0 for those left out', () => {
    expect(facetOptions(all, [{ value: 'Sedan', count: 2 }, { value: 'SUV', count: 1 }])).toEqual([
      { value: 'SUV', count: 1 }, { value: 'Truck', count: 0 }, { value: 'Sedan', count: 2 },
    ]);
  });

  it('adds values only the filtered answer has, and shows no counts before there is one', () => {
    expect(facetOptions(all.slice(0, 1), [{ value: 'Van', count: 1 }])).toEqual([{ value: 'SUV', count: 0 }, { value: 'Van', count: 1 }]);
    expect(facetOptions(all, undefined)).toEqual(all.map((o) => ({ value: o.value, count: null })));
  });
});
