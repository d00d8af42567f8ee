// The form behind /sell-my-vehicle and /trade-appraiser (issue 6): VIN (decoded offline on our server) or
// year/make/model/trim, kilometres and condition, then name and phone. The answer is an estimated range computed
// from our own comparables (domain/appraisal.ts), with the method and its uncertainty shown, or a plain "we can't
// estimate" when we have none. Either way the dealer gets a lead. Photos the seller picked are sent right after the
// estimate with its one-time photo token; the estimate shows at once and says whether the photos arrived.
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from '@/components/link';
import { useMutation } from '@tanstack/react-query';
import { Calculator, CheckCircle2, ImageUp, LoaderCircle, RotateCw, ScanLine } from 'lucide-react';
import {
  appraisalContactSchema, appraisalVehicleSchema, CONDITION_LABELS, METHOD_STEPS, VEHICLE_CONDITIONS,
  type AppraisalPurpose, type AppraisalRequest, type AppraisalResult,
} from '@domain/appraisal';
import { DEALERSHIP } from '@domain/settings';
import { vehicleTitle } from '@domain/vehicle';
import { errorMessage } from '@/lib/api-client';
import { analyticsSessionId } from '@/lib/analytics';
import { formatKm, formatPrice } from '@/lib/format';
import { useFormFunnel } from '@/lib/use-form-funnel';
import { Button } from '@/components/ui/button';
import { FormField, sentence } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { decodeVin } from '../api/decode-vin';
import { requestAppraisal } from '../api/request-appraisal';
import { uploadAppraisalPhotos } from '../api/upload-appraisal-photos';
import { AppraisalPhotoPicker, type PickedPhoto } from '../components/appraisal-photo-picker';
import { TableScroll } from '@/components/ui/table-scroll';
import { parseTypedNumber } from '@domain/typed-number';
import { keepEarlyInput } from '@/lib/early-input';

type Draft = Record<'vin' | 'year' | 'make' | 'model' | 'trim' | 'mileage' | 'condition' | 'name' | 'phone' | 'email' | 'message', string>;
const EMPTY: Draft = { vin: '', year: '', make: '', model: '', trim: '', mileage: '', condition: '', name: '', phone: '', email: '', message: '' };
// Issue 33 §2: "98,000 km" as typed.
const num = (s: string) => parseTypedNumber(s);

