// /pre-approval (spec §2; issue 6 "Financing and pre-approval"): a step-by-step application. Each step is checked
// with its own schema from domain/pre-approval.ts (the server checks the same ones), progress survives a reload in
// sessionStorage (cleared on submit and with the tab; never localStorage), and the result screen says what happens
// next without ever claiming an approval. No SIN is asked for.
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '@/components/link';
import { useMutation } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, CheckCircle2, LoaderCircle, Lock, ShieldCheck } from 'lucide-react';
import {
  CREDIT_CHECK_CONSENT_TEXT, EMPLOYMENT_LABELS, EMPLOYMENT_STATUSES, HOUSING_LABELS, HOUSING_STATUSES, needsEmployer, PRE_APPROVAL_STEPS,
  PROVINCES, type PreApprovalApplicationInput, type PreApprovalSubmitted,
} from '@domain/pre-approval';
import { DEALERSHIP } from '@domain/settings';
import { vehicleTitle } from '@domain/vehicle';
import { useVehicle } from '@/lib/api/get-vehicle';
import { errorMessage, isApiError } from '@/lib/api-client';
import { readJSON, removeItem, writeJSON } from '@/lib/storage';
import { useFormFunnel } from '@/lib/use-form-funnel';
import { analyticsSessionId } from '@/lib/analytics';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField, sentence } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { submitPreApproval } from '../api/submit-pre-approval';
import { formatDealershipDate } from '@/components/dealership-date';
import { parseTypedNumber } from '@domain/typed-number';
import { keepEarlyInput } from '@/lib/early-input';

const DRAFT_KEY = 'pre-approval-draft';

type Draft = Record<string, string>;
type Errors = Record<string, string>;

const EMPTY: Draft = {
  vehicleInterest: '', employmentStatus: '', employer: '', jobTitle: '', monthsAtJob: '', monthlyIncome: '',
  housingStatus: '', monthlyHousingPayment: '', street: '', city: '', province: 'AB', postalCode: '', yearsAtAddress: '',
  downPayment: '', hasTradeIn: '', tradeYear: '', tradeMake: '', tradeModel: '', tradeMileage: '', tradeOwing: '',
  firstName: '', lastName: '', email: '', phone: '', dateOfBirth: '',
};

/** '' → undefined so a required number says "required"; otherwise the number as typed ("4,500"), NaN becoming a type error message. */
const num = (s: string | undefined) => parseTypedNumber(s);

/** The typed value of each step, built from the text the shopper typed. */
function stepValues(d: Draft, vehicleId: number | null, consent: { credit: boolean; marketing: boolean }) {
  return {
    vehicle: { vehicleId, vehicleInterest: d.vehicleInterest },
    employment: { employmentStatus: d.employmentStatus || undefined, employer: d.employer, jobTitle: d.jobTitle, monthsAtJob: num(d.monthsAtJob) ?? null, monthlyIncome: num(d.monthlyIncome) },
    housing: {
      housingStatus: d.housingStatus || undefined, monthlyHousingPayment: num(d.monthlyHousingPayment), street: d.street, city: d.city,
      province: d.province, postalCode: d.postalCode, yearsAtAddress: num(d.yearsAtAddress) ?? null,
    },
    'down-payment': {
      downPayment: num(d.downPayment) ?? 0,
      hasTradeIn: d.hasTradeIn === '' ? undefined : d.hasTradeIn === 'yes',
      tradeIn: d.hasTradeIn === 'yes'
        ? { year: num(d.tradeYear), make: d.tradeMake, model: d.tradeModel, mileage: num(d.tradeMileage), amountOwing: num(d.tradeOwing) ?? 0 }
        : null,
    },
    contact: { firstName: d.firstName, lastName: d.lastName, email: d.email, phone: d.phone, dateOfBirth: d.dateOfBirth },
    consent: { creditCheckConsent: consent.credit, marketingConsent: consent.marketing },
  } as const;
}

const TRADE_FIELDS: Record<string, string> = { year: 'tradeYear', make: 'tradeMake', model: 'tradeModel', mileage: 'tradeMileage', amountOwing: 'tradeOwing' };

