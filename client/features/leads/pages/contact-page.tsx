// /contact (spec §2; issue 6): a contact form that becomes a lead (POST /api/leads, source 'contact'), our
// addresses without an embedded map (no third-party requests; a link opens the shopper's own maps app), hours and
// phones from the settings module (domain/settings.ts), and the booking modal.
import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { CalendarCheck, CheckCircle2, Clock, LoaderCircle, Mail, MapPin, Phone, Send } from 'lucide-react';
import { z } from 'zod';
import type { CreateLeadRequest } from '@domain/leads';
import { DEALERSHIP } from '@domain/settings';
import { errorMessage } from '@/lib/api-client';
import { formatClock } from '@/lib/format';
import { useFormFunnel } from '@/lib/use-form-funnel';
import { BookingModal } from '@/components/booking-modal';
import { Button } from '@/components/ui/button';
import { FormField, sentence } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { createLead } from '../api/create-lead';
import { keepEarlyInput } from '@/lib/early-input';

const contactSchema = z.object({
  name: z.string().trim().min(1, 'name is required').max(100, 'name is at most 100 characters'),
  email: z.union([z.literal(''), z.email('email is not a valid address')]),
  phone: z.string().trim().refine((p) => p === '' || (/^[\d\s()+.-]+$/.test(p) && p.replace(/\D/g, '').length >= 10 && p.replace(/\D/g, '').length <= 15), 'phone must have 10 to 15 digits'),
  message: z.string().trim().min(1, 'message is required').max(4000, 'message is at most 4000 characters'),
}).refine((v) => v.email !== '' || v.phone.trim() !== '', { message: 'give an email or a phone number so we can answer', path: ['email'] });

type Draft = { name: string; email: string; phone: string; message: string };
const EMPTY: Draft = { name: '', email: '', phone: '', message: '' };
const mapsLink = (a: (typeof DEALERSHIP.addresses)[number]) =>
  `https://www.openstreetmap.org/search?query=${encodeURIComponent(`${a.street}, ${a.city}, ${a.region} ${a.postalCode}`)}`;

