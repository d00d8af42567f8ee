// /appointments/manage?token=… (issue 33 §1): the link in a shopper's booking e-mail. It shows the booking and lets
// the shopper move it to another open slot or cancel it, without signing in. Nothing happens on opening the page:
// each change takes a click, so mail scanners that open every link change nothing.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '@/components/link';
import { CalendarX, LoaderCircle, CalendarCheck } from 'lucide-react';
import { albertaDate, albertaInstant, formatAlbertaTime } from '@domain/alberta-time';
import { APPOINTMENT_TYPE_LABELS, availableSlots, type ManagedAppointment } from '@domain/booking';
import { DEALERSHIP, storeOf } from '@domain/settings';
import { errorMessage } from '@/lib/api-client';
import { useClosedDays } from '@/lib/api/get-closed-days';
import { Button } from '@/components/ui/button';
import { AuthCard, FormAlert } from '@/components/auth-card';
import { cancelAppointment, rescheduleAppointment, useManagedAppointment } from '../api/manage-appointment';

export default function ManageAppointmentPage() {
  const [params] = useSearchParams();
  const [token, setToken] = useState(params.get('token') ?? '');
  const query = useManagedAppointment(token);
  const [done, setDone] = useState<{ message: string; appointment: ManagedAppointment } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const appointment = done?.appointment ?? query.data?.appointment;
  const store = storeOf(appointment?.location);
  // The dealer's closed days (issue 33 §6) are offered no slot here either.
  const closedDays = useClosedDays(Boolean(appointment)).data ?? null;
  const slots = date ? availableSlots(date, new Date(), appointment?.location, closedDays) : [];
  const closed = appointment ? ['cancelled', 'completed', 'no_show'].includes(appointment.status) : false;

  const act = async (run: () => Promise<{ message: string; appointment: ManagedAppointment }>) => {
    setError(null);
    setBusy(true);
    try {
      setDone(await run());
      // The old link is retired by the change; the new one is in the e-mail just sent.
      setToken('');
    } catch (err) {
      setError(errorMessage(err, 'We could not reach the server. Please try again or call us.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Your appointment" footer={<>Questions? Call <a href={store.phoneHref} className="font-semibold text-primary hover:underline">{store.phone}</a> or <Link to="/contact" className="font-semibold text-primary hover:underline">contact us</Link>.</>}>
      {!params.get('token') ? (
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
            <dt className="font-semibold">Date</dt><dd>{formatAlbertaTime(albertaInstant(appointment.preferredDate, 12 * 60), { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' })}</dd>
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
              <Button variant="outline" onClick={() => void act(() => cancelAppointment(token))} disabled={busy}>
                {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <CalendarX aria-hidden />}Cancel my appointment
              </Button>
            </>
          )}
        </div>
      )}
    </AuthCard>
  );
}
