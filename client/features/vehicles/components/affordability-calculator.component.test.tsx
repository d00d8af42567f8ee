// The pre-approval calculator (spec §2/§4/§5/§9, issue 33 §3) as a shopper uses it: default figures, score → rate,
// clamping and key filtering, reset, and what 'Browse Vehicles in Range' sends and says. No browser needed: the
// listing's lazy loading and the real server's matches stay in e2e/compare-calculator.spec.ts.
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { criteriaStore } from '@/lib/criteria';
import { STORAGE_KEYS } from '@domain/constants';
import { fakeApi, renderWithApp } from '../../../../test/component/render';
import { AffordabilityCalculator } from './affordability-calculator';

const DEFAULT_AMOUNT = '$23,761'; // spec §9 formula on the spec §3 defaults

function renderCalculator(handlers: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi(handlers);
  const view = renderWithApp(<AffordabilityCalculator />, {
    at: '/vehicles',
    routes: [{ path: '/affordable-vehicles', element: <h1>Vehicles within your budget</h1> }],
  });
  const calc = screen.getByRole('region', { name: 'Check Your Pre-Approval Amount' });
  const field = (label: string) => within(calc).getByLabelText(label) as HTMLInputElement;
  return { ...view, api, calc, field };
}

/** What a shopper reads in an element: its text with runs of white space as one space. */
const text = (el: HTMLElement) => (el.textContent ?? '').replace(/\s+/g, ' ');
/** A toast's text; the toast layer loads with the first toast raised (client/app/providers.tsx). */
const toast = async (text: string) => within(await screen.findByRole('region', { name: /Messages/ })).findByText(text, { exact: true });

beforeEach(() => {
  // The criteria store is module state shared by every card: each test starts as a first-time shopper.
  criteriaStore.set(null);
  localStorage.clear();
});

