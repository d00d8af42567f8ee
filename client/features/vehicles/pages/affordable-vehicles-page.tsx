// /affordable-vehicles (spec §2, §4): where 'Browse Vehicles in Range' lands. Available vehicles whose payment fits
// the shopper's monthly budget (issue 21): each at the longest term its model year allows (spec §9), with their down
// payment and rate, the bi-weekly charge included (domain/finance.ts `fitsBudget`), most expensive fit first, each
// with that payment shown.
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '@/components/link';
import { ArrowLeft, ArrowRight, Calculator, SearchX, SlidersHorizontal } from 'lucide-react';
import { budgetBands, monthlyCostFor, termForVehicle, type ApprovalCriteria } from '@domain/finance';
import { paymentOffer } from '@domain/payment-offer';
import type { Vehicle } from '@domain/vehicle';
import { useApprovalCriteria } from '@/lib/criteria';
import { formatNumber, formatPrice } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { VehicleCard, VehicleCardSkeleton } from '@/components/vehicle-card';
import { useListPhotoPriority } from '@/components/vehicle-photo';
import { AFFORDABLE_PAGE_SIZE, useAffordableVehicles } from '../api/get-affordable-vehicles';
import { CompareBar } from '../components/compare-bar';

const CALCULATOR_LINK = '/vehicles#calculator';

export default function AffordableVehiclesPage() {
  const criteria = useApprovalCriteria();
  return (
    // The criteria live in this browser only (they are financial details: never sent to the server), so the server
    // renders the no-criteria state and the browser may swap in the results after hydration. The page keeps a
    // screen's height whatever it shows, so the footer never moves into view (issue 14: no layout shift).
    <div className="mx-auto min-h-[85dvh] w-full max-w-7xl px-4 py-8 sm:py-10">
      {criteria ? <Results criteria={criteria} /> : <NoCriteria />}
      <CompareBar />
    </div>
  );
}

function NoCriteria() {
  return (
    <section aria-labelledby="no-criteria-title" className="mx-auto max-w-2xl rounded-2xl border border-border bg-card p-6 text-center shadow-sm sm:p-10">
      <div className="mx-auto mb-4 flex size-14 items-center justify-center rounded-full bg-secondary text-primary">
        <Calculator className="size-7" aria-hidden />
      </div>
      <h1 id="no-criteria-title" className="text-2xl font-extrabold tracking-tight sm:text-3xl">Find vehicles that fit your budget</h1>
      <p className="mt-3 text-base text-muted-foreground">
        Tell us your monthly budget, down payment and credit range, and we will show you every vehicle on our lot
        that fits, with your own bi-weekly payment on each.
      </p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Button asChild size="lg">
          <Link to={CALCULATOR_LINK}><Calculator aria-hidden />Check my budget</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/vehicles">Browse all vehicles</Link>
        </Button>
      </div>
    </section>
  );
}

function Results({ criteria }: { criteria: ApprovalCriteria }) {
  const bands = budgetBands(criteria);
  const budget = `${formatPrice(criteria.monthlyBudget)}/month`;
  const [params, setParams] = useSearchParams();
  const requested = Number(params.get('page'));
  const page = Number.isInteger(requested) && requested > 0 ? requested : 1;
  const { data, isPending, isError, refetch } = useAffordableVehicles(bands, page, bands.length > 0);
  const photoPriority = useListPhotoPriority(6);

  const goTo = (p: number) => {
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (p > 1) next.set('page', String(p));
      else next.delete('page');
      return next;
    });
  };
  // spec §4 (listing): a page change scrolls to the top once the new page is shown.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [page]);

  const total = data?.total ?? 0;
  const totalPages = data?.totalPages ?? 0;
  const vehicles = data?.vehicles ?? [];
  const from = total === 0 ? 0 : (page - 1) * AFFORDABLE_PAGE_SIZE + 1;
  const to = Math.min(total, from + vehicles.length - 1);

  return (
    <>
      <header className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">Your budget matches</p>
          <h1 className="mt-1 text-2xl font-extrabold tracking-tight sm:text-3xl">
            Vehicles within your budget of {budget}
          </h1>
          <p className="mt-2 text-muted-foreground">
            Each payment uses your down payment and rate, over your term or the longest its model year allows if that is
            shorter, and includes the charge added to each bi-weekly payment, so a vehicle priced under the
            calculator's approved amount can still be over your budget. The closest fits come first.
          </p>
        </div>
        <CriteriaSummary criteria={criteria} />
      </header>

      <div className="mt-6" aria-busy={isPending || undefined}>
        {criteria.monthlyBudget <= 0 ? (
          <Empty
            title="No budget to match yet"
            text="Your monthly payment budget is $0, so there is no amount to match. Set a budget in the calculator to see what fits."
          />
        ) : isError ? (
          <div role="alert" className="rounded-xl border border-destructive/40 bg-card p-6 text-center">
            <p className="text-lg font-semibold">Error Loading Vehicles</p>
            <p className="mt-1 text-sm text-muted-foreground">We couldn't load the vehicle listings. Please try again later.</p>
            <Button className="mt-4" variant="outline" onClick={() => void refetch()}>Try again</Button>
          </div>
        ) : isPending ? (
          <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3" aria-label="Loading vehicles">
            {Array.from({ length: 6 }, (_, i) => <li key={i}><VehicleCardSkeleton /></li>)}
          </ul>
        ) : vehicles.length === 0 ? (
          <Empty
            title="No vehicles fit this budget right now"
            text={`Nothing on our lot has a payment within ${budget} on your terms today. A larger down payment, a longer term or a higher monthly budget widens the choice; new arrivals come in every week.`}
          />
        ) : (
          <>
            <p className="mb-3 text-sm text-muted-foreground" role="status">
              Showing {formatNumber(from)} to {formatNumber(to)} of {formatNumber(total)} vehicles
            </p>
            <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3" aria-label="Vehicles within your budget">
              {vehicles.map((v, i) => (
                <li key={v.id} className="flex flex-col">
                  <VehicleCard vehicle={v} priority={page === 1 && photoPriority(i)} className="flex-1 rounded-b-none" />
                  <FitNote vehicle={v} criteria={criteria} />
                </li>
              ))}
            </ul>
            {totalPages > 1 && (
              <nav aria-label="Pages" className="mt-8 flex items-center justify-between gap-3">
                <Button variant="outline" disabled={page <= 1} onClick={() => goTo(page - 1)}>
                  <ArrowLeft aria-hidden />Previous
                </Button>
                <span className="text-sm text-muted-foreground">Page {page} of {totalPages}</span>
                <Button variant="outline" disabled={page >= totalPages} onClick={() => goTo(page + 1)}>
                  Next<ArrowRight aria-hidden />
                </Button>
              </nav>
            )}
          </>
        )}
      </div>
    </>
  );
}

