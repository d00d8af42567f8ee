// The finder's six questions, one per screen, with Back/Next and 'Step N of 6'. Every control is a native
// input inside a fieldset, so Tab, Space, arrow keys and Enter (= Next) work as everywhere else.
import { useEffect, useRef, useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, Search } from 'lucide-react';
import { DEFAULT_CRITERIA } from '@domain/finance';
import { FINDER_FUELS, FINDER_USE_LABELS, FINDER_USES, type FinderFuel } from '@domain/finder';
import { facetsQueryOptions } from '@/lib/facets';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Choice } from './choice';
import { budgetError, FINDER_STEPS, MAX_MUST_HAVES, RESULTS_STEP, SEAT_OPTIONS, toggle, type FinderDraft } from './finder-draft';
import { keepEarlyInput } from '@/lib/early-input';

const FUEL_LABELS: Record<FinderFuel, string> = { any: 'No preference', gas: 'Gas or diesel', hybrid: 'Hybrid', electric: 'Electric' };
const legend = 'text-xl font-bold tracking-tight sm:text-2xl outline-none';

export function Questionnaire({ draft, setDraft }: { draft: FinderDraft; setDraft: Dispatch<SetStateAction<FinderDraft>> }) {
  const { data: facets } = useQuery(facetsQueryOptions());
  const [error, setError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const step = draft.step;
  const last = step === FINDER_STEPS.length - 1;
  const update = (patch: Partial<FinderDraft>) => setDraft((d) => ({ ...d, ...patch }));

  // Move focus to the new question so keyboard and screen reader users start at its top.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) { first.current = false; return; }
    headingRef.current?.focus();
  }, [step]);

  const next = (e: FormEvent) => {
    e.preventDefault();
    if (step === 0) {
      const problem = budgetError(draft);
      setError(problem);
      if (problem) return;
    }
    update({ step: last ? RESULTS_STEP : step + 1 });
  };
  const back = () => { setError(null); update({ step: Math.max(0, step - 1) }); };

  const bodyTypes = (facets?.bodyTypes ?? []).filter((b) => b.count > 0);
  const features = (facets?.features ?? []).slice(0, MAX_MUST_HAVES);

  return (
    <form ref={keepEarlyInput} onSubmit={next} noValidate className="rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-8">
      <div className="mb-6">
        <div className="mb-2 flex items-center justify-between text-sm">
          <p className="font-semibold text-primary" aria-live="polite">Step {step + 1} of {FINDER_STEPS.length}</p>
          <p className="text-muted-foreground">{FINDER_STEPS[step]}</p>
        </div>
        <div aria-hidden className="h-2 overflow-hidden rounded-full bg-muted">
          <div className="h-full rounded-full bg-primary transition-[width] duration-300 motion-reduce:transition-none" style={{ width: `${((step + 1) / FINDER_STEPS.length) * 100}%` }} />
        </div>
      </div>

      {step === 0 && (
        <fieldset className="grid gap-5">
          <legend className="contents"><h2 ref={headingRef} tabIndex={-1} className={legend}>What is your budget?</h2></legend>
          <div className="grid gap-3 sm:grid-cols-2" role="radiogroup" aria-label="Budget type">
            <Choice type="radio" name="budget-kind" checked={draft.budgetKind === 'total'} onChange={() => update({ budgetKind: 'total' })}>A total price</Choice>
            <Choice type="radio" name="budget-kind" checked={draft.budgetKind === 'monthly'} onChange={() => update({ budgetKind: 'monthly' })}>A monthly payment</Choice>
          </div>
          {draft.budgetKind === 'total' ? (
            <div className="grid max-w-sm gap-1.5">
              <Label htmlFor="finder-max">Most you want to spend (all-in price, CAD)</Label>
              <Input id="finder-max" inputMode="numeric" placeholder="e.g. 30000" value={draft.max}
                onChange={(e) => update({ max: e.target.value })} aria-invalid={error ? true : undefined} aria-describedby={error ? 'finder-budget-error' : undefined} />
            </div>
          ) : (
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="grid gap-1.5">
                <Label htmlFor="finder-monthly">Monthly payment (CAD)</Label>
                <Input id="finder-monthly" inputMode="numeric" placeholder="e.g. 450" value={draft.perMonth}
                  onChange={(e) => update({ perMonth: e.target.value })} aria-invalid={error ? true : undefined} aria-describedby={error ? 'finder-budget-error' : 'finder-monthly-note'} />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="finder-down">Down payment (CAD, optional)</Label>
                <Input id="finder-down" inputMode="numeric" placeholder="0" value={draft.downPayment}
                  onChange={(e) => update({ downPayment: e.target.value })} />
              </div>
              <p id="finder-monthly-note" className="text-sm text-muted-foreground sm:col-span-2">
                We turn a payment into a price with an estimate at {DEFAULT_CRITERIA.interestRate}% APR over {DEFAULT_CRITERIA.loanTerm} months.
                It is not a credit decision: your rate and term depend on the lender.
              </p>
            </div>
          )}
          {error && <p id="finder-budget-error" role="alert" className="text-sm font-medium text-destructive dark:text-red-300">{error}</p>}
        </fieldset>
      )}

      {step === 1 && (
        <fieldset className="grid gap-4">
          <legend className="contents"><h2 ref={headingRef} tabIndex={-1} className={legend}>Which body styles interest you?</h2></legend>
          <p className="text-sm text-muted-foreground">Choose any number, or none to see every style.</p>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {bodyTypes.map((b) => (
              <Choice key={b.value} type="checkbox" name="body" checked={draft.bodyTypes.includes(b.value)} hint={b.count}
                onChange={() => update({ bodyTypes: toggle(draft.bodyTypes, b.value) })}>{b.value}</Choice>
            ))}
          </div>
        </fieldset>
      )}

      {step === 2 && (
        <fieldset className="grid gap-4">
          <legend className="contents"><h2 ref={headingRef} tabIndex={-1} className={legend}>How many seats do you need?</h2></legend>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
            {SEAT_OPTIONS.map((n) => (
              <Choice key={n} type="radio" name="seats" checked={draft.minSeats === n} onChange={() => update({ minSeats: n })}>
                {n === 0 ? 'Any' : `${n} or more`}
              </Choice>
            ))}
          </div>
        </fieldset>
      )}

      {step === 3 && (
        <fieldset className="grid gap-4">
          <legend className="contents"><h2 ref={headingRef} tabIndex={-1} className={legend}>How will you use it?</h2></legend>
          <p className="text-sm text-muted-foreground">Pick all that apply. These rank the matches; they never hide one.</p>
          <div className="grid gap-3 sm:grid-cols-2">
            {FINDER_USES.map((u) => (
              <Choice key={u} type="checkbox" name="uses" checked={draft.uses.includes(u)} onChange={() => update({ uses: toggle(draft.uses, u) })}>
                {FINDER_USE_LABELS[u]}
              </Choice>
            ))}
          </div>
        </fieldset>
      )}

      {step === 4 && (
        <fieldset className="grid gap-4">
          <legend className="contents"><h2 ref={headingRef} tabIndex={-1} className={legend}>Any fuel preference?</h2></legend>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {FINDER_FUELS.map((f) => (
              <Choice key={f} type="radio" name="fuel" checked={draft.fuel === f} onChange={() => update({ fuel: f })}>{FUEL_LABELS[f]}</Choice>
            ))}
          </div>
        </fieldset>
      )}

      {step === 5 && (
        <fieldset className="grid gap-4">
          <legend className="contents"><h2 ref={headingRef} tabIndex={-1} className={legend}>Any must-have features?</h2></legend>
          <p className="text-sm text-muted-foreground">Only vehicles with every feature you tick will match. The most common features on our lots:</p>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {features.map((f) => (
              <Choice key={f.value} type="checkbox" name="features" checked={draft.mustHave.includes(f.value)} hint={f.count}
                onChange={() => update({ mustHave: toggle(draft.mustHave, f.value) })}>{f.value}</Choice>
            ))}
          </div>
        </fieldset>
      )}

      <div className="mt-8 flex items-center justify-between gap-3 border-t border-border pt-5">
        <Button variant="outline" size="lg" onClick={back} disabled={step === 0}>
          <ArrowLeft aria-hidden />Back
        </Button>
        <Button type="submit" size="lg">
          {last ? <><Search aria-hidden />See my matches</> : <>Next<ArrowRight aria-hidden /></>}
        </Button>
      </div>
    </form>
  );
}
