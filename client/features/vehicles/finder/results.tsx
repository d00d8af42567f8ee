// The finder's answer: ranked matches from the lot, each with 'Why it fits', or an honest empty state that says
// which answers to relax.
import { Link } from '@/components/link';
import { useQuery } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, Pencil, RotateCcw, SearchX } from 'lucide-react';
import { DEFAULT_CRITERIA } from '@domain/finance';
import { ALL_IN_PRICE_NOTE } from '@domain/settings';
import { vehicleTitle } from '@domain/vehicle-title';
import { facetsQueryOptions } from '@/lib/facets';
import { formatPrice } from '@/lib/format';
import { VehicleCard } from '@/components/vehicle-card';
import { useListPhotoPriority } from '@/components/vehicle-photo';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useFinderResults } from '../api/find-vehicles';
import { relaxations, toAnswers, type FinderDraft } from './finder-draft';

export function FinderResults({ draft, onEdit, onRestart }: { draft: FinderDraft; onEdit: (step: number) => void; onRestart: () => void }) {
  const answers = toAnswers(draft);
  const { data, isPending, isError, refetch } = useFinderResults(answers);
  const { data: facets } = useQuery(facetsQueryOptions());
  const photoPriority = useListPhotoPriority(3);

  const header = (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h2 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Your matches</h2>
        {data && (
          <p className="mt-1 text-muted-foreground">
            {data.matches.length ? `${data.matches.length} available vehicle${data.matches.length === 1 ? '' : 's'}, best fit first, ` : 'Vehicles '}
            up to {formatPrice(data.priceCap)}
            {draft.budgetKind === 'monthly' && ` (estimated at ${DEFAULT_CRITERIA.interestRate}% APR over ${DEFAULT_CRITERIA.loanTerm} months)`}.
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => onEdit(0)}><Pencil aria-hidden />Edit answers</Button>
        <Button variant="ghost" onClick={onRestart}><RotateCcw aria-hidden />Start over</Button>
      </div>
    </div>
  );

  if (!answers) {
    return (
      <div>{header}<p role="alert" className="rounded-xl border border-border bg-card p-6">Please enter a budget first.</p></div>
    );
  }
  if (isPending) {
    return (
      <div>
        {header}
        <div aria-busy="true" className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          <span className="sr-only">Finding matches</span>
          {Array.from({ length: 3 }, (_, i) => <Skeleton key={i} className="h-[32rem] rounded-xl" />)}
        </div>
      </div>
    );
  }
  if (isError) {
    return (
      <div>
        {header}
        <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-border bg-card p-8 text-center">
          <CircleAlert className="size-8 text-destructive" aria-hidden />
          <p className="font-semibold">We couldn&apos;t find matches right now.</p>
          <Button variant="outline" onClick={() => void refetch()}>Try again</Button>
        </div>
      </div>
    );
  }
  if (!data.matches.length) {
    const tips = relaxations(draft, facets && facets.total > 0 ? facets.price.min : null, data.priceCap);
    return (
      <div>
        {header}
        <div className="rounded-2xl border border-border bg-card p-6 sm:p-8">
          <SearchX className="mb-3 size-9 text-muted-foreground" aria-hidden />
          <h3 className="text-lg font-bold">Nothing on our lots fits all of your answers today</h3>
          <p className="mt-1 text-muted-foreground">We would rather say so than show vehicles that don&apos;t fit. Try relaxing one of these:</p>
          <ul className="mt-4 grid gap-2">
            {tips.map((t) => (
              <li key={t.text} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border px-4 py-3">
                <span>{t.text}</span>
                <Button size="sm" variant="outline" onClick={() => onEdit(t.step)}>Change</Button>
              </li>
            ))}
          </ul>
          <p className="mt-5 text-sm text-muted-foreground">
            Or <Link to="/vehicles" className="font-semibold text-primary underline underline-offset-2">browse every vehicle</Link>: new arrivals come in every week.
          </p>
        </div>
      </div>
    );
  }
  return (
    <div>
      {header}
      <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {data.matches.map((m, i) => (
          <li key={m.vehicle.id} className="flex flex-col overflow-hidden rounded-xl" data-testid="finder-match">
            <div className="relative flex">
              <span className="absolute top-2 right-2 z-10 rounded-full bg-brand px-2.5 py-1 text-xs font-bold text-white shadow" aria-hidden>#{i + 1}</span>
              <VehicleCard vehicle={m.vehicle} priority={photoPriority(i)} className="rounded-b-none" />
            </div>
            <section aria-label={`Why the ${vehicleTitle(m.vehicle, { trim: false })} fits`} className="flex-1 rounded-b-xl border border-t-0 border-border bg-secondary/60 p-4">
              <h3 className="mb-2 text-sm font-bold">Why it fits</h3>
              <ul className="grid gap-1.5 text-sm">
                {m.reasons.map((r) => (
                  <li key={r} className="flex gap-2"><CircleCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden /><span>{r}</span></li>
                ))}
              </ul>
            </section>
          </li>
        ))}
      </ol>
      <p className="mt-6 text-xs text-muted-foreground">{ALL_IN_PRICE_NOTE} Matches come from vehicles available today; a sold vehicle leaves the list at once.</p>
    </div>
  );
}