/** Under each card: the payment that fits, on which terms, and how it compares with the monthly budget (issue 21). */
function FitNote({ vehicle, criteria }: { vehicle: Vehicle; criteria: ApprovalCriteria }) {
  const term = termForVehicle(vehicle.year, criteria.loanTerm);
  const shortened = (criteria.loanTerm || 84) > term;
  const e = paymentOffer(vehicle, criteria);
  const monthly = Math.round(monthlyCostFor(vehicle, criteria));
  return (
    <div className="rounded-b-xl border border-t-0 border-border bg-secondary px-4 py-2.5 text-sm text-secondary-foreground" data-testid="fit-note">
      <p>
        Your payment: <strong data-testid="fit-biweekly">{formatPrice(e.biweekly.total)} bi-weekly</strong>, about{' '}
        <strong data-testid="fit-monthly">{formatPrice(monthly)} a month</strong>, within your {formatPrice(criteria.monthlyBudget)} monthly budget
      </p>
      <p className="text-muted-foreground">
        {formatPrice(e.biweekly.loan)} loan + {formatPrice(e.biweekly.charge)} charge per payment · {e.apr.toFixed(2)}% APR ·{' '}
        {formatPrice(e.downPayment)} down · {term} months · 5% GST financed
        {shortened && <> (the longest for a {vehicle.year}, not your {criteria.loanTerm})</>}
      </p>
    </div>
  );
}

function CriteriaSummary({ criteria: c }: { criteria: ApprovalCriteria }) {
  return (
    <section aria-labelledby="criteria-summary-title" className="rounded-xl border border-border bg-card p-4 shadow-sm lg:max-w-md">
      <div className="flex items-center justify-between gap-3">
        <h2 id="criteria-summary-title" className="text-sm font-bold">Your criteria</h2>
        <Button asChild variant="outline" size="sm">
          <Link to={CALCULATOR_LINK}>
            <SlidersHorizontal aria-hidden />Adjust<span className="sr-only"> your criteria</span>
          </Link>
        </Button>
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
        <Item label="Monthly budget" value={`${formatPrice(c.monthlyBudget)}/mo`} />
        <Item label="Down payment" value={formatPrice(c.downPayment)} />
        <Item label="Term" value={`${c.loanTerm} months`} />
        <Item label="Rate (APR)" value={`${c.interestRate.toFixed(2)}%`} />
        <Item label="Credit score" value={String(c.creditScore)} />
        <Item label="Monthly income" value={formatPrice(c.monthlyIncome)} />
      </dl>
    </section>
  );
}

function Item({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-semibold">{value}</dd>
    </div>
  );
}

function Empty({ title, text }: { title: string; text: string }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border bg-card px-6 py-12 text-center">
      <SearchX className="size-10 text-muted-foreground" aria-hidden />
      <p className="text-lg font-semibold">{title}</p>
      <p className="max-w-xl text-sm text-muted-foreground">{text}</p>
      <Button asChild className="mt-3">
        <Link to={CALCULATOR_LINK}><Calculator aria-hidden />Adjust my criteria</Link>
      </Button>
    </div>
  );
}
