// The appointment booking form (spec §3 fields, §4 states, §5 validation, §8 texts), shared by the vehicle page,
// the deals page and the chat widget. POST /api/book-appointment validates the same contract on the server.
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useMutation } from '@tanstack/react-query';
import { CalendarCheck, LoaderCircle, Phone } from 'lucide-react';
import {
  APPOINTMENT_TYPE_LABELS, APPOINTMENT_TYPES, BOOKING_CONFIRMATION_NOTE, MISSING_FIELDS_TOAST, timeChoiceText, appointmentRequestSchema, availableSlots, bookingToastText, openingHoursOn,
  type Appointment, type BookingConfirmations,
} from '@domain/booking';
import { DEALERSHIP, storeOf } from '@domain/settings';
import { closedReason } from '@domain/dealer-settings';
import { apiPost, errorMessage, isApiError } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField, sentence } from '@/components/ui/form-field';
import { Input, inputClass } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/cn';
import { useFormFunnel } from '@/lib/use-form-funnel';
import { albertaDate } from '@domain/alberta-time';
import { useClosedDays } from '@/lib/api/get-closed-days';

/** `location` is the vehicle's store: its hours decide the slots offered and its phone is the one shown. */
export interface BookingVehicle { id: number; title: string; location?: string | null }
/** Contact details the shopper already gave elsewhere (the chat's contact form), so they are not typed twice. */
export interface BookingPrefill { name: string; phone: string }

const GENERAL = 'General Consultation'; // spec §3 default vehicleInfo
export const BOOKING_FAILED_FALLBACK = `Something went wrong. Please try again or call ${DEALERSHIP.phone}.`; // spec §8

interface FormState {
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  appointmentType: string;
  preferredDate: string;
  preferredTime: string;
  message: string;
}

type AppointmentTypeValue = (typeof APPOINTMENT_TYPES)[number];

const emptyForm = (vehicle: BookingVehicle | null | undefined, prefill?: BookingPrefill | null, type?: AppointmentTypeValue | null): FormState => ({
  customerName: prefill?.name ?? '',
  customerPhone: prefill?.phone ?? '',
  customerEmail: '',
  // From a vehicle the usual wish is a test drive; from anywhere else the shopper picks.
  appointmentType: type ?? (vehicle ? 'test_drive' : ''),
  preferredDate: '',
  preferredTime: '',
  message: '',
});

const REQUIRED: (keyof FormState)[] = ['customerName', 'customerPhone', 'appointmentType', 'preferredDate', 'preferredTime']; // spec §5
/** Form order: the first invalid field in it gets the focus. */
const FIELD_ORDER: (keyof FormState)[] = ['customerName', 'customerPhone', 'customerEmail', 'appointmentType', 'preferredDate', 'preferredTime', 'message'];
const FIELD_IDS: Record<keyof FormState, string> = {
  customerName: 'name', customerPhone: 'phone', customerEmail: 'email', appointmentType: 'type', preferredDate: 'date', preferredTime: 'time', message: 'message',
};
const MISSING: Record<string, string> = {
  customerName: 'Enter your name.', customerPhone: 'Enter your phone number.', appointmentType: 'Choose an appointment type.',
  preferredDate: 'Choose a date.', preferredTime: 'Choose a time.',
};

function bookAppointment(body: unknown) {
  return apiPost<{ appointment: Appointment; confirmations: BookingConfirmations }>('/api/book-appointment', body);
}

