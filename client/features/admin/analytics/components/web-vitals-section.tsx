// Real visitors' page speed on the analytics page (issue 35 §3): LCP, INP and CLS at the 75th percentile, the figure
// Google's Core Web Vitals assessment uses, per kind of page, phones and desktops apart. Each rating is written out,
// not shown by colour alone.
import { VITAL_NAMES, VITAL_PAGE_LABELS, VITAL_THRESHOLDS, type VitalName } from '@domain/web-vitals-rules';
import type { VitalsReport } from '@domain/web-vitals';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { Skeleton } from '@/components/ui/skeleton';
import { TableScroll } from '@/components/ui/table-scroll';
import { useWebVitals } from '../api/get-web-vitals';

const METRIC_LABELS: Record<VitalName, string> = {
  LCP: 'Largest paint (LCP)', INP: 'Tap to response (INP)', CLS: 'Layout shift (CLS)',
};
const RATING_LABELS = { good: 'Good', 'needs-improvement': 'Needs improvement', poor: 'Poor' } as const;
const RATING_CLASS = { good: 'text-success', 'needs-improvement': 'text-amber-700 dark:text-amber-400', poor: 'text-destructive' } as const;

const shown = (name: VitalName, value: number) => (name === 'CLS' ? value.toFixed(2) : value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${value} ms`);
const limit = (name: VitalName) => `good ≤ ${shown(name, VITAL_THRESHOLDS[name][0])}`;

function Cell({ name, cell }: { name: VitalName; cell: VitalsReport['rows'][number][VitalName] }) {
  if (cell.p75 === null || !cell.rating) return <td className="py-2 text-muted-foreground">—</td>;
  return (
    <td className="py-2">
      <span className="font-semibold">{shown(name, cell.p75)}</span>{' '}
      <span className={cn('text-xs font-medium', RATING_CLASS[cell.rating])}>{RATING_LABELS[cell.rating]}</span>
      <span className="block text-xs text-muted-foreground">{cell.samples} {cell.samples === 1 ? 'visit' : 'visits'}</span>
    </td>
  );
}

export function WebVitalsSection({ days }: { days: number }) {
  const { data, isPending, isError, error } = useWebVitals(days);
  return (
    <section aria-labelledby="vitals-title" className="rounded-xl border border-border bg-card p-5">
      <h2 id="vitals-title" className="text-lg font-bold">Real visitors&apos; page speed</h2>
      <p className="mt-1 mb-4 text-sm text-muted-foreground">
        Core Web Vitals measured in shoppers&apos; own browsers, at the 75th percentile (three visits in four were this fast or faster).
        Limits: {VITAL_NAMES.map((n) => `${n} ${limit(n)}`).join(', ')}.
      </p>
      {isError ? <p role="alert" className="text-sm text-destructive">{errorMessage(error, 'Could not load the page speed figures.')}</p>
        : isPending ? <Skeleton className="h-32" />
          : data.rows.length === 0 ? <p className="text-muted-foreground">No visits measured in this period yet.</p>
            : (
              <TableScroll>
                <table className="w-full min-w-[36rem] text-sm tabular-nums">
                  <caption className="sr-only">Core Web Vitals at the 75th percentile by kind of page</caption>
                  <thead>
                    <tr className="border-b border-border text-left">
                      <th scope="col" className="py-2">Pages</th>
                      {VITAL_NAMES.map((n) => <th key={n} scope="col">{METRIC_LABELS[n]}</th>)}
                    </tr>
                  </thead>
                  <tbody>
                    {data.rows.map((r) => (
                      <tr key={`${r.formFactor}-${r.page}`} className={cn('border-b border-border last:border-0', r.page === 'all' && 'bg-muted/40')}>
                        <th scope="row" className="py-2 pr-4 text-left font-medium">
                          {r.page === 'all' ? `All pages, ${r.formFactor === 'phone' ? 'phones' : 'desktops'}` : `${VITAL_PAGE_LABELS[r.page]}, ${r.formFactor === 'phone' ? 'phones' : 'desktops'}`}
                        </th>
                        {VITAL_NAMES.map((n) => <Cell key={n} name={n} cell={r[n]} />)}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            )}
    </section>
  );
}
