// The appointment booking form (spec §3 fields, §4 states, §5 validation, §8 texts), shared by the vehicle page,
// the deals page and the chat widget. POST /api/book-appointment validates the same contract on the server.
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useMutation } from '@tanstack/react-query';
import { CalendarCheck, LoaderCircle, Phone } from 'lucide-react';
import {
  APPOINTMENT_TYPE_LABELS, APPOINTMENT_TYPES, MISSING_FIELDS_TOAST, TIME_SLOTS, appointmentRequestSchema, todayInDealershipZone,
  type Appointment,
} from '@domain/booking';
import { DEALERSHIP } from '@domain/settings';
import { apiPost, errorMessage, isApiError } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField, sentence } from '@/components/ui/form-field';
import { Input, inputClass } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/cn';
import { useFormFunnel } from '@/lib/use-form-funnel';

export interface BookingVehicle { id: number; title: string }
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

const emptyForm = (vehicle: BookingVehicle | null | undefined, prefill?: BookingPrefill | null): FormState => ({
  customerName: prefill?.name ?? '',
  customerPhone: prefill?.phone ?? '',
  customerEmail: '',
  // From a vehicle the usual wish is a test drive; from anywhere else the shopper picks.
  appointmentType: vehicle ? 'test_drive' : '',
  preferredDate: '',
  preferredTime: '',
  message: '',
});

const REQUIRED: (keyof FormState)[] = ['customerName', 'customerPhone', 'appointmentType', 'preferredDate', 'preferredTime']; // spec §5

function bookAppointment(body: unknown) {
  return apiPost<{ appointment: Appointment }>('/api/book-appointment', body);
}

export function BookingModal({
  open,
  onOpenChange,
  vehicle,
  returnFocus,
  prefill,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  vehicle?: BookingVehicle | null;
  prefill?: BookingPrefill | null;
  /** Opened without a Radix trigger, the modal gives focus back here on closing (keyboard users keep their place). */
  returnFocus?: RefObject<HTMLElement | null>;
}) {
  const uid = useId();
  const [form, setForm] = useState<FormState>(() => emptyForm(vehicle));
  const [errors, setErrors] = useState<Partial<Record<keyof FormState, string>>>({});
  // issue 6: start, step and abandon events like every form; each opening is its own funnel, closing unbooked abandons.
  const funnel = useFormFunnel('booking', open);

  // A fresh form for each opening, for whichever vehicle it opens on, with the contact details given so far. Read
  // at opening only: a change of them while the form is open must not wipe what the shopper typed.
  const vehicleId = vehicle?.id ?? null;
  const prefillRef = useRef(prefill);
  prefillRef.current = prefill;
  useEffect(() => {
    if (open) {
      setForm(emptyForm(vehicleId === null ? null : { id: vehicleId, title: '' }, prefillRef.current));
      setErrors({});
    }
  }, [open, vehicleId]);

  const mutation = useMutation({
    mutationFn: bookAppointment,
    onSuccess: () => {
      funnel.complete();
      // spec §8
      toast({ title: 'Appointment Booked!', description: "You'll receive a confirmation text shortly. We can't wait to see you!", variant: 'success' });
      onOpenChange(false);
    },
    onError: (err) => {
      if (isApiError(err)) setErrors(pickFieldErrors(err.fields));
      toast({ title: 'Booking Failed', description: errorMessage(err, BOOKING_FAILED_FALLBACK), variant: 'destructive' });
    },
  });

  const set = (key: keyof FormState) => (e: { target: { value: string } }) => {
    funnel.start();
    setForm((f) => ({ ...f, [key]: e.target.value }));
    if (errors[key]) setErrors((x) => ({ ...x, [key]: undefined }));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (mutation.isPending) return;
    funnel.start();
    funnel.step('submit');
    const missing = REQUIRED.filter((k) => !form[k].trim());
    if (missing.length) {
      setErrors(Object.fromEntries(missing.map((k) => [k, 'Required'])));
      toast({ ...MISSING_FIELDS_TOAST, variant: 'destructive' }); // spec §5
      return;
    }
    const payload = {
      ...form,
      vehicleId: vehicle?.id ?? null,
      vehicleInfo: vehicle?.title ?? GENERAL,
    };
    // The same contract the server applies: a past date or a malformed phone is caught before sending.
    const parsed = appointmentRequestSchema().safeParse(payload);
    if (!parsed.success) {
      const fieldErrors: Partial<Record<keyof FormState, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof FormState;
        fieldErrors[key] ??= friendly(key, issue.message);
      }
      setErrors(fieldErrors);
      const first = Object.values(fieldErrors)[0];
      toast({ title: 'Please check your details', description: first, variant: 'destructive' });
      return;
    }
    mutation.mutate(parsed.data);
  };

  const today = todayInDealershipZone();
  const id = (k: string) => `${uid}-${k}`;
  const submitting = mutation.isPending;

  return (
    <Dialog open={open} onOpenChange={(o) => { if (!submitting) onOpenChange(o); }}>
      <DialogContent
        className="max-w-xl"
        closeLabel="Close booking form"
        onCloseAutoFocus={(e) => { if (returnFocus?.current?.isConnected) { e.preventDefault(); returnFocus.current.focus(); } }}
        // With name and phone already given, the shopper starts at the first question left, not on their own name.
        onOpenAutoFocus={(e) => { if (prefillRef.current?.name && prefillRef.current.phone) { e.preventDefault(); document.getElementById(id(vehicleId === null ? 'type' : 'date'))?.focus(); } }}
      >
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <CalendarCheck className="size-5 text-primary" aria-hidden />
            {vehicle ? 'Book a Test Drive' : 'Book an Appointment'}
          </DialogTitle>
          <DialogDescription>
            {vehicle ? <>For the <span className="font-semibold text-foreground">{vehicle.title}</span>. </> : null}
            Pick a time that suits you; we will text to confirm. Fields marked * are required.
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
            <FormField id={id('time')} label="Preferred time *" error={sentence(errors.preferredTime)}>
              {(p) => (
                <Select {...p} value={form.preferredTime} onChange={set('preferredTime')}>
                  <option value="">Select a time</option>
                  {TIME_SLOTS.map((s) => <option key={s} value={s}>{s}</option>)}
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
          <DialogFooter className="items-center sm:justify-between">
            <a href={DEALERSHIP.phoneHref} className="inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline">
              <Phone className="size-4" aria-hidden />Prefer to call? {DEALERSHIP.phone}
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

/** The contract's messages name the field ("preferredDate cannot be…"); the form shows a person's wording. */
function friendly(key: keyof FormState, message: string): string {
  if (key === 'preferredDate' && /earlier than today/.test(message)) return 'Please choose today or a later date.';
  if (key === 'preferredDate') return 'Please choose a valid date.';
  if (key === 'customerPhone') return 'Please enter a phone number with 10 to 15 digits.';
  if (key === 'customerEmail') return 'Please enter a valid email address, or leave it empty.';
  if (key === 'preferredTime') return 'Please choose one of the listed times.';
  return message.replace(/^[a-zA-Z]+ /, (w) => (w.trim() in FIELD_NAMES ? `${FIELD_NAMES[w.trim()]} ` : w));
}

const FIELD_NAMES: Record<string, string> = { customerName: 'Name', message: 'Message', appointmentType: 'Appointment type' };

function pickFieldErrors(fields: Record<string, string>): Partial<Record<keyof FormState, string>> {
  const out: Partial<Record<keyof FormState, string>> = {};
  for (const [k, v] of Object.entries(fields)) if (k in emptyForm(null)) out[k as keyof FormState] = friendly(k as keyof FormState, v);
  return out;
}
