// The booking form (spec §3/§5/§8, issue 21, issue 33 §6): an invalid submit shows every problem at once in the form
// and focuses the first, no past date, and only the times the vehicle's store keeps that day. The clock is pinned
// (Date only: React, Radix and Testing Library keep their real timers) to an instant stated in Alberta's zone,
// America/Edmonton, UTC-6 all year since 2026; the app reads Alberta's wall clock from it whatever the machine's
// zone is (domain/alberta-time.ts). e2e/forms-finance.spec.ts keeps what needs a phone's screen: the button not
// covered, the form opened from the vehicle page.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ALBERTA_ZONE } from '@domain/alberta-time';
import { fakeApi, renderWithApp } from '../../test/component/render';
import { BookingModal, type BookingVehicle } from './booking-modal';

/** Friday 8 January 2027, 5:09 PM in Alberta: after Friday's last slot. */
const NOW = new Date('2027-01-08T17:09:00-06:00');
const EDMONTON: BookingVehicle = { id: 7, title: '2020 Ford F-150 XLT', location: 'Edmonton' };

function renderBooking(vehicle: BookingVehicle = EDMONTON) {
  const api = fakeApi({
    'GET /api/closed-days': () => ({ closedHolidays: [], closedDates: [], upcoming: [] }),
    'POST /api/form-analytics/track': () => ({ status: 204, body: null }),
    'POST /api/book-appointment': () => { throw new Error('an invalid form must not be sent'); },
  });
  const view = renderWithApp(<BookingModal open onOpenChange={() => {}} vehicle={vehicle} />);
  const dialog = screen.getByRole('dialog', { name: 'Book a Test Drive' });
  const field = <T extends HTMLElement = HTMLInputElement>(label: string) => within(dialog).getByLabelText(label) as unknown as T;
  const times = () => [...field<HTMLSelectElement>('Preferred time *').options].map((o) => o.textContent);
  const booked = () => api.requests.filter((r) => r.path === '/api/book-appointment');
  return { ...view, api, dialog, field, times, booked };
}

/** A date picked in the browser's date picker: the whole date at once (typing gives invalid dates on the way). */
const pickDate = (input: HTMLInputElement, date: string) => fireEvent.change(input, { target: { value: date } });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  // The instant is the one meant: 5:09 PM on the Friday, read in the dealership's zone.
  expect(NOW.toLocaleString('en-CA', { timeZone: ALBERTA_ZONE, weekday: 'long', hour: 'numeric', minute: '2-digit' })).toMatch(/^Friday,? 5:09 p\.?m\.?$/i);
});

describe('booking form', () => {
  it('an invalid submit shows every problem in the form at once, focuses the first, and sends nothing', async () => {
    const { user, dialog, field, booked } = renderBooking();
    await user.type(field('Phone *'), '555');
    await user.click(within(dialog).getByRole('button', { name: 'Book Appointment' }));

    for (const problem of ['Enter your name.', 'Enter a phone number with 10 to 15 digits.', 'Choose a date.', 'Choose a time.']) {
      expect(within(dialog).getByText(problem)).toBeTruthy();
    }
    expect(within(dialog).getByRole('alert').textContent).toContain('Missing Information');
    await waitFor(() => expect(document.activeElement).toBe(field('Name *')));
    // Each message is tied to its field, so a screen reader reads it with the field.
    expect(field('Name *').getAttribute('aria-invalid')).toBe('true');
    // Inside the form, never a toast over its buttons (issue 21).
    expect(screen.queryByRole('region', { name: /Messages/ })).toBeNull();
    expect(booked()).toEqual([]);

    // Typing in a field clears its own message only.
    await user.type(field('Name *'), 'Casey');
    expect(within(dialog).queryByText('Enter your name.')).toBeNull();
    expect(within(dialog).getByText('Choose a date.')).toBeTruthy();
  });

  it('offers no past date', () => {
    const { field } = renderBooking();
    expect(field('Preferred date *').min).toBe('2027-01-08');
  });

  it('a date already past is refused with the date marked', async () => {
    const { user, dialog, field, booked } = renderBooking();
    await user.type(field('Name *'), 'Casey Example');
    await user.type(field('Phone *'), '780 555 0123');
    pickDate(field('Preferred date *'), '2027-01-07');
    await user.click(within(dialog).getByRole('button', { name: 'Book Appointment' }));
    expect(within(dialog).getByText('Choose today or a later date.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field('Preferred date *')));
    expect(field('Preferred date *').getAttribute('aria-invalid')).toBe('true');
    expect(booked()).toEqual([]);
  });

  it('offers only the times the store can keep: none past, none outside the day\'s hours', () => {
    const { dialog, field, times } = renderBooking();
    pickDate(field('Preferred date *'), '2027-01-08'); // today, after the last slot
    expect(times()).toEqual(['No times left']);
    expect(within(dialog).getByText('No times left on this day. Please choose another date.')).toBeTruthy();

    pickDate(field('Preferred date *'), '2027-01-10'); // Sunday: open 10 to 5
    expect(times()).toEqual(['Select a time', '10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM']);
    expect(within(dialog).getByText(/store hours that day: 10:00 AM to 5:00 PM/)).toBeTruthy();

    pickDate(field('Preferred date *'), '2027-01-11'); // Monday: every slot, 9 AM to 5 PM
    expect(times()).toHaveLength(10);
  });

  it('a new date keeps the chosen time only if the store keeps it that day', async () => {
    const { user, field } = renderBooking();
    pickDate(field('Preferred date *'), '2027-01-11');
    await user.selectOptions(field('Preferred time *'), '2:00 PM');
    pickDate(field('Preferred date *'), '2027-01-10'); // Sunday: 2 PM is kept
    expect(field<HTMLSelectElement>('Preferred time *').value).toBe('2:00 PM');

    pickDate(field('Preferred date *'), '2027-01-11');
    await user.selectOptions(field('Preferred time *'), '5:00 PM');
    pickDate(field('Preferred date *'), '2027-01-10'); // Sunday's last slot is 4 PM
    expect(field<HTMLSelectElement>('Preferred time *').value).toBe('');
  });

  it('a Calgary vehicle\'s form gives the Calgary store\'s phone', () => {
    const { dialog } = renderBooking({ id: 8, title: '2019 RAM 1500', location: 'Calgary' });
    const call = within(dialog).getByRole('link', { name: /Prefer to call\?/ });
    expect(call.textContent).toBe('Prefer to call? (403) 555-0188');
    expect(call.getAttribute('href')).toBe('tel:+14035550188');
  });
});
