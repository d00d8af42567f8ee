import { describe, expect, it } from 'vitest';
import { defaultFilters, lastPageIfBeyond, mirrorToUrl, pageButtons, parseListingUrl, readListingUrl, showingText, toApiParams } from './listing';

const now = new Date('2026-11-22T12:00:00Z');

describe('spec §7 API parameters', () => {
  it('omits every default', () => {
    const p = toApiParams({ filters: defaultFilters(now), search: '', page: 1, sortBy: 'recommended' }, now);
    expect(p.toString()).toBe('format=paginated&page=1&limit=20');
  });
  it('sends non-default filters, repeated where the spec says', () => {
    const p = toApiParams({
      filters: { makes: ['Ford', 'RAM'], bodyTypes: ['Truck'], priceMin: 5000, priceMax: 40000, yearMin: 2018, yearMax: 2026, mileageMax: 80000, features: ['Heated Seats'] },
      search: '  f-150 ', page: 2, sortBy: 'price-asc',
    }, now);
    expect(p.getAll('make')).toEqual(['Ford', 'RAM']);
    expect(p.get('search')).toBe('f-150');
    expect(p.get('sortBy')).toBe('price-asc');
    expect(p.get('priceMin')).toBe('5000');
    expect(p.get('priceMax')).toBe('40000');
    expect(p.get('yearMin')).toBe('2018');
    expect(p.get('yearMax')).toBe('2026');
    expect(p.get('mileageMax')).toBe('80000');
    expect(p.getAll('feature')).toEqual(['Heated Seats']);
  });
  it('omits yearMax at next year and priceMax at 150000', () => {
    const p = toApiParams({ filters: { ...defaultFilters(now), yearMax: 2027, priceMax: 150000 }, search: '', page: 1, sortBy: 'recommended' }, now);
    expect(p.has('yearMax')).toBe(false);
    expect(p.has('priceMax')).toBe(false);
  });
});

describe('URL state', () => {
  it('parses leniently', () => {
    const s = parseListingUrl(new URLSearchParams('page=abc&sortBy=bogus&maxPrice=cheap&search=%20rav4%20&make=Toyota'));
    expect(s).toMatchObject({ page: 1, sortBy: undefined, maxPrice: undefined, search: 'rav4', makes: ['Toyota'] });
    expect(parseListingUrl(new URLSearchParams('page=3&sortBy=year-desc&maxPrice=25000')))
      .toMatchObject({ page: 3, sortBy: 'year-desc', maxPrice: 25000 });
  });
  it('mirrors search, page and sort, dropping defaults', () => {
    const u = mirrorToUrl(new URLSearchParams('make=Ford&page=4'), { search: 'lariat', page: 1, sortBy: 'recommended' });
    expect(u.toString()).toBe('make=Ford&search=lariat');
    expect(mirrorToUrl(u, { search: '', page: 2, sortBy: 'price-desc' }).toString()).toBe('make=Ford&page=2&sortBy=price-desc');
  });
});

describe('spec §5: maxPrice is a whole number (issue 33 §5)', () => {
  it('floors a decimal maxPrice instead of dropping the filter', () => {
    expect(parseListingUrl(new URLSearchParams('maxPrice=25000.7')).maxPrice).toBe(25000);
    expect(parseListingUrl(new URLSearchParams('maxPrice=25000.')).maxPrice).toBe(25000);
    expect(readListingUrl(new URLSearchParams('maxPrice=25000.7')).filters.priceMax).toBe(25000);
  });
  it('still drops what is not a number', () => {
    for (const bad of ['-5', '1e5', 'abc', '.5', '25,000']) expect(parseListingUrl(new URLSearchParams({ maxPrice: bad })).maxPrice).toBeUndefined();
  });
});

describe('a page past the end (issue 33 §5)', () => {
  it('is the last page; a page within the list, or an empty list, is left alone', () => {
    expect(lastPageIfBeyond({ currentPage: 99, totalPages: 12 })).toBe(12);
    expect(lastPageIfBeyond({ currentPage: 12, totalPages: 12 })).toBeNull();
    expect(lastPageIfBeyond({ currentPage: 3, totalPages: 12 })).toBeNull();
    expect(lastPageIfBeyond({ currentPage: 5, totalPages: 0 })).toBeNull();
  });
});

describe('pagination', () => {
  it('centres up to 5 buttons', () => {
    expect(pageButtons(1, 3)).toEqual([1, 2, 3]);
    expect(pageButtons(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageButtons(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pageButtons(10, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageButtons(1, 0)).toEqual([]);
  });
  it('says what is shown', () => {
    expect(showingText(1, 20, 45)).toBe('Showing 1 to 20 of 45 vehicles');
    expect(showingText(3, 20, 45)).toBe('Showing 41 to 45 of 45 vehicles');
    expect(showingText(1, 20, 0)).toBe('Showing 0 to 0 of 0 vehicles');
  });
});