export default function ContactPage() {
  const funnel = useFormFunnel('contact');
  const [d, setD] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [bookingOpen, setBookingOpen] = useState(false);
  const uid = useId();
  const id = (n: string) => `${uid}-${n}`;

  const send = useMutation({
    mutationFn: createLead,
    onSuccess: () => { funnel.complete(); setD(EMPTY); },
  });

  const set = (name: keyof Draft) => (value: string) => {
    funnel.start();
    setD((x) => ({ ...x, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = contactSchema.safeParse(d);
    if (!parsed.success) {
      const found: Partial<Record<keyof Draft, string>> = {};
      for (const i of parsed.error.issues) found[i.path[0] as keyof Draft] ??= sentence(i.message);
      setErrors(found);
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    const v = parsed.data;
    send.mutate({
      source: 'contact', leadType: 'contact', name: v.name, email: v.email || null, phone: v.phone.trim() || null, message: v.message,
      additionalData: { page: '/contact' },
    } as CreateLeadRequest);
  };

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:py-14">
      <header className="mb-8 max-w-3xl">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Contact us</h1>
        <p className="mt-2 text-lg text-muted-foreground">Questions about a vehicle, financing or a trade-in? Send us a message, call, or book a visit.</p>
      </header>

      <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="form-title" className="rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-8">
          <h2 id="form-title" className="mb-4 text-xl font-bold">Send a message</h2>
          {send.isSuccess ? (
            <div role="status" className="grid gap-3">
              <CheckCircle2 className="size-9 text-success" aria-hidden />
              <p className="text-lg font-semibold">Thanks, your message is with our team.</p>
              <p className="text-muted-foreground">We answer during opening hours, usually the same day.</p>
              <div><Button variant="outline" onClick={() => send.reset()}>Send another message</Button></div>
            </div>
          ) : (
            <form ref={keepEarlyInput} noValidate onSubmit={onSubmit} onFocus={funnel.start} className="grid gap-4 sm:grid-cols-2">
              <FormField id={id('name')} label="Name" error={errors.name} className="sm:col-span-2">
                {(p) => <Input {...p} value={d.name} onChange={(e) => set('name')(e.target.value)} autoComplete="name" />}
              </FormField>
              <FormField id={id('email')} label="Email" error={errors.email} hint="Email or phone: one is enough.">
                {(p) => <Input {...p} type="email" value={d.email} onChange={(e) => set('email')(e.target.value)} autoComplete="email" inputMode="email" />}
              </FormField>
              <FormField id={id('phone')} label="Phone" error={errors.phone} optional>
                {(p) => <Input {...p} type="tel" value={d.phone} onChange={(e) => set('phone')(e.target.value)} autoComplete="tel" inputMode="tel" placeholder="(780) 555-0100" />}
              </FormField>
              <FormField id={id('message')} label="Message" error={errors.message} className="sm:col-span-2">
                {(p) => (
                  <textarea {...p} value={d.message} onChange={(e) => set('message')(e.target.value)} rows={5} maxLength={4000}
                    className="rounded-md border border-input bg-card p-3 text-base focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-destructive md:text-sm" />
                )}
              </FormField>
              {send.isError && (
                <p role="alert" className="rounded-md bg-destructive/10 p-3 text-sm font-medium text-destructive sm:col-span-2 dark:text-red-300">
                  {errorMessage(send.error, `We could not send your message. Please try again or call ${DEALERSHIP.phone}.`)}
                </p>
              )}
              <div className="sm:col-span-2">
                <Button type="submit" disabled={send.isPending}>
                  {send.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <Send aria-hidden />}Send message
                </Button>
              </div>
            </form>
          )}
        </section>

        <aside className="grid content-start gap-6">
          <section aria-labelledby="visit-title" className="rounded-2xl border border-border bg-card p-6">
            <h2 id="visit-title" className="text-xl font-bold">Visit or call</h2>
            <ul className="mt-4 grid gap-5">
              {DEALERSHIP.addresses.map((a) => (
                <li key={a.city}>
                  <address className="not-italic">
                    <p className="font-semibold">{DEALERSHIP.name} {a.city}</p>
                    <p className="mt-1 flex items-start gap-2 text-sm"><MapPin className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />{a.street}, {a.city}, {a.region} {a.postalCode}</p>
                    <p className="mt-1 flex items-center gap-2 text-sm"><Phone className="size-4 shrink-0 text-primary" aria-hidden /><a href={`tel:+1${a.phone.replace(/\D/g, '')}`} className="text-primary underline">{a.phone}</a></p>
                  </address>
                  <a href={mapsLink(a)} target="_blank" rel="noopener noreferrer" className="mt-1 inline-block text-sm text-primary underline">
                    Directions to {a.city}<span className="sr-only"> (opens OpenStreetMap in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
            <p className="mt-5 flex items-center gap-2 text-sm"><Mail className="size-4 text-primary" aria-hidden /><a href={`mailto:${DEALERSHIP.email}`} className="text-primary underline">{DEALERSHIP.email}</a></p>
          </section>

          <section aria-labelledby="hours-title" className="rounded-2xl border border-border bg-card p-6">
            <h2 id="hours-title" className="flex items-center gap-2 text-xl font-bold"><Clock className="size-5 text-primary" aria-hidden />Hours</h2>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1.5 text-sm">
              {DEALERSHIP.hours.map((h) => (
                <div key={h.days} className="contents">
                  <dt className="font-medium">{h.days}</dt>
                  <dd>{formatClock(h.opens)} – {formatClock(h.closes)}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-2 text-xs text-muted-foreground">Mountain Time (Edmonton and Calgary).</p>
          </section>

          <section aria-labelledby="book-title" className="rounded-2xl border border-border bg-card p-6">
            <h2 id="book-title" className="text-xl font-bold">Book a visit</h2>
            <p className="mt-1 text-sm text-muted-foreground">A test drive, a financing talk or an inspection: pick a time that suits you.</p>
            <Button className="mt-4" onClick={() => setBookingOpen(true)}><CalendarCheck aria-hidden />Book an appointment</Button>
          </section>
        </aside>
      </div>
      <BookingModal open={bookingOpen} onOpenChange={setBookingOpen} />
    </div>
  );
}