describe('pre-approval calculator', () => {
  it('opens on the default figures, with the APR, term and down payment beside the payment', () => {
    const { calc } = renderCalculator();
    expect(text(calc)).toContain(`Approved Amount: Up to ${DEFAULT_AMOUNT}`);
    expect(text(calc)).toContain('Monthly Payment: CAD $350/mo');
    expect(text(calc)).toContain('8.99% APR · 84 months · $2,000 down');
    expect(text(calc)).toContain('For official pre-approval, complete our 2-minute application');
    expect(within(calc).getByRole('link', { name: 'Get Official Pre-Approval' }).getAttribute('href')).toBe('/pre-approval');
  });

  it('a score within 300-850 sets the suggested rate', async () => {
    const { user, field } = renderCalculator();
    const score = field('Your Credit Score');
    const rate = field('Interest Rate (%)');
    for (const [typed, suggested] of [['550', '14.99'], ['450', '23.99'], ['720', '8.99']] as const) {
      await user.clear(score);
      await user.type(score, typed);
      expect(rate.value).toBe(suggested);
    }
  });

  it('clamps negatives to 0 and rates to 30%, says what it used, and lets only digits and editing keys through', async () => {
    const { user, calc, field } = renderCalculator();
    const down = field('Available Down Payment');
    const rate = field('Interest Rate (%)');

    // A pasted negative (keys cannot type one) is clamped and the clamp is said (issue 33 §3).
    await user.clear(down);
    await user.paste('-500');
    expect(down.value).toBe('0');
    expect(within(calc).getByText("A down payment can't be negative, so we used $0.")).toBeTruthy();

    // spec §5: the minus, the exponent and the period are refused by the down payment's keys.
    await user.clear(down);
    await user.type(down, '-1e2.5');
    expect(down.value).toBe('125');
    await user.clear(down);
    await user.type(down, '0');
    expect(text(calc)).toContain('Approved Amount: Up to $21,761');

    await user.clear(rate);
    await user.paste('-3');
    expect(rate.value).toBe('0');
    await user.clear(rate);
    await user.paste('45');
    expect(rate.value).toBe('30');
    expect(within(calc).getByText('The interest rate is at most 30%, so we used 30%.')).toBeTruthy();
    // The rate takes a period, not letters or a minus.
    await user.clear(rate);
    await user.type(rate, 'a7.5-');
    expect(rate.value).toBe('7.5');
  });

  it('an empty budget means no estimate, never "approved" for $0; the term hint names each cap', async () => {
    const { user, calc, field } = renderCalculator();
    await user.clear(field('Your Monthly Payment Budget'));
    expect(text(within(calc).getByTestId('no-estimate'))).toContain('No estimate yet');
    expect(text(calc)).not.toContain('Approved Amount');

    await user.selectOptions(field('Preferred Loan Term'), '96');
    expect(field('Preferred Loan Term').value).toBe('96');
    expect(text(calc)).toContain('Maximum terms: 72 months for 2018 and older, 84 months for 2019-2020, 96 months for 2021 and newer.');
  });

  it('Reset to Defaults restores every figure and says so', async () => {
    const { user, calc, field } = renderCalculator();
    await user.clear(field('Your Credit Score'));
    await user.type(field('Your Credit Score'), '450');
    await user.clear(field('Available Down Payment'));
    await user.type(field('Available Down Payment'), '125');
    await user.selectOptions(field('Preferred Loan Term'), '96');
    await user.clear(field('Your Monthly Payment Budget'));

    await user.click(within(calc).getByRole('button', { name: 'Reset to Defaults' }));
    expect(await toast('Form Reset')).toBeTruthy();
    expect(await toast('All values have been reset to defaults.')).toBeTruthy();
    expect(field('Your Credit Score').value).toBe('700');
    expect(field('Available Down Payment').value).toBe('2000');
    expect(field('Interest Rate (%)').value).toBe('8.99');
    expect(field('Preferred Loan Term').value).toBe('84');
    expect(text(calc)).toContain(`Up to ${DEFAULT_AMOUNT}`);
  });

  it('keeps the figures in browser storage for the next visit (spec §3)', async () => {
    const { user, field, unmount } = renderCalculator();
    await user.clear(field('Your Monthly Income'));
    await user.type(field('Your Monthly Income'), '6200');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.approvalCriteria)!)).toMatchObject({ monthlyIncome: 6200 });
    unmount();
    expect(renderCalculator().field('Your Monthly Income').value).toBe('6200');
  });

  it('Browse Vehicles in Range sends the criteria (score as a range of one), says so and opens the matches', async () => {
    const { user, calc, api, router } = renderCalculator({
      'POST /api/approval-criteria': () => ({ status: 201, body: { id: 1 } }),
    });
    await user.click(within(calc).getByRole('button', { name: 'Browse Vehicles in Range' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/affordable-vehicles'));
    expect(api.requests.map((r) => [r.method, r.path, r.body])).toEqual([['POST', '/api/approval-criteria', {
      creditScoreMin: 700, creditScoreMax: 700, monthlyIncome: 5000, downPayment: 2000, monthlyBudget: 350, loanTerm: 84, interestRate: 8.99,
    }]]);
    expect(await toast('Criteria Applied')).toBeTruthy();
    expect(await toast('Your approval criteria has been saved. Showing you vehicles that match your budget.')).toBeTruthy();
  });

  it('a failed save says why and stays put', async () => {
    const { user, calc, router } = renderCalculator({
      'POST /api/approval-criteria': () => ({ status: 503, body: { message: 'Service unavailable' } }),
    });
    await user.click(within(calc).getByRole('button', { name: 'Browse Vehicles in Range' }));
    expect(await toast('Error')).toBeTruthy();
    expect(await toast('Failed to save criteria: Service unavailable')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/vehicles');
  });

  it('a score out of bounds stops Browse with the field marked and focused, and nothing sent', async () => {
    const { user, calc, field, api } = renderCalculator();
    await user.clear(field('Your Credit Score'));
    await user.type(field('Your Credit Score'), '120');
    await user.click(within(calc).getByRole('button', { name: 'Browse Vehicles in Range' }));
    expect(within(calc).getByText('Enter a credit score from 300 to 850')).toBeTruthy();
    expect(document.activeElement).toBe(field('Your Credit Score'));
    expect(api.requests).toEqual([]);
  });
});
