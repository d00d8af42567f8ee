// /appointments/manage?token=… (issue 33 §1): the link in a shopper's booking e-mail. It shows the booking and lets
// the shopper move it to another open slot or cancel it, without signing in. Nothing happens on opening the page:
// each change takes a click, so mail scanners that open every link change nothing. A move retires the old link and
// the page goes on with the new one (issue 57), so the shopper can move again or cancel; a cancel is confirmed first
// and then offers to book again; a dead link still gives the phone of its booking's store.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '@/components/link';
import { CalendarX, LoaderCircle, CalendarCheck } from 'lucide-react';
import { albertaDate, albertaInstant, formatAlbertaTime } from '@domain/alberta-time';
import { APPOINTMENT_TYPE_LABELS, availableSlots, type ManagedAppointment } from '@domain/booking';
import { DEALERSHIP, storeOf } from '@domain/settings';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useClosedDays } from '@/lib/api/get-closed-days';
import { Button } from '@/components/ui/button';
import { AuthCard, FormAlert } from '@/components/auth-card';
import { cancelAppointment, rescheduleAppointment, useManagedAppointment } from '../api/manage-appointment';

export default function ManageAppointmentPage() {
  const [params, setParams] = useSearchParams();
  const [token, setToken] = useState(params.get('token') ?? '');
  const query = useManagedAppointment(token);
  const [done, setDone] = useState<{ message: string; appointment: ManagedAppointment } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const appointment = done?.appointment ?? query.data?.appointment;
  // A dead link's answer names its booking's store (410 context), so its phone is the one given.
  const knownCity = appointment ? appointment.location : deadLinkStore(query.error);
  const store = storeOf(knownCity);
  // A link that names no booking (mistyped, tampered) gives both stores' phones rather than guess one.
  const storeKnown = Boolean(appointment) || knownCity !== null;
  // The dealer's closed days (issue 33 §6) are offered no slot here either.
  const closedDays = useClosedDays(Boolean(appointment)).data ?? null;
  const slots = date ? availableSlots(date, new Date(), appointment?.location, closedDays) : [];
  const closed = appointment ? ['cancelled', 'completed', 'no_show'].includes(appointment.status) : false;

  const act = async (run: () => Promise<{ message: string; appointment: ManagedAppointment; token?: string }>) => {
    setError(null);
    setBusy(true);
    try {
      const result = await run();
      setDone(result);
      setConfirmingCancel(false);
      setDate('');
      setTime('');
      // The change retired the old link. A move answers with the new one (also in the e-mail just sent): the page,
      // and its address for a reload, go on with it. A cancelled booking has none.
      const next = result.token ?? '';
      setToken(next);
      setParams(next ? { token: next } : {}, { replace: true });
    } catch (err) {
      setError(errorMessage(err, 'We could not reach the server. Please try again or call us.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Your appointment" footer={<>Questions? Call {storeKnown ? <StorePhone store={store} /> : DEALERSHIP.addresses.map((a, i) => <span key={a.city}>{i > 0 && ' or '}{a.city} at <StorePhone store={a} /></span>)} or <Link to="/contact" className="font-semibold text-primary hover:underline">contact us</Link>.</>}>
      {!params.get('token') && !done ? (
        <p className="text-center text-sm">This page needs the link from your booking e-mail.</p>
      ) : query.isPending && !done ? (
        <p className="flex items-center justify-center gap-2 text-sm text-muted-foreground"><LoaderCircle className="size-4 animate-spin" aria-hidden />Loading your appointment…</p>
      ) : !appointment ? (
        <FormAlert message={errorMessage(query.error, 'This link is not valid.')} />
      ) : (
        <div className="grid gap-4">
          {done && <p role="status" className="rounded-md bg-accent/15 p-3 text-sm font-semibold">{done.message}</p>}
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-semibold">Appointment</dt><dd>{APPOINTMENT_TYPE_LABELS[appointment.appointmentType]}</dd>
            <dt className="font-semibold">Date</dt><dd>{longDate(appointment.preferredDate)}</dd>
            <dt className="font-semibold">Time</dt><dd>{appointment.preferredTime} (Alberta time)</dd>
            <dt className="font-semibold">Store</dt><dd>{DEALERSHIP.name} {store.city}, {store.street}</dd>
            <dt className="font-semibold">Status</dt><dd>{appointment.status === 'cancelled' ? 'Cancelled' : closed ? 'Closed' : 'Booked'}</dd>
          </dl>
          <FormAlert message={error} />
          {!closed && token && (
            <>
              <fieldset className="grid gap-2">
                <legend className="text-sm font-semibold">Move it to another time</legend>
                <label className="grid gap-1 text-sm">New date
                  <input type="date" min={albertaDate()} value={date} onChange={(e) => { setDate(e.target.value); setTime(''); }} className="rounded-md border border-input bg-background px-3 py-2" />
                </label>
                <label className="grid gap-1 text-sm">New time
                  <select value={time} onChange={(e) => setTime(e.target.value)} disabled={!slots.length} className="rounded-md border border-input bg-background px-3 py-2">
                    <option value="">{date ? (slots.length ? 'Choose a time' : 'No open times that day') : 'Choose a date first'}</option>
                    {slots.map((s) => <option key={s} value={s}>{s}</option>)}
                  </select>
                </label>
                <Button onClick={() => void act(() => rescheduleAppointment(token, date, time))} disabled={busy || !date || !time}>
                  <CalendarCheck aria-hidden />Move my appointment
                </Button>
              </fieldset>
              {confirmingCancel ? (
                <div role="alertdialog" aria-labelledby="cancel-title" aria-describedby="cancel-text" className="grid gap-3 rounded-md border border-destructive/40 p-3">
                  <p id="cancel-title" className="text-sm font-semibold">Cancel this appointment?</p>
                  <p id="cancel-text" className="text-sm">Your {APPOINTMENT_TYPE_LABELS[appointment.appointmentType].toLowerCase()} on {longDate(appointment.preferredDate)} at {appointment.preferredTime} will be cancelled. Moving it to another time above keeps your booking instead.</p>
                  <div className="flex flex-wrap gap-2">
                    <Button variant="destructive" onClick={() => void act(() => cancelAppointment(token))} disabled={busy}>
                      {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <CalendarX aria-hidden />}Yes, cancel it
                    </Button>
                    <Button variant="outline" autoFocus onClick={() => setConfirmingCancel(false)} disabled={busy}>Keep my appointment</Button>
                  </div>
                </div>
              ) : (
                <Button variant="outline" onClick={() => setConfirmingCancel(true)} disabled={busy}>
                  <CalendarX aria-hidden />Cancel my appointment
                </Button>
              )}
            </>
          )}
          {appointment.status === 'cancelled' && (
            <p className="text-sm">
              Changed your mind?{' '}
              {appointment.vehicleId !== null
                ? <Link to={`/vehicles/${appointment.vehicleId}`} className="font-semibold text-primary hover:underline">Book again on the vehicle's page</Link>
                : <Link to="/contact" className="font-semibold text-primary hover:underline">Book again</Link>}
              {' '}or call {store.city} at <a href={store.phoneHref} className="font-semibold text-primary hover:underline">{store.phone}</a>.
            </p>
          )}
        </div>
      )}
    </AuthCard>
  );
}

function StorePhone({ store }: { store: { phone: string; phoneHref: string } }) {
  return <a href={store.phoneHref} className="font-semibold text-primary hover:underline">{store.phone}</a>;
}

const longDate = (date: string) => formatAlbertaTime(albertaInstant(date, 12 * 60), { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });

/** The store a dead link's answer names (the 410's context), if any. */
function deadLinkStore(error: unknown): string | null {
  if (!isApiError(error)) return null;
  const context = (error.body as { context?: { store?: unknown } } | undefined)?.context;
  return typeof context?.store === 'string' ? context.store : null;
}
