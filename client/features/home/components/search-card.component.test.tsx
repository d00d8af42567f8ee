// The home page's search card (spec §2 "Vehicle search card", §5): body style narrows makes, the model waits for a
// make, a search needs a criterion, Max Price alone searches, counts follow Max Price. The facets come from a small
// fake stock at the network boundary; e2e/home.spec.ts keeps the journey against the real server's stock.
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Facets } from '@domain/vehicle';
import { SCROLL_TO_TOP_FLAG } from '@/lib/session-flags';
import { fakeApi, renderWithApp, type FakeRequest } from '../../../../test/component/render';
import { SearchCard } from './search-card';

interface Stock { make: string; model: string; bodyType: string; price: number }
const STOCK: Stock[] = [
  { make: 'Ford', model: 'F-150', bodyType: 'Truck', price: 41_000 },
  { make: 'Ford', model: 'Escape', bodyType: 'SUV', price: 18_000 },
  { make: 'Ford', model: 'Escape', bodyType: 'SUV', price: 24_000 },
  { make: 'RAM', model: '1500', bodyType: 'Truck', price: 39_000 },
  { make: 'Honda', model: 'Civic', bodyType: 'Sedan', price: 17_500 },
  { make: 'Honda', model: 'CR-V', bodyType: 'SUV', price: 29_000 },
  { make: 'Toyota', model: 'Tacoma', bodyType: 'Truck', price: 36_000 },
];

/** GET /api/vehicles/facets as the server answers it: models counted with every filter but make, model and body. */
function facets({ query }: FakeRequest): Facets {
  const priceMax = query.get('priceMax') === null ? Infinity : Number(query.get('priceMax'));
  const is = (key: 'make' | 'model' | 'bodyType', v: Stock) => !query.getAll(key).length || query.getAll(key).includes(v[key]);
  const priced = STOCK.filter((v) => v.price <= priceMax);
  const models = new Map<string, Facets['models'][number]>();
  for (const v of STOCK) {
    const key = `${v.make}/${v.model}/${v.bodyType}`;
    const row = models.get(key) ?? { make: v.make, model: v.model, bodyType: v.bodyType, count: 0 };
    if (priced.includes(v)) row.count++;
    models.set(key, row);
  }
  const total = priced.filter((v) => is('make', v) && is('model', v) && is('bodyType', v)).length;
  return {
    total, makes: [], bodyTypes: [], transmissions: [], features: [], locations: [], conditions: [], models: [...models.values()],
    price: { min: 17_500, max: 41_000 }, year: { min: 2018, max: 2025 }, mileage: { max: 150_000 },
  };
}

function renderCard() {
  const api = fakeApi({ 'GET /api/vehicles/facets': facets });
  const view = renderWithApp(<SearchCard />, { routes: [{ path: '/vehicles', element: <h1>Vehicles</h1> }] });
  const form = screen.getByRole('search', { name: 'Find your next vehicle' });
  const select = (label: string) => within(form).getByLabelText(label) as HTMLSelectElement;
  /** The options after the first ('Any …' or 'Select make first'), as shown. */
  const choices = (label: string) => [...select(label).options].slice(1).map((o) => o.textContent);
  const search = within(form).getByRole('button', { name: /^Search/ }) as HTMLButtonElement;
  const hint = () => within(form).queryByText('Enter at least one search criteria to find vehicles');
  return { ...view, api, form, select, choices, search, hint };
}

beforeEach(() => sessionStorage.clear());

describe('home search card', () => {
  it('body style narrows makes, the model waits for a make, and the search needs a criterion', async () => {
    const { user, select, choices, search, hint } = renderCard();
    expect(search.disabled).toBe(true);
    expect(hint()).not.toBeNull();
    expect(select('Model').disabled).toBe(true);
    expect(select('Model').selectedOptions[0]!.textContent).toBe('Select make first');
    await waitFor(() => expect(choices('Make')).toEqual(['Ford (3)', 'Honda (2)', 'RAM (1)', 'Toyota (1)']));

    await user.selectOptions(select('Body Style'), 'SUV');
    expect(search.disabled).toBe(false);
    expect(hint()).toBeNull();
    await waitFor(() => expect(choices('Make')).toEqual(['Ford (2)', 'Honda (1)']));

    await user.selectOptions(select('Make'), 'Ford');
    expect(select('Model').disabled).toBe(false);
    await waitFor(() => expect(choices('Model')).toEqual(['Escape (2)']));

    // Changing the body style clears make and model.
    await user.selectOptions(select('Model'), 'Escape');
    await user.selectOptions(select('Body Style'), '');
    expect(select('Make').value).toBe('');
    expect(select('Model').value).toBe('');
    expect(select('Model').disabled).toBe(true);
    expect(search.disabled).toBe(true);
  });

  it('searches the listing with the chosen values in order, and leaves it the "open at the top" flag', async () => {
    const { user, select, search, router } = renderCard();
    await waitFor(() => expect(select('Make').options.length).toBeGreaterThan(1));
    await user.selectOptions(select('Body Style'), 'Truck');
    await user.selectOptions(select('Make'), 'RAM');
    await user.click(search);
    await waitFor(() => expect(router.state.location.pathname).toBe('/vehicles'));
    expect(router.state.location.search).toBe('?bodyType=Truck&make=RAM');
    expect(sessionStorage.getItem(SCROLL_TO_TOP_FLAG)).not.toBeNull();
  });

  it('Max Price alone searches, as a whole number', async () => {
    const { user, form, search, router } = renderCard();
    await user.type(within(form).getByLabelText('Max Price'), '25000');
    expect(search.disabled).toBe(false);
    await user.click(search);
    await waitFor(() => expect(router.state.location.search).toBe('?maxPrice=25000'));
  });

  it('counts follow Max Price once typing pauses; a make with nothing under it shows (0), disabled', async () => {
    const { user, form, select, api } = renderCard();
    const option = (label: string) => [...select('Make').options].find((o) => o.textContent!.startsWith(`${label} (`))!;
    await waitFor(() => expect(option('RAM').disabled).toBe(false));
    // Pasted at once: one value, one request after the card's own pause (search-card.tsx), whatever the machine's speed.
    await user.click(within(form).getByLabelText('Max Price'));
    await user.paste('20000');
    expect(await within(form).findByText('2 matching vehicles in Edmonton & Calgary')).toBeTruthy();
    expect(option('RAM').textContent).toBe('RAM (0)');
    expect(option('RAM').disabled).toBe(true);
    expect(option('Ford').textContent).toBe('Ford (1)');
    expect(option('Ford').disabled).toBe(false);
    expect(api.requests.filter((r) => r.query.has('priceMax')).map((r) => r.query.get('priceMax'))).toEqual(['20000']);
  });
});