export function AppraisalForm({ purpose }: { purpose: AppraisalPurpose }) {
  const form = purpose === 'sell' ? 'sell_my_vehicle' : 'trade_appraiser';
  const funnel = useFormFunnel(form);
  const [d, setD] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [vinNote, setVinNote] = useState<string | null>(null);
  const [result, setResult] = useState<AppraisalResult | null>(null);
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const uid = useId();
  const id = (n: string) => `${uid}-${n}`;

  const set = (name: keyof Draft) => (value: string) => {
    funnel.start();
    setD((x) => ({ ...x, [name]: value }));
    setErrors((e) => { const { [name]: _gone, ...rest } = e; return rest; });
  };

  const decode = useMutation({
    mutationFn: decodeVin,
    onSuccess: (r) => {
      funnel.step('vin');
      if (!r.valid) { setVinNote('We could not recognise this VIN. Please enter year, make and model.'); return; }
      setD((x) => ({ ...x, year: r.year ? String(r.year) : x.year, make: r.make ?? x.make, model: r.model ?? x.model, trim: r.trim ?? x.trim }));
      setVinNote(`Decoded: ${[r.year, r.make, r.model, r.trim].filter(Boolean).join(' ')}. Check and correct anything below.`);
    },
    onError: (err) => setVinNote(errorMessage(err, 'The VIN lookup failed. Please enter year, make and model.')),
  });

  const sendPhotos = useMutation({
    mutationFn: ({ leadId, photoToken }: AppraisalResult) => uploadAppraisalPhotos(leadId, photoToken, photos.map((p) => p.file)),
  });
  const submit = useMutation({
    mutationFn: requestAppraisal,
    onSuccess: (r) => {
      funnel.complete();
      setResult(r);
      if (photos.length) sendPhotos.mutate(r);
    },
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const vehicle = { vin: d.vin, year: num(d.year), make: d.make, model: d.model, trim: d.trim, mileage: num(d.mileage), condition: d.condition || undefined };
    const contact = { name: d.name, phone: d.phone, email: d.email, message: d.message };
    const found: Record<string, string> = {};
    const v = appraisalVehicleSchema.safeParse(vehicle);
    if (!v.success) for (const i of v.error.issues) found[String(i.path[0])] ??= sentence(i.message)!;
    const c = appraisalContactSchema.safeParse(contact);
    if (!c.success) for (const i of c.error.issues) found[String(i.path[0])] ??= sentence(i.message)!;
    setErrors(found);
    if (Object.keys(found).length) {
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    funnel.step('submit');
    submit.mutate({ purpose, vehicle: vehicle as AppraisalRequest['vehicle'], contact, sessionId: analyticsSessionId() });
  };

  if (result) {
    // The year is a number here: the form checked it before sending.
    return (
      <EstimateResult result={result} purpose={purpose} vehicle={vehicleTitle({ ...d, year: num(d.year)! })} km={num(d.mileage) ?? 0}>
        {photos.length > 0 && (
          <PhotoDelivery count={photos.length} pending={sendPhotos.isPending} sent={sendPhotos.data?.photoCount ?? null}
            error={sendPhotos.isError ? errorMessage(sendPhotos.error, 'The photos could not be sent.') : null} onRetry={() => sendPhotos.mutate(result)} />
        )}
      </EstimateResult>
    );
  }

  const field = (name: keyof Draft, label: ReactNode, input: (p: { id: string; 'aria-invalid': boolean | undefined; 'aria-describedby': string | undefined }) => ReactNode, opts: { optional?: boolean; hint?: string; className?: string } = {}) => (
    <FormField id={id(name)} label={label} error={errors[name]} {...opts}>{input}</FormField>
  );
  const text = (name: keyof Draft, label: string, opts: { optional?: boolean; hint?: string; className?: string; inputMode?: 'numeric' | 'tel' | 'email'; autoComplete?: string; type?: string; placeholder?: string } = {}) =>
    field(name, label, (p) => <Input {...p} type={opts.type ?? 'text'} value={d[name]} onChange={(e) => set(name)(e.target.value)} inputMode={opts.inputMode} autoComplete={opts.autoComplete ?? 'off'} placeholder={opts.placeholder} />,
      { ...(opts.optional ? { optional: true } : {}), ...(opts.hint ? { hint: opts.hint } : {}), ...(opts.className ? { className: opts.className } : {}) });

  return (
    <form ref={keepEarlyInput} noValidate onSubmit={onSubmit} onFocus={funnel.start} className="grid gap-6 rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-8">
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-lg font-bold">Your vehicle</legend>
        <div className="grid gap-1.5 sm:col-span-2">
          <div className="flex items-end gap-2">
            {text('vin', 'VIN', { optional: true, className: 'flex-1', placeholder: 'e.g. 2HGFC2F59KH512345', hint: '17 characters, on the driver-side dashboard, door frame or your registration. It fills in year, make and model.' })}
          </div>
          <div>
            <Button type="button" variant="outline" size="sm" disabled={d.vin.trim().length !== 17 || decode.isPending} onClick={() => decode.mutate(d.vin.trim().toUpperCase())}>
              {decode.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <ScanLine aria-hidden />}Decode VIN
            </Button>
          </div>
          {vinNote && <p role="status" className="text-sm text-muted-foreground">{vinNote}</p>}
        </div>
        {text('year', 'Year', { inputMode: 'numeric', placeholder: '2019' })}
        {text('make', 'Make', { placeholder: 'Honda' })}
        {text('model', 'Model', { placeholder: 'Civic' })}
        {text('trim', 'Trim', { optional: true, placeholder: 'LX' })}
        {text('mileage', 'Kilometres', { inputMode: 'numeric', placeholder: '85000' })}
        {field('condition', 'Condition', (p) => (
          <Select {...p} value={d.condition} onChange={(e) => set('condition')(e.target.value)}>
            <option value="">Choose…</option>
            {VEHICLE_CONDITIONS.map((c) => <option key={c} value={c}>{CONDITION_LABELS[c].label}</option>)}
          </Select>
        ), { hint: d.condition ? CONDITION_LABELS[d.condition as keyof typeof CONDITION_LABELS]?.description : 'Be honest: it keeps the estimate close to our offer.' })}
        <AppraisalPhotoPicker photos={photos} onChange={(next) => { funnel.start(); setPhotos(next); }} disabled={submit.isPending} />
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-lg font-bold">How we reach you</legend>
        {text('name', 'Name', { autoComplete: 'name' })}
        {text('phone', 'Phone', { type: 'tel', inputMode: 'tel', autoComplete: 'tel', placeholder: '(780) 555-0100' })}
        {text('email', 'Email', { optional: true, type: 'email', inputMode: 'email', autoComplete: 'email' })}
        {field('message', 'Anything we should know?', (p) => (
          <textarea {...p} value={d.message} onChange={(e) => set('message')(e.target.value)} rows={3} maxLength={2000}
            className="rounded-md border border-input bg-card p-3 text-sm focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-destructive" />
        ), { optional: true, className: 'sm:col-span-2' })}
        <p className="text-xs text-muted-foreground sm:col-span-2">
          We use these details only to follow up on this {purpose === 'sell' ? 'vehicle' : 'trade-in'}. See our <Link to="/privacy-policy" className="underline">privacy policy</Link>.
        </p>
      </fieldset>

      {submit.isError && <p role="alert" className="rounded-md bg-destructive/10 p-3 text-sm font-medium text-destructive dark:text-red-300">{errorMessage(submit.error, `We could not get an estimate. Please try again or call ${DEALERSHIP.phone}.`)}</p>}
      <div>
        <Button type="submit" size="lg" disabled={submit.isPending}>
          {submit.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <Calculator aria-hidden />}Get my estimate
        </Button>
      </div>
    </form>
  );
}

const CONFIDENCE_TEXT = {
  high: 'Many close comparables that agree: a fairly tight range.',
  medium: 'A handful of comparables: a moderate range.',
  low: 'Only one to three comparables: treat this range as rough.',
  none: '',
} as const;

/** Whether the seller's photos reached the lead; a failure keeps the estimate and offers another try (the token lasts an hour). */
function PhotoDelivery({ count, pending, sent, error, onRetry }: { count: number; pending: boolean; sent: number | null; error: string | null; onRetry: () => void }) {
  const photos = `${count} photo${count === 1 ? '' : 's'}`;
  if (error) {
    return (
      <div role="alert" className="mt-4 grid gap-2 rounded-md bg-destructive/10 p-3 text-sm text-destructive dark:text-red-300">
        <p className="font-medium">Your {photos} did not upload: {error}</p>
        <p>Your estimate request is saved either way; a specialist can collect photos when they call.</p>
        <div><Button type="button" size="sm" variant="outline" onClick={onRetry}><RotateCw aria-hidden />Try the photos again</Button></div>
      </div>
    );
  }
  return (
    <p className="mt-4 flex items-center gap-2 text-sm font-medium" aria-live="polite">
      {pending || sent === null
        ? <><LoaderCircle className="size-4 animate-spin" aria-hidden />Sending your {photos}…</>
        : <><ImageUp className="size-4 text-success" aria-hidden />Your {photos} reached our specialist with this estimate.</>}
    </p>
  );
}

function EstimateResult({ result, purpose, vehicle, km, children }: { result: AppraisalResult; purpose: AppraisalPurpose; vehicle: string; km: number; children?: ReactNode }) {
  const e = result.estimate;
  const sectionRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // issue 21: the answer replaces a long form, so it would land above the screen. Bring it into view and move focus
  // to its heading, which a screen reader then reads out; the section is also a polite live region.
  useEffect(() => {
    sectionRef.current?.scrollIntoView({ block: 'start' });
    headingRef.current?.focus({ preventScroll: true });
  }, []);
  return (
    <div className="grid gap-6">
      <section ref={sectionRef} aria-labelledby="estimate-title" aria-live="polite" className="scroll-mt-24 rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8">
        <CheckCircle2 className="size-9 text-success" aria-hidden />
        <h2 ref={headingRef} tabIndex={-1} id="estimate-title" className="mt-2 text-2xl font-extrabold tracking-tight outline-none">
          {e.low !== null ? 'Your estimated range' : "We can't estimate this one online"}
        </h2>
        <p className="mt-1 text-muted-foreground">{vehicle}, {formatKm(km)}</p>
        {e.low !== null ? (
          <>
            <p className="mt-4 text-4xl font-extrabold tabular-nums text-primary">{formatPrice(e.low)} – {formatPrice(e.high!)}</p>
            <p className="mt-2 text-sm">
              Based on {e.comparableCount} comparable vehicle{e.comparableCount === 1 ? '' : 's'} from our inventory and sales
              (±{Math.round((e.spread ?? 0) * 100)}%). {CONFIDENCE_TEXT[e.confidence]}
            </p>
            <p className="mt-2 text-sm text-muted-foreground">
              An estimate, not an offer: our {purpose === 'sell' ? 'purchase' : 'trade-in'} offer follows a look at the vehicle and can be above or below this range.
            </p>
          </>
        ) : (
          <p className="mt-3 text-sm">
            We have not sold or stocked a comparable vehicle (same make and model within 3 model years), so any number would be a guess.
            A specialist will look at it and call you with a real figure.
          </p>
        )}
        <p className="mt-4 text-sm font-medium">
          We have your details: a specialist will contact you, usually within one business day. Prefer to talk now? Call{' '}
          <a href={DEALERSHIP.phoneHref} className="text-primary underline">{DEALERSHIP.phone}</a>.
        </p>
        {children}
      </section>

      <section aria-labelledby="method-title" className="rounded-2xl border border-border bg-card p-6 sm:p-8">
        <h2 id="method-title" className="text-lg font-bold">How we calculate it</h2>
        <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm text-muted-foreground">
          {METHOD_STEPS.map((s) => <li key={s}>{s}</li>)}
        </ol>
        {e.comparables.length > 0 && (
          <TableScroll className="mt-5">
            <table className="w-full text-sm">
              <caption className="mb-2 text-left font-semibold">The comparables we used (retail prices)</caption>
              <thead><tr className="border-b border-border text-left"><th scope="col" className="py-2 pr-3">Vehicle</th><th scope="col" className="py-2 pr-3">Kilometres</th><th scope="col" className="py-2 pr-3">Price</th><th scope="col" className="py-2">Status</th></tr></thead>
              <tbody>
                {e.comparables.map((c, i) => (
                  <tr key={i} className="border-b border-border last:border-0">
                    <td className="py-2 pr-3">{vehicleTitle(c)}</td>
                    <td className="py-2 pr-3 tabular-nums">{formatKm(c.mileage)}</td>
                    <td className="py-2 pr-3 tabular-nums">{formatPrice(c.price)}</td>
                    <td className={cn('py-2', c.sold ? 'text-muted-foreground' : '')}>{c.sold ? 'Sold' : 'On our lot'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </section>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button asChild><Link to="/vehicles">Browse vehicles</Link></Button>
        {purpose === 'trade-in' && <Button asChild variant="outline"><Link to="/pre-approval">Get pre-approved</Link></Button>}
      </div>
    </div>
  );
}
