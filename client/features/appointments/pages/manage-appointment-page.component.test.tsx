// The page of the link in a booking e-mail (issue 33 §1, issue 57): after a move the page goes on with the new link
// (Move and Cancel stay, a reload works); cancelling asks first and then offers to book again; a dead link gives the
// phone of its booking's store. The clock is pinned (Date only) to a Monday morning in Alberta, so the date picker's
// slots are those of a known day whatever the machine's zone.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ManagedAppointment } from '@domain/booking';
import { DEALERSHIP } from '@domain/settings';
import { fakeApi, renderWithApp } from '../../../../test/component/render';
import ManageAppointmentPage from './manage-appointment-page';

/** Monday 1 March 2027, 9 AM in Alberta. */
const NOW = new Date('2027-03-01T09:00:00-06:00');
const CALGARY = DEALERSHIP.addresses.find((a) => a.city === 'Calgary')!;
const EDMONTON = DEALERSHIP.addresses.find((a) => a.city === 'Edmonton')!;

const booking = (over: Partial<ManagedAppointment> = {}): ManagedAppointment => ({
  appointmentType: 'test_drive', preferredDate: '2027-03-03', preferredTime: '11:00 AM', location: 'Calgary',
  vehicleInfo: '2022 Subaru Forester (Stock # C1234)', status: 'requested', customerName: 'Priya Sharma', vehicleId: 42, ...over,
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

const noClosedDays = () => ({ closedHolidays: [], closedDates: [], upcoming: [] });

describe('the booking link page', () => {
  it('after a move keeps Move and Cancel, on the new link, which the address keeps for a reload', async () => {
    let current = booking();
    const api = fakeApi({
      'GET /api/closed-days': noClosedDays,
      'GET /api/appointments/manage': (req) => (['first', 'second'].includes(req.query.get('token')!) ? { appointment: current } : { status: 410, body: { code: 'link_expired', message: 'This link was replaced by a newer one.' } }),
      'POST /api/appointments/manage/reschedule': (req) => {
        const body = req.body as { token: string; preferredDate: string; preferredTime: string };
        current = booking({ preferredDate: body.preferredDate, preferredTime: body.preferredTime });
        return { appointment: current, token: 'second', message: 'Your appointment is changed. We have e-mailed you the new time and calendar invitation.' };
      },
    });
    const { user, router } = renderWithApp(<ManageAppointmentPage />, { at: '/appointments/manage?token=first' });
    expect(await screen.findByText('Wednesday, March 3, 2027')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('New date'), { target: { value: '2027-03-05' } });
    await user.selectOptions(screen.getByLabelText('New time'), '2:00 PM');
    await user.click(screen.getByRole('button', { name: 'Move my appointment' }));

    expect(await screen.findByRole('status')).toHaveProperty('textContent', expect.stringContaining('Your appointment is changed'));
    expect(screen.getByText('Friday, March 5, 2027')).toBeTruthy();
    expect(api.requests.find((r) => r.path.endsWith('/reschedule'))!.body).toEqual({ token: 'first', preferredDate: '2027-03-05', preferredTime: '2:00 PM' });
    // Still movable and cancellable, with the new link; the address carries it, so a reload opens the booking.
    expect(screen.getByRole('button', { name: 'Move my appointment' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel my appointment' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe('?token=second'));

    // A second move goes out with the new link.
    fireEvent.change(screen.getByLabelText('New date'), { target: { value: '2027-03-06' } });
    await user.selectOptions(screen.getByLabelText('New time'), '10:00 AM');
    await user.click(screen.getByRole('button', { name: 'Move my appointment' }));
    await waitFor(() => expect(api.requests.filter((r) => r.path.endsWith('/reschedule')).at(-1)!.body).toMatchObject({ token: 'second', preferredDate: '2027-03-06' }));
  });

  it('cancelling asks first; "Keep my appointment" changes nothing; once cancelled it offers to book again', async () => {
    const api = fakeApi({
      'GET /api/closed-days': noClosedDays,
      'GET /api/appointments/manage': () => ({ appointment: booking() }),
      'POST /api/appointments/manage/cancel': () => ({ appointment: booking({ status: 'cancelled' }), message: 'Your appointment is cancelled. We have e-mailed you a confirmation.' }),
    });
    const { user } = renderWithApp(<ManageAppointmentPage />, { at: '/appointments/manage?token=first' });
    await user.click(await screen.findByRole('button', { name: 'Cancel my appointment' }));

    const confirm = screen.getByRole('alertdialog', { name: 'Cancel this appointment?' });
    expect(confirm.textContent).toContain('test drive on Wednesday, March 3, 2027 at 11:00 AM');
    await user.click(screen.getByRole('button', { name: 'Keep my appointment' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.requests.some((r) => r.path.endsWith('/cancel'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Cancel my appointment' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', expect.stringContaining('Your appointment is cancelled'));
    expect(api.requests.filter((r) => r.path.endsWith('/cancel')).map((r) => r.body)).toEqual([{ token: 'first' }]);
    // Closed: nothing to move or cancel; the way back is the vehicle's page, or the store's phone.
    expect(screen.queryByRole('button', { name: 'Move my appointment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel my appointment' })).toBeNull();
    expect(screen.getByRole('link', { name: "Book again on the vehicle's page" }).getAttribute('href')).toBe('/vehicles/42');
    expect(screen.getAllByRole('link', { name: CALGARY.phone }).length).toBeGreaterThan(0);
  });

  it("a dead link gives the phone of its booking's store; a link that names no booking gives both stores'", async () => {
    fakeApi({
      'GET /api/closed-days': noClosedDays,
      'GET /api/appointments/manage': (req) => (req.query.get('token') === 'old'
        ? { status: 410, body: { code: 'link_expired', message: 'This link was replaced by a newer one: please use the link in your latest e-mail.', context: { store: 'Calgary' } } }
        : { status: 400, body: { code: 'validation_failed', message: 'This link is not valid.', fields: { token: 'token is not a valid link' } } }),
    });
    const dead = renderWithApp(<ManageAppointmentPage />, { at: '/appointments/manage?token=old' });
    expect(await screen.findByText(/replaced by a newer one/)).toBeTruthy();
    expect(screen.getByRole('link', { name: CALGARY.phone }).getAttribute('href')).toBe(CALGARY.phoneHref);
    expect(screen.queryByRole('link', { name: EDMONTON.phone })).toBeNull();
    dead.unmount();

    renderWithApp(<ManageAppointmentPage />, { at: '/appointments/manage?token=forged' });
    expect(await screen.findByText('This link is not valid.')).toBeTruthy();
    expect(screen.getByRole('link', { name: CALGARY.phone })).toBeTruthy();
    expect(screen.getByRole('link', { name: EDMONTON.phone })).toBeTruthy();
  });
});