/** Maps an issue path (e.g. ['tradeIn', 'year']) to our draft field name. */
function fieldOf(path: PropertyKey[]): string {
  const [a, b] = path.map(String);
  if (a === 'tradeIn') return (b && TRADE_FIELDS[b]) || 'hasTradeIn';
  return a ?? 'form';
}

const SERVER_STEP: Record<string, number> = { vehicle: 0, employment: 1, housing: 2, downPayment: 3, contact: 4, consent: 5 };

interface Saved { step: number; draft: Draft }

export default function PreApprovalPage() {
  const [params] = useSearchParams();
  const vehicleParam = Number(params.get('vehicleId'));
  const vehicleId = Number.isInteger(vehicleParam) && vehicleParam > 0 ? vehicleParam : null;
  const saved = useRef(readJSON<Saved | null>(DRAFT_KEY, null, { area: 'session' }));
  const [step, setStep] = useState(() => Math.min(Math.max(saved.current?.step ?? 0, 0), PRE_APPROVAL_STEPS.length - 1));
  const [draft, setDraft] = useState<Draft>(() => ({ ...EMPTY, ...(saved.current?.draft ?? {}) }));
  const [consent, setConsent] = useState({ credit: false, marketing: false });
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [result, setResult] = useState<PreApprovalSubmitted | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const funnel = useFormFunnel('pre_approval');
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;

  // The vehicle page's own query: one cache entry for the vehicle, whichever page asked first.
  const vehicle = useVehicle(vehicleId);

  // Progress survives a reload; the consent box is deliberately not saved: it is ticked at the moment of applying.
  useEffect(() => {
    if (!result) writeJSON(DRAFT_KEY, { step, draft } satisfies Saved, { area: 'session' });
  }, [step, draft, result]);
  useEffect(() => { funnel.step(PRE_APPROVAL_STEPS[step]!.id); }, [step, funnel]);

  const set = (name: string) => (value: string) => {
    funnel.start();
    setDraft((d) => ({ ...d, [name]: value }));
    setErrors((e) => { const { [name]: _gone, ...rest } = e; return rest; });
  };

  const current = PRE_APPROVAL_STEPS[step]!;
  const values = stepValues(draft, vehicleId, consent);

  const validate = (index: number): Errors => {
    const s = PRE_APPROVAL_STEPS[index]!;
    const parsed = s.schema.safeParse(values[s.id]);
    if (parsed.success) return {};
    const out: Errors = {};
    for (const issue of parsed.error.issues) out[fieldOf(issue.path)] ??= sentence(issue.message) ?? 'Check this field';
    return out;
  };

  const focusHeading = () => requestAnimationFrame(() => headingRef.current?.focus());

  const submit = useMutation({
    mutationFn: submitPreApproval,
    onSuccess: (r) => {
      funnel.complete();
      removeItem(DRAFT_KEY, { area: 'session' });
      setResult(r);
      window.scrollTo({ top: 0 });
      focusHeading();
    },
    onError: (err) => {
      if (isApiError(err) && err.code === 'validation_failed') {
        const fields = err.fields;
        const first = Object.keys(fields)[0];
        const [group, ...rest] = (first ?? '').replace(/^body\./, '').split('.');
        if (group && SERVER_STEP[group] !== undefined) {
          setStep(SERVER_STEP[group]!);
          setErrors({ [fieldOf(rest)]: sentence(fields[first!]!) ?? 'Check this field' });
        }
        // The summary line names the field by its internal path ("Invalid body: employment.monthlyIncome: …"); the
        // field's own message is already shown beside it in plain words (issue 21).
        setFormError('Please check the answer marked below, then send your application again.');
        return;
      }
      setFormError(errorMessage(err, `We could not send your application. Please try again or call ${DEALERSHIP.phone}.`));
    },
  });

  const next = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const found = validate(step);
    setErrors(found);
    if (Object.keys(found).length) {
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    if (step < PRE_APPROVAL_STEPS.length - 1) {
      setStep(step + 1);
      focusHeading();
      return;
    }
    // Every step once more: a reload may have restored a draft saved before a rule changed.
    for (let i = 0; i < PRE_APPROVAL_STEPS.length; i++) {
      const bad = validate(i);
      if (Object.keys(bad).length) { setStep(i); setErrors(bad); return; }
    }
    submit.mutate({
      vehicle: values.vehicle,
      employment: values.employment,
      housing: values.housing,
      downPayment: values['down-payment'],
      contact: values.contact,
      consent: values.consent,
      sessionId: analyticsSessionId(),
    } as PreApprovalApplicationInput);
  };

  const back = () => { setErrors({}); setStep(Math.max(0, step - 1)); focusHeading(); };

  if (result) return <ResultScreen result={result} headingRef={headingRef} />;

  const field = (name: string, label: ReactNode, input: (p: { id: string; 'aria-invalid': boolean | undefined; 'aria-describedby': string | undefined }) => ReactNode, opts: { hint?: string; optional?: boolean; className?: string } = {}) => (
    <FormField id={id(name)} label={label} error={errors[name]} {...opts}>{input}</FormField>
  );
  const text = (name: string, label: string, opts: { hint?: string; optional?: boolean; autoComplete?: string; type?: string; inputMode?: 'numeric' | 'decimal' | 'tel' | 'email'; className?: string; placeholder?: string } = {}) =>
    field(name, label, (p) => (
      <Input {...p} type={opts.type ?? 'text'} value={draft[name] ?? ''} onChange={(e) => set(name)(e.target.value)}
        autoComplete={opts.autoComplete ?? 'off'} inputMode={opts.inputMode} placeholder={opts.placeholder} />
    ), { ...(opts.hint ? { hint: opts.hint } : {}), ...(opts.optional ? { optional: true } : {}), ...(opts.className ? { className: opts.className } : {}) });
  const money = (name: string, label: string, hint?: string, optional?: boolean) =>
    text(name, label, { inputMode: 'numeric', placeholder: '0', ...(hint ? { hint } : {}), ...(optional ? { optional } : {}) });

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <header className="mb-6">
        <h1 className="text-3xl font-extrabold tracking-tight">Get pre-approved</h1>
        <p className="mt-2 text-muted-foreground">
          Six short steps, about 2 minutes. We never ask for your Social Insurance Number. Your answers are sent over an
          encrypted connection and stored encrypted.
        </p>
      </header>

      <nav aria-label="Application progress" className="mb-6">
        <p className="mb-2 text-sm font-medium">Step {step + 1} of {PRE_APPROVAL_STEPS.length}: {current.title}</p>
        <ol className="grid grid-cols-6 gap-1.5">
          {PRE_APPROVAL_STEPS.map((s, i) => (
            <li key={s.id} aria-current={i === step ? 'step' : undefined}
              className={cn('h-2 rounded-full', i < step ? 'bg-primary' : i === step ? 'bg-primary/60' : 'bg-muted')}>
              <span className="sr-only">{s.title}{i < step ? ' (done)' : i === step ? ' (current)' : ''}</span>
            </li>
          ))}
        </ol>
      </nav>

      <form ref={keepEarlyInput} noValidate onSubmit={next} onFocus={funnel.start} className="rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-8">
        <h2 ref={headingRef} tabIndex={-1} className="mb-5 text-xl font-bold outline-none">{current.title}</h2>
        <div className="grid gap-4 sm:grid-cols-2">
          {current.id === 'vehicle' && (
            <>
              {vehicleId !== null && (
                <p className="rounded-lg bg-secondary p-3 text-sm sm:col-span-2">
                  Applying for: <strong>{vehicle.data ? vehicleTitle(vehicle.data) : `vehicle #${vehicleId}`}</strong>
                </p>
              )}
              {text('vehicleInterest', 'What are you looking for?', {
                optional: true, className: 'sm:col-span-2', placeholder: 'e.g. AWD SUV under $30,000',
                hint: 'Leave it empty if you have not decided yet: we can help you choose.',
              })}
            </>
          )}

          {current.id === 'employment' && (
            <>
              {field('employmentStatus', 'Employment situation', (p) => (
                <Select {...p} value={draft.employmentStatus} onChange={(e) => set('employmentStatus')(e.target.value)}>
                  <option value="">Choose…</option>
                  {EMPLOYMENT_STATUSES.map((s) => <option key={s} value={s}>{EMPLOYMENT_LABELS[s]}</option>)}
                </Select>
              ), { className: 'sm:col-span-2' })}
              {text('employer', 'Employer or business name', {
                optional: !needsEmployer(draft.employmentStatus ?? ''),
                // Issue 33 §3: say when it is needed, rather than dropping "(optional)" without a word.
                hint: needsEmployer(draft.employmentStatus ?? '') ? 'Needed because you work (employed, contract or self-employed).' : 'Needed if you work (employed, contract or self-employed).',
                autoComplete: 'organization',
              })}
              {text('jobTitle', 'Job title', { optional: true, autoComplete: 'organization-title' })}
              {text('monthsAtJob', 'Months at this job', { optional: true, inputMode: 'numeric', placeholder: '0' })}
              {money('monthlyIncome', 'Gross monthly income (CAD)', 'Before deductions, from all sources.')}
            </>
          )}

          {current.id === 'housing' && (
            <>
              {field('housingStatus', 'Housing', (p) => (
                <Select {...p} value={draft.housingStatus} onChange={(e) => set('housingStatus')(e.target.value)}>
                  <option value="">Choose…</option>
                  {HOUSING_STATUSES.map((s) => <option key={s} value={s}>{HOUSING_LABELS[s]}</option>)}
                </Select>
              ))}
              {money('monthlyHousingPayment', 'Monthly rent or mortgage (CAD)', 'Enter 0 if you pay none.')}
              {text('street', 'Street address', { autoComplete: 'street-address', className: 'sm:col-span-2' })}
              {text('city', 'City', { autoComplete: 'address-level2' })}
              {field('province', 'Province', (p) => (
                <Select {...p} value={draft.province} onChange={(e) => set('province')(e.target.value)} autoComplete="address-level1">
                  {PROVINCES.map((s) => <option key={s} value={s}>{s}</option>)}
                </Select>
              ))}
              {text('postalCode', 'Postal code', { autoComplete: 'postal-code', placeholder: 'T6E 6A4' })}
              {text('yearsAtAddress', 'Years at this address', { optional: true, inputMode: 'numeric', placeholder: '0' })}
            </>
          )}

          {current.id === 'down-payment' && (
            <>
              {money('downPayment', 'Down payment (CAD)', 'Enter 0 for no money down.')}
              <fieldset className="grid gap-2 sm:col-span-2" aria-describedby={errors.hasTradeIn ? id('hasTradeIn-error') : undefined}>
                <legend className="mb-1 text-sm font-medium">Do you have a vehicle to trade in?</legend>
                <div className="flex gap-4">
                  {(['yes', 'no'] as const).map((v) => (
                    <label key={v} className="inline-flex min-h-6 cursor-pointer items-center gap-2 text-sm">
                      <input type="radio" name={id('hasTradeIn')} value={v} checked={draft.hasTradeIn === v} onChange={() => set('hasTradeIn')(v)} className="size-4 accent-[var(--color-primary)]" />
                      {v === 'yes' ? 'Yes' : 'No'}
                    </label>
                  ))}
                </div>
                {errors.hasTradeIn && <p id={id('hasTradeIn-error')} className="text-sm font-medium text-destructive dark:text-red-300">{errors.hasTradeIn}</p>}
              </fieldset>
              {draft.hasTradeIn === 'yes' && (
                <>
                  {text('tradeYear', 'Trade-in year', { inputMode: 'numeric', placeholder: '2015' })}
                  {text('tradeMake', 'Make', { placeholder: 'Honda' })}
                  {text('tradeModel', 'Model', { placeholder: 'Civic' })}
                  {text('tradeMileage', 'Kilometres', { inputMode: 'numeric', placeholder: '150000' })}
                  {money('tradeOwing', 'Still owing on it (CAD)', 'Enter 0 if it is paid off.', true)}
                </>
              )}
            </>
          )}

          {current.id === 'contact' && (
            <>
              {text('firstName', 'First name', { autoComplete: 'given-name' })}
              {text('lastName', 'Last name', { autoComplete: 'family-name' })}
              {text('email', 'Email', { type: 'email', inputMode: 'email', autoComplete: 'email' })}
              {text('phone', 'Phone', { type: 'tel', inputMode: 'tel', autoComplete: 'tel', placeholder: '(780) 555-0100' })}
              {text('dateOfBirth', 'Date of birth', { type: 'date', autoComplete: 'bday', hint: 'Lenders need it to find your credit file. You must be 18 or older.' })}
            </>
          )}

          {current.id === 'consent' && (
            <div className="grid gap-4 sm:col-span-2">
              <div className={cn('rounded-lg border p-4', errors.creditCheckConsent ? 'border-destructive' : 'border-border')}>
                <div className="flex items-start gap-3">
                  <Checkbox id={id('credit')} checked={consent.credit} onCheckedChange={(v) => { setConsent((c) => ({ ...c, credit: v === true })); setErrors({}); }}
                    aria-invalid={errors.creditCheckConsent ? true : undefined} aria-describedby={errors.creditCheckConsent ? id('credit-error') : undefined} className="mt-0.5" />
                  <label htmlFor={id('credit')} className="cursor-pointer text-sm leading-relaxed">{CREDIT_CHECK_CONSENT_TEXT}</label>
                </div>
                {errors.creditCheckConsent && <p id={id('credit-error')} className="mt-2 text-sm font-medium text-destructive dark:text-red-300">{errors.creditCheckConsent}</p>}
              </div>
              <div className="flex items-start gap-3 px-4">
                <Checkbox id={id('marketing')} checked={consent.marketing} onCheckedChange={(v) => setConsent((c) => ({ ...c, marketing: v === true }))} className="mt-0.5" />
                <label htmlFor={id('marketing')} className="cursor-pointer text-sm text-muted-foreground">
                  Optional: send me offers and news by email. You can unsubscribe at any time.
                </label>
              </div>
              <p className="flex items-start gap-2 text-xs text-muted-foreground">
                <Lock className="mt-0.5 size-3.5 shrink-0" aria-hidden />
                We record this consent with the date and time you give it. Your income, address and date of birth are stored
                encrypted, seen only by our financing staff, and deleted after our retention period. See our{' '}
                <Link to="/privacy-policy" className="underline">privacy policy</Link>.
              </p>
            </div>
          )}
        </div>

        {formError && <p role="alert" className="mt-5 rounded-md bg-destructive/10 p-3 text-sm font-medium text-destructive dark:text-red-300">{formError}</p>}

        <div className="mt-6 flex items-center justify-between gap-3">
          <Button type="button" variant="outline" onClick={back} disabled={step === 0} className={step === 0 ? 'invisible' : ''}>
            <ArrowLeft aria-hidden />Back
          </Button>
          {step < PRE_APPROVAL_STEPS.length - 1 ? (
            <Button type="submit">Continue<ArrowRight aria-hidden /></Button>
          ) : (
            <Button type="submit" variant="default" disabled={submit.isPending}>
              {submit.isPending ? <><LoaderCircle className="animate-spin" aria-hidden />Sending…</> : <><ShieldCheck aria-hidden />Submit application</>}
            </Button>
          )}
        </div>
      </form>
    </div>
  );
}