export function BookingModal({
  open,
  onOpenChange,
  vehicle,
  returnFocus,
  prefill,
  appointmentType,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  vehicle?: BookingVehicle | null;
  prefill?: BookingPrefill | null;
  /** The type the form starts with, when the opener knows it (the chat, asked for a test drive); else from the vehicle. */
  appointmentType?: AppointmentTypeValue | null;
  /** Opened without a Radix trigger, the modal gives focus back here on closing (keyboard users keep their place). */
  returnFocus?: RefObject<HTMLElement | null>;
}) {
  const uid = useId();
  const [form, setForm] = useState<FormState>(() => emptyForm(vehicle));
  // The dealer's closed days (issue 33 §6): fetched when the form opens; the server refuses them whatever the form says.
  const closed = useClosedDays(open).data ?? null;
  const [errors, setErrors] = useState<Partial<Record<keyof FormState, string>>>({});
  // issue 21: problems are shown inside the form (all at once, focus on the first), never in a toast over its buttons.
  const [formAlert, setFormAlert] = useState<{ title: string; description: string } | null>(null);
  // issue 6: start, step and abandon events like every form; each opening is its own funnel, closing unbooked abandons.
  const funnel = useFormFunnel('booking', open);

  // A fresh form for each opening, for whichever vehicle it opens on, with the contact details given so far. Read
  // at opening only: a change of them while the form is open must not wipe what the shopper typed.
  const vehicleId = vehicle?.id ?? null;
  const prefillRef = useRef(prefill);
  prefillRef.current = prefill;
  const typeRef = useRef(appointmentType);
  typeRef.current = appointmentType;
  useEffect(() => {
    if (open) {
      setForm(emptyForm(vehicleId === null ? null : { id: vehicleId, title: '' }, prefillRef.current, typeRef.current));
      setErrors({});
      setFormAlert(null);
    }
  }, [open, vehicleId]);

  const mutation = useMutation({
    mutationFn: bookAppointment,
    onSuccess: ({ appointment, confirmations }) => {
      funnel.complete();
      // spec §8's title; its "confirmation text" only when the server sent one (issue 33 §1: no promise the site does
      // not keep), otherwise the e-mail it sent or the call to expect.
      toast({ title: 'Appointment Booked!', description: bookingToastText(confirmations, appointment.customerPhone), variant: 'success' });
      onOpenChange(false);
    },
    onError: (err) => {
      if (isApiError(err) && err.code === 'validation_failed') {
        // The server's contract is the form's; its messages are already plain words. Shown inline like ours.
        showProblems(pickFieldErrors(err.fields), { title: 'Please check your details', description: 'Some answers need a change before we can book.' });
        return;
      }
      setFormAlert({ title: 'Booking Failed', description: errorMessage(err, BOOKING_FAILED_FALLBACK) }); // spec §8 texts
    },
  });

  const set = (key: keyof FormState) => (e: { target: { value: string } }) => {
    funnel.start();
    const value = e.target.value;
    setForm((f) => {
      const next = { ...f, [key]: value };
      // A new date keeps the chosen time only if the store can still keep it that day.
      if (key === 'preferredDate' && next.preferredTime && !(availableSlots(value, new Date(), vehicle?.location, closed) as string[]).includes(next.preferredTime)) next.preferredTime = '';
      return next;
    });
    if (errors[key]) setErrors((x) => ({ ...x, [key]: undefined }));
  };

  const showProblems = (found: Partial<Record<keyof FormState, string>>, alert: { title: string; description: string }) => {
    setErrors(found);
    setFormAlert(alert);
    const first = FIELD_ORDER.find((k) => found[k]);
    if (first) requestAnimationFrame(() => document.getElementById(id(FIELD_IDS[first]))?.focus());
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (mutation.isPending) return;
    funnel.start();
    funnel.step('submit');
    setFormAlert(null);
    const payload = {
      ...form,
      vehicleId: vehicle?.id ?? null,
      vehicleInfo: vehicle?.title ?? GENERAL,
      ...(vehicle?.location === 'Edmonton' || vehicle?.location === 'Calgary' ? { location: vehicle.location } : {}),
    };
    // Every problem at once: the empty required fields, and what the server's own contract would refuse (a past
    // date, a malformed phone, a time the store is closed or that has passed).
    const found: Partial<Record<keyof FormState, string>> = {};
    for (const k of REQUIRED) if (!form[k].trim()) found[k] = MISSING[k];
    const parsed = appointmentRequestSchema(undefined, closed).safeParse(payload);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof FormState;
        if (key in FIELD_IDS) found[key] ??= friendly(issue.message);
      }
    }
    if (!parsed.success) {
      const missing = REQUIRED.some((k) => !form[k].trim());
      // spec §5's missing-fields texts, shown in the form instead of a toast over its buttons (issue 21).
      showProblems(found, missing ? MISSING_FIELDS_TOAST : { title: 'Please check your details', description: 'Some answers need a change before we can book.' });
      return;
    }
    mutation.mutate(parsed.data);
  };

  const now = new Date();
  const today = albertaDate(now);
  const id = (k: string) => `${uid}-${k}`;
  const submitting = mutation.isPending;
  const store = storeOf(vehicle?.location);
  const slots = form.preferredDate ? availableSlots(form.preferredDate, now, vehicle?.location, closed) : [];
  const dayHours = form.preferredDate ? openingHoursOn(form.preferredDate, vehicle?.location, closed) : null;
  const closedWhy = form.preferredDate ? closedReason(form.preferredDate, closed) : null;
  const timeText = timeChoiceText({
    date: form.preferredDate, closedWhy, slotCount: slots.length,
    hours: dayHours ? `${store.city} store hours that day: ${clock(dayHours.opens)} to ${clock(dayHours.closes)}.` : null,
  });

  return (
    <Dialog open={open} onOpenChange={(o) => { if (!submitting) onOpenChange(o); }}>
      <DialogContent
        className="max-w-xl"
        closeLabel="Close booking form"
        onCloseAutoFocus={(e) => { if (returnFocus?.current?.isConnected) { e.preventDefault(); returnFocus.current.focus(); } }}
        // With name and phone already given, the shopper starts at the first question left, not on their own name.
        onOpenAutoFocus={(e) => { if (prefillRef.current?.name && prefillRef.current.phone) { e.preventDefault(); document.getElementById(id(vehicleId === null && !typeRef.current ? 'type' : 'date'))?.focus(); } }}
      >
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <CalendarCheck className="size-5 text-primary" aria-hidden />
            {vehicle ? 'Book a Test Drive' : 'Book an Appointment'}
          </DialogTitle>
          <DialogDescription>
            {vehicle ? <>For the <span className="font-semibold text-foreground">{vehicle.title}</span>. </> : null}
            Pick a time that suits you; {BOOKING_CONFIRMATION_NOTE}. Fields marked * are required.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-busy={submitting}>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id={id('name')} label="Name *" error={sentence(errors.customerName)}>
              {(p) => <Input {...p} autoComplete="name" value={form.customerName} onChange={set('customerName')} maxLength={100} />}
            </FormField>
            <FormField id={id('phone')} label="Phone *" error={sentence(errors.customerPhone)}>
              {(p) => <Input {...p} type="tel" autoComplete="tel" inputMode="tel" value={form.customerPhone} onChange={set('customerPhone')} placeholder="e.g. 780 555 0123" />}
            </FormField>
          </div>
          <FormField id={id('email')} label="Email" optional error={sentence(errors.customerEmail)}>
            {(p) => <Input {...p} type="email" autoComplete="email" value={form.customerEmail} onChange={set('customerEmail')} />}
          </FormField>
          <FormField id={id('type')} label="Appointment type *" error={sentence(errors.appointmentType)}>
            {(p) => (
              <Select {...p} value={form.appointmentType} onChange={set('appointmentType')}>
                <option value="">Select a type</option>
                {APPOINTMENT_TYPES.map((t) => <option key={t} value={t}>{APPOINTMENT_TYPE_LABELS[t]}</option>)}
              </Select>
            )}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id={id('date')} label="Preferred date *" error={sentence(errors.preferredDate)}>
              {(p) => (
                <input
                  {...p}
                  type="date"
                  min={today}
                  value={form.preferredDate}
                  onChange={set('preferredDate')}
                  className={cn(inputClass, 'dark:[color-scheme:dark]')}
                />
              )}
            </FormField>
            <FormField id={id('time')} label="Preferred time *" error={sentence(errors.preferredTime)} hint={timeText.hint}>
              {(p) => (
                <Select {...p} value={form.preferredTime} onChange={set('preferredTime')}>
                  <option value="">{timeText.placeholder}</option>
                  {slots.map((s) => <option key={s} value={s}>{s}</option>)}
                </Select>
              )}
            </FormField>
          </div>
          <FormField id={id('message')} label="Message" optional error={sentence(errors.message)}>
            {(p) => (
              <textarea
                {...p}
                rows={3}
                maxLength={2000}
                value={form.message}
                onChange={set('message')}
                placeholder="Anything we should have ready? A trade-in, financing questions…"
                className={cn(inputClass, 'h-auto min-h-20 resize-y')}
              />
            )}
          </FormField>
          {formAlert && (
            <div role="alert" className="rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm text-destructive dark:text-red-300">
              <p className="font-semibold">{formAlert.title}</p>
              <p>{formAlert.description}</p>
            </div>
          )}
          <DialogFooter className="items-center sm:justify-between">
            {/* The vehicle's own store answers for it (issue 21: a Calgary vehicle shows the Calgary line). */}
            <a href={store.phoneHref} className="inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline">
              <Phone className="size-4" aria-hidden />Prefer to call? {store.phone}
            </a>
            <Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto">
              {submitting ? <><LoaderCircle className="animate-spin" aria-hidden />Booking…</> : 'Book Appointment'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The contract's messages are already plain words (domain/booking.ts); the form shows them as sentences. */
function friendly(message: string): string {
  return /[.!?]$/.test(message) ? message : `${message}.`;
}

/** '17:00' → '5:00 PM' */
function clock(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

function pickFieldErrors(fields: Record<string, string>): Partial<Record<keyof FormState, string>> {
  const out: Partial<Record<keyof FormState, string>> = {};
  for (const [k, v] of Object.entries(fields)) if (k in emptyForm(null)) out[k as keyof FormState] = friendly(v);
  return out;
}
