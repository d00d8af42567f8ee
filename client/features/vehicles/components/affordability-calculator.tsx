// The calculator 'Check Your Pre-Approval Amount' (spec §2, §4, §5, §9). Every field change updates the shared
// criteria store (vehicle cards re-price from it); 'Browse Vehicles in Range' saves them to the server and
// goes to /affordable-vehicles. The estimate is the §9 formula (domain/finance.ts), never a credit decision.
import { useEffect, useId, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Link } from '@/components/link';
import { Calculator, LoaderCircle, RotateCcw, Search, ShieldCheck } from 'lucide-react';
import {
  approvedAmount, CREDIT_SCORE_MAX, CREDIT_SCORE_MIN, DEFAULT_CRITERIA, INTEREST_RATE_MAX, LOAN_TERMS, suggestRate,
  type ApprovalCriteria,
} from '@domain/finance';
import { isApiError } from '@/lib/api-client';
import { criteriaStore, resetCriteria, updateCriteria, useApprovalCriteria } from '@/lib/criteria';
import { formatPrice } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { useSaveApprovalCriteria } from '../api/save-approval-criteria';
import { keepEarlyInput } from '@/lib/early-input';

type NumberField = 'creditScore' | 'monthlyIncome' | 'downPayment' | 'monthlyBudget' | 'interestRate';

// Keys that edit rather than type. 'Unidentified'/'Process' come from phone keyboards and IMEs, which report no
// key on keydown: blocking them would block all typing there; onChange still clamps whatever arrives.
const EDITING_KEYS = new Set([
  'Backspace', 'Delete', 'Tab', 'Enter', 'Escape', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End',
  'Unidentified', 'Process',
]);

/** spec §5: only digits (and, where allowed, a period) and editing keys; shortcuts such as paste stay available. */
function onlyKeys(allowPeriod: boolean) {
  return (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.ctrlKey || e.metaKey || e.altKey || EDITING_KEYS.has(e.key)) return;
    if (/^[0-9]$/.test(e.key)) return;
    if (allowPeriod && e.key === '.') return;
    e.preventDefault();
  };
}
const USER_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

const digitsOnly = onlyKeys(false);
const digitsAndPeriod = onlyKeys(true);

/** spec §5: empty means 0; negatives are clamped to 0. */
function parseAmount(raw: string, max = Infinity): number {
  const n = raw.trim() === '' ? 0 : Number(raw);
  if (!Number.isFinite(n)) return 0;
  return Math.min(Math.max(0, n), max);
}

const FIELD_NAMES: Record<Exclude<NumberField, 'creditScore'>, string> = {
  monthlyIncome: 'Your monthly income', downPayment: 'A down payment', monthlyBudget: 'A payment budget', interestRate: 'The interest rate',
};

/** What the shopper typed and what the calculator used instead (issue 33 §3). */
function clampNotice(f: NumberField, typed: number, used: number): string {
  const name = FIELD_NAMES[f as Exclude<NumberField, 'creditScore'>];
  const shown = f === 'interestRate' ? `${used}%` : formatPrice(used);
  return typed < 0 ? `${name} can't be negative, so we used ${shown}.` : `${name} is at most ${shown}, so we used ${shown}.`;
}

const scoreInBounds = (n: number) => Number.isInteger(n) && n >= CREDIT_SCORE_MIN && n <= CREDIT_SCORE_MAX;
const fmtRate = (r: number) => `${r.toFixed(2)}%`;