function ResultScreen({ result, headingRef }: { result: PreApprovalSubmitted; headingRef: React.RefObject<HTMLHeadingElement | null> }) {
  const received = formatDealershipDate(result.consentedAt, 'mediumDateTime');
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-10 sm:py-14">
      <div className="rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8">
        <CheckCircle2 className="size-10 text-success" aria-hidden />
        <h1 ref={headingRef} tabIndex={-1} className="mt-3 text-2xl font-extrabold tracking-tight outline-none">Application received</h1>
        <p className="mt-2 text-muted-foreground">
          Your reference is <strong className="text-foreground">{result.reference}</strong> (received {received}).
          This is not an approval yet: here is what happens next.
        </p>
        <h2 className="mt-6 text-lg font-bold">What happens next</h2>
        <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm">
          {result.nextSteps.map((s) => <li key={s}>{s}</li>)}
        </ol>
        <p className="mt-5 text-sm text-muted-foreground">
          Questions? Call <a href={DEALERSHIP.phoneHref} className="font-medium text-primary underline">{DEALERSHIP.phone}</a> and quote {result.reference}.
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Button asChild><Link to="/vehicles">Browse vehicles</Link></Button>
          <Button asChild variant="outline"><Link to="/financing">How financing works</Link></Button>
        </div>
      </div>
    </div>
  );
}
