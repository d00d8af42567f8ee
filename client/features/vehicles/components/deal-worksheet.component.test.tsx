// The deal worksheet's inputs (issue 34 §1, issue 57 §1-2): it opens on the advertised terms, reads money as people
// type it ("21,500", "$21 500"), marks a bad entry on its own field and keeps the last good figures marked stale,
// turns the maths' refusal of a down payment above the total into that field's error, drops the finance-only inputs
// for cash, and checks the trade-in's fields only when there is a trade. The figures themselves are the domain's
// (domain/deal-worksheet-maths.ts, unit tested); sending and sharing against the server stay in
// e2e/deal-worksheet.spec.ts.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { termsForYear } from '@domain/deal-worksheet-maths';
import type { DealOptions } from '@domain/deal-worksheet';
import { RATE_TABLE } from '@domain/finance';
import { fakeApi, renderWithApp } from '../../../../test/component/render';
import { DealWorksheet, type DealWorksheetVehicle } from './deal-worksheet';

const VEHICLE: DealWorksheetVehicle = {
  id: 41, year: 2021, make: 'Ford', model: 'Escape', trim: 'SE', stockNumber: 'PMH-1041', fuelType: 'Gasoline', price: 24_995,
};
const OPTIONS: DealOptions = {
  vehicleId: VEHICLE.id, price: VEHICLE.price,
  products: [{ id: 'rust-proofing', name: 'Rust proofing', price: 899, description: 'Undercoat for Alberta roads' }],
  incentives: [],
  termsOffered: termsForYear(VEHICLE.year),
  creditBands: RATE_TABLE.map((r) => ({ band: r.band, label: r.label, from: r.from, to: r.to, apr: r.apr })),
};

async function renderWorksheet() {
  const api = fakeApi({ [`GET /api/vehicles/${VEHICLE.id}/deal-options`]: () => OPTIONS });
  const view = renderWithApp(<DealWorksheet vehicle={VEHICLE} />);
  const sheet = screen.getByTestId('deal-worksheet');
  await within(sheet).findByTestId('deal-summary');
  const field = <T extends HTMLElement = HTMLInputElement>(label: string | RegExp) => within(sheet).getByLabelText(label) as unknown as T;
  const figure = () => within(sheet).getByTestId('deal-summary-figure').textContent;
  const stale = () => within(sheet).queryByTestId('deal-summary-stale');
  const errorOf = (k: 'down' | 'tvalue' | 'lien') => within(sheet).queryByTestId(`${k}-error`)?.textContent ?? null;
  return { ...view, api, sheet, field, figure, stale, errorOf };
}

describe('deal worksheet inputs', () => {
  it('opens on the advertised terms: $2,000 down, 84 months (within the year\'s cap), the Good band', async () => {
    const { field, figure, sheet } = await renderWorksheet();
    expect(field('Down payment ($)').value).toBe('2,000');
    expect(field<HTMLSelectElement>('Term').value).toBe('84');
    expect([...field<HTMLSelectElement>('Term').options].map((o) => o.value)).toEqual(OPTIONS.termsOffered.map(String));
    expect(field<HTMLSelectElement>('Credit band').value).toBe('good');
    expect(figure()).toMatch(/^\$[\d,]+\.\d{2}$/);
    expect(within(sheet).getByText('Up to 96 months for a 2021.')).toBeTruthy();
  });

  it('reads money as people type it, and marks a bad entry on its field while keeping the last figures, stale', async () => {
    const { user, field, figure, stale, errorOf } = await renderWorksheet();
    const down = field('Down payment ($)');
    await user.clear(down);
    await user.type(down, '$3 000');
    const at3000 = figure();
    expect(errorOf('down')).toBeNull();
    await user.clear(down);
    await user.type(down, '3,000');
    expect(figure()).toBe(at3000);

    await user.type(down, 'x');
    expect(errorOf('down')).toBe('The down payment must be a number, like 2,000.');
    expect(down.getAttribute('aria-invalid')).toBe('true');
    expect(down.getAttribute('aria-describedby')).toBe(screen.getByTestId('down-error').id);
    expect(figure()).toBe(at3000);
    expect(stale()?.textContent).toContain('Not updated: these are the last figures that worked.');

    await user.clear(down);
    await user.type(down, '-500');
    expect(errorOf('down')).toBe('The down payment cannot be less than zero.');

    // Empty is 0: the figures work again and are no longer stale.
    await user.clear(down);
    expect(errorOf('down')).toBeNull();
    expect(stale()).toBeNull();
    expect(down.getAttribute('aria-invalid')).toBeNull();
  });

  it('a down payment above the total is the down payment\'s error, in dollars', async () => {
    const { user, field, errorOf } = await renderWorksheet();
    await user.clear(field('Down payment ($)'));
    await user.type(field('Down payment ($)'), '90000');
    expect(errorOf('down')).toMatch(/^The down payment is more than the total \(\$[\d,]+\.\d{2}\)\.$/);
  });

  it('cash drops the term and the credit band and states what is due on delivery', async () => {
    const { user, sheet } = await renderWorksheet();
    await user.click(within(sheet).getByRole('radio', { name: 'Cash' }));
    expect(within(sheet).queryByLabelText('Term')).toBeNull();
    expect(within(sheet).queryByLabelText('Credit band')).toBeNull();
    expect(within(sheet).getByTestId('deal-summary').textContent).toContain('due on delivery');
  });

  it('checks the trade-in\'s value and lien only when there is a trade; the appraiser\'s value is not typed', async () => {
    const { user, sheet, field, errorOf } = await renderWorksheet();
    expect(within(sheet).queryByLabelText(/^Trade-in value/)).toBeNull();
    await user.click(within(sheet).getByRole('checkbox', { name: 'I have a vehicle to trade in' }));
    await user.type(field(/^Trade-in value/), 'lots');
    expect(errorOf('tvalue')).toBe('The trade-in value must be a number, like 2,000.');
    await user.type(field(/^Still owed on it/), '-1');
    expect(errorOf('lien')).toBe('The amount owed cannot be less than zero.');

    // No trade after all: its fields and their errors go.
    await user.click(within(sheet).getByRole('checkbox', { name: 'I have a vehicle to trade in' }));
    expect(errorOf('tvalue')).toBeNull();
    expect(errorOf('lien')).toBeNull();

    await user.click(within(sheet).getByRole('checkbox', { name: 'I have a vehicle to trade in' }));
    await user.selectOptions(field<HTMLSelectElement>('Where the value comes from'), 'appraisal');
    expect(field(/^Trade-in value/).readOnly).toBe(true);
    expect(field(/^Trade-in value/).placeholder).toBe('Get the range above');
  });

  it('no product is pre-selected, and each says what it adds to the payment', async () => {
    const { user, sheet, figure } = await renderWorksheet();
    const product = within(sheet).getByRole('checkbox', { name: /^Rust proofing/ }) as HTMLInputElement;
    expect(product.checked).toBe(false);
    const label = product.closest('label')!.textContent!;
    const added = Number(/\(\+\$([\d.]+)\/month\)/.exec(label)![1]);
    expect(added).toBeGreaterThan(0);
    const before = Number(figure()!.replace(/[$,]/g, ''));
    await user.click(product);
    expect(Number(figure()!.replace(/[$,]/g, ''))).toBeCloseTo(before + added, 2);
  });
});