export function AffordabilityCalculator() {
  const stored = useApprovalCriteria();
  const c: ApprovalCriteria = stored ?? DEFAULT_CRITERIA;
  // What the shopper is typing, per field, while it differs from the stored number ('' or '8.' for instance).
  const [drafts, setDrafts] = useState<Partial<Record<NumberField, string>>>({});
  const [scoreTouched, setScoreTouched] = useState(false);
  // Issue 33 §3: what a clamp changed, said next to the field (spec §5 clamps; the shopper hears what was used).
  const [notices, setNotices] = useState<Partial<Record<NumberField, string>>>({});
  const save = useSaveApprovalCriteria();
  const navigate = useNavigate();
  const location = useLocation();
  const sectionRef = useRef<HTMLElement>(null);
  const scoreRef = useRef<HTMLInputElement>(null);
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;

  // /vehicles#calculator (the 'Adjust' and 'Check My Budget' links) lands here once the page has rendered.
  // The grid above may still be loading and growing, so the section is kept in view while the layout settles
  // (at most 2 s), and let go as soon as the shopper scrolls, taps or types.
  useEffect(() => {
    if (location.hash !== '#calculator') return;
    const anchor = () => sectionRef.current?.scrollIntoView({ block: 'start' });
    const frame = requestAnimationFrame(anchor);
    const observer = new ResizeObserver(anchor);
    observer.observe(document.body);
    const release = () => {
      observer.disconnect();
      for (const type of USER_SCROLL_EVENTS) window.removeEventListener(type, release);
    };
    for (const type of USER_SCROLL_EVENTS) window.addEventListener(type, release, { passive: true });
    const timer = window.setTimeout(release, 2000);
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
      release();
    };
  }, [location.hash, location.key]);

  const shown = (f: NumberField) => drafts[f] ?? String(c[f]);
  const setDraft = (f: NumberField, v: string | undefined) => setDrafts((d) => ({ ...d, [f]: v }));
  const clearDraft = (f: NumberField) => setDrafts((d) => {
    const { [f]: _dropped, ...rest } = d;
    return rest;
  });

  const onScore = (e: ChangeEvent<HTMLInputElement>) => {
    const raw = e.target.value;
    setDraft('creditScore', raw);
    if (raw.trim() === '') return; // keeps the last score until they type one; blur restores it
    const score = Math.round(Number(raw));
    if (!Number.isFinite(score)) return;
    // spec §4/§9: a score within 300-850 sets the suggested rate.
    const rate = suggestRate(score);
    if (rate !== null) {
      updateCriteria({ creditScore: score, interestRate: rate });
      clearDraft('interestRate');
    } else {
      updateCriteria({ creditScore: score });
    }
  };

  const onAmount = (f: 'monthlyIncome' | 'downPayment' | 'monthlyBudget' | 'interestRate', max?: number) => (e: ChangeEvent<HTMLInputElement>) => {
    const raw = e.target.value;
    const value = parseAmount(raw, max);
    const n = Number(raw);
    // Show the clamped value when clamping happened (a pasted '-500', a rate of 45); otherwise keep what they type.
    const clamped = raw.trim() !== '' && Number.isFinite(n) && n !== value;
    setDraft(f, clamped ? String(value) : raw);
    setNotices((all) => ({ ...all, [f]: clamped ? clampNotice(f, n, value) : undefined }));
    updateCriteria({ [f]: value });
  };

  const scoreError = scoreTouched && !scoreInBounds(Number(shown('creditScore')))
    ? `Enter a credit score from ${CREDIT_SCORE_MIN} to ${CREDIT_SCORE_MAX}`
    : undefined;

  const amount = approvedAmount(c);
  // What the approved amount costs: the payments less what they repay (0 when nothing is financed).
  const financed = Math.max(0, amount - c.downPayment);
  const costOfBorrowing = amount > 0 ? Math.max(0, Math.round(c.monthlyBudget * c.loanTerm - financed)) : 0;

  const onBrowse = () => {
    const current = criteriaStore.get() ?? c;
    if (!scoreInBounds(current.creditScore) || (drafts.creditScore !== undefined && !scoreInBounds(Number(drafts.creditScore)))) {
      setScoreTouched(true);
      scoreRef.current?.focus();
      return;
    }
    // The defaults count as criteria once they are applied: the result page reads them from the store.
    criteriaStore.set(current);
    save.mutate(current, {
      onSuccess() {
        toast({
          variant: 'success',
          title: 'Criteria Applied',
          description: 'Your approval criteria has been saved. Showing you vehicles that match your budget.',
        });
        navigate('/affordable-vehicles');
        window.scrollTo({ top: 0, left: 0 }); // spec §4: scrolled to top
      },
      onError(err) {
        const reason = isApiError(err) ? (err.serverMessage ?? err.message) : err instanceof Error ? err.message : 'Unknown error';
        toast({ variant: 'destructive', title: 'Error', description: `Failed to save criteria: ${reason}` }); // spec §8
      },
    });
  };

  const onReset = () => {
    resetCriteria();
    setDrafts({});
    setScoreTouched(false);
    toast({ title: 'Form Reset', description: 'All values have been reset to defaults.' }); // spec §2
  };

  return (
    <section
      id="calculator"
      ref={sectionRef}
      aria-labelledby={id('title')}
      className="scroll-mt-20 overflow-hidden rounded-2xl border border-border bg-card text-card-foreground shadow-sm"
    >
      <div className="grid lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="p-5 sm:p-7">
          <div className="flex items-start gap-3">
            <span className="hidden size-11 shrink-0 items-center justify-center rounded-full bg-secondary text-primary sm:flex" aria-hidden>
              <Calculator className="size-6" />
            </span>
            <div>
              <h2 id={id('title')} className="text-2xl font-extrabold tracking-tight">Check Your Pre-Approval Amount</h2>
              <p className="mt-1 text-sm text-muted-foreground">
                An estimate in seconds, with no credit check and no effect on your credit score.
              </p>
            </div>
          </div>

          <form ref={keepEarlyInput} className="mt-6 grid gap-x-5 gap-y-4 sm:grid-cols-2" onSubmit={(e) => { e.preventDefault(); onBrowse(); }} noValidate>
            <FormField className="content-start" id={id('score')} label="Your Credit Score" error={scoreError} hint={`${CREDIT_SCORE_MIN}–${CREDIT_SCORE_MAX}. Sets a suggested interest rate.`}>
              {(p) => (
                <Input
                  {...p}
                  ref={scoreRef}
                  type="number"
                  inputMode="numeric"
                  min={CREDIT_SCORE_MIN}
                  max={CREDIT_SCORE_MAX}
                  step={1}
                  value={shown('creditScore')}
                  onKeyDown={digitsOnly}
                  onChange={onScore}
                  onBlur={() => {
                    setScoreTouched(true);
                    if (drafts.creditScore?.trim() === '') clearDraft('creditScore');
                  }}
                />
              )}
            </FormField>
            <MoneyField notice={notices.monthlyIncome} id={id('income')} label="Your Monthly Income" value={shown('monthlyIncome')} onChange={onAmount('monthlyIncome')} onBlur={() => clearDraft('monthlyIncome')} />
            <MoneyField
              id={id('down')}
              notice={notices.downPayment}
              label="Available Down Payment"
              value={shown('downPayment')}
              onChange={onAmount('downPayment')}
              onBlur={() => clearDraft('downPayment')}
              onKeyDown={digitsOnly}
            />
            <MoneyField notice={notices.monthlyBudget} id={id('budget')} label="Your Monthly Payment Budget" value={shown('monthlyBudget')} onChange={onAmount('monthlyBudget')} onBlur={() => clearDraft('monthlyBudget')} />
            <FormField
              className="content-start"
              id={id('term')}
              label="Preferred Loan Term"
              hint="Maximum terms: 72 months for 2018 and older, 84 months for 2019-2020, 96 months for 2021 and newer."
            >
              {(p) => (
                <Select {...p} value={String(c.loanTerm)} onChange={(e) => updateCriteria({ loanTerm: Number(e.target.value) })}>
                  {LOAN_TERMS.map((t) => <option key={t} value={t}>{t} months</option>)}
                </Select>
              )}
            </FormField>
            <FormField className="content-start" id={id('rate')} label="Interest Rate (%)" hint={notices.interestRate ? <span role="status">{notices.interestRate}</span> : `0–${INTEREST_RATE_MAX}%. Suggested from your credit score; change it if you know yours.`}>
              {(p) => (
                <Input
                  {...p}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  max={INTEREST_RATE_MAX}
                  step={0.01}
                  value={shown('interestRate')}
                  onKeyDown={digitsAndPeriod}
                  onChange={onAmount('interestRate', INTEREST_RATE_MAX)}
                  onBlur={() => clearDraft('interestRate')}
                />
              )}
            </FormField>
            {/* Enter in a field applies the criteria, as 'Browse Vehicles in Range' does. */}
            <button type="submit" hidden tabIndex={-1} aria-hidden />
          </form>
        </div>

        <div className="flex flex-col gap-4 bg-brand p-5 text-brand-foreground sm:p-7">
          <h3 className="flex items-center gap-2 text-lg font-bold">
            <ShieldCheck className="size-5 text-accent" aria-hidden />
            Your Pre-Approval Estimate
          </h3>
          <div className="rounded-xl bg-white/5 p-4 ring-1 ring-white/10">
            {amount > 0 ? (
              <p className="text-sm text-brand-muted" aria-live="polite" aria-atomic>
                <span>Approved Amount:</span>{' '}
                <span className="mt-1 block text-3xl font-extrabold tracking-tight text-brand-foreground">Up to {formatPrice(amount)}</span>
              </p>
            ) : (
              // Issue 33 §3: never "approved" for $0; say what is missing instead.
              <p className="text-sm text-brand-muted" aria-live="polite" aria-atomic data-testid="no-estimate">
                <span className="block text-lg font-bold text-brand-foreground">No estimate yet</span>
                Enter a monthly payment budget above $0 to see how much you could finance.
              </p>
            )}
            <p className="mt-3 text-sm text-brand-muted">
              <span>Monthly Payment:</span>{' '}
              <span className="text-lg font-bold text-brand-foreground">CAD {formatPrice(c.monthlyBudget)}/mo</span>
            </p>
            {/* Alberta: a payment figure appears with its APR, term and down payment. */}
            <p className="mt-1 text-xs text-brand-muted">
              {fmtRate(c.interestRate)} APR · {c.loanTerm} months · {formatPrice(c.downPayment)} down
              {amount > 0 && <> · cost of borrowing {formatPrice(costOfBorrowing)}</>}
            </p>
          </div>
          <p className="text-sm text-brand-foreground">For official pre-approval, complete our 2-minute application</p>
          <div className="mt-auto grid gap-2">
            <Button asChild variant="accent" size="lg">
              <Link to="/pre-approval">Get Official Pre-Approval</Link>
            </Button>
            <Button size="lg" variant="secondary" onClick={onBrowse} disabled={save.isPending} aria-busy={save.isPending || undefined}>
              {save.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <Search aria-hidden />}
              {save.isPending ? 'Finding Your Matches...' : 'Browse Vehicles in Range'}
            </Button>
            <Button variant="ghost" onClick={onReset} className="text-brand-foreground hover:bg-white/10">
              <RotateCcw aria-hidden />
              Reset to Defaults
            </Button>
          </div>
          <p className="text-xs text-brand-muted">
            Estimate only, on approved credit (OAC). Not an offer of credit; your lender sets the final rate and term.
          </p>
        </div>
      </div>
    </section>
  );
}

function MoneyField({
  id, label, value, onChange, onBlur, onKeyDown, notice,
}: {
  id: string;
  /** What a clamp changed (issue 33 §3). */
  notice?: string | undefined;
  label: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  onBlur: () => void;
  onKeyDown?: (e: KeyboardEvent<HTMLInputElement>) => void;
}) {
  return (
    <FormField className="content-start" id={id} label={label} hint={notice && <span role="status">{notice}</span>}>
      {(p) => (
        <div className="relative">
          <span aria-hidden className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground">$</span>
          <Input {...p} type="number" inputMode="decimal" min={0} step={1} className="pl-7" value={value} onChange={onChange} onBlur={onBlur} onKeyDown={onKeyDown} />
        </div>
      )}
    </FormField>
  );
}
