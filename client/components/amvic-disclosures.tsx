// AMVIC's written disclosures before a used sale (issue 34 §5; the list is domain/amvic-disclosure-rules.ts, which
// holds no zod, so the vehicle page shows them without loading it). Shown on the vehicle page, and exported for the
// deal worksheet: <AmvicDisclosures vehicle={...} />. A shared component (components/, not a feature's) because two
// features show it. Unanswered items are said to be unanswered, never shown as "No": an unanswered item is not a
// disclosure.
import { useId } from 'react';
import { AlertTriangle } from 'lucide-react';
import {
  DISCLOSURE_ANSWER_LABELS, disclosureRows, disclosureSummaryLine, disclosuresRequired, noDisclosuresAnswered, unansweredDisclosures,
  type AmvicDisclosures as Answers,
} from '@domain/amvic-disclosure-rules';
import { storeOf } from '@domain/settings';
import { cn } from '@/lib/cn';

export interface AmvicDisclosuresProps {
  vehicle: { condition: string; sellerType?: string; location?: string; amvicDisclosures: Answers };
  /** The heading's level: h2 on the vehicle page, h3 inside the worksheet. */
  headingLevel?: 'h2' | 'h3';
  className?: string;
  /** Distinguishes the worksheet's copy from the page's own (both are on the vehicle page). */
  testId?: string;
  /** issue 57 §2: the list folds into one summary line that opens in place (inside the worksheet, on a phone). */
  folded?: boolean;
}

export function AmvicDisclosures({ vehicle, headingLevel = 'h2', className, testId = 'amvic-disclosures', folded = false }: AmvicDisclosuresProps) {
  const titleId = useId();
  // Only a used sale needs them (AMVIC); a new vehicle shows nothing rather than a list of blanks.
  if (!disclosuresRequired(vehicle)) return null;
  const rows = disclosureRows(vehicle.amvicDisclosures);
  const open = unansweredDisclosures(vehicle.amvicDisclosures).length;
  const Heading = headingLevel;
  const store = storeOf(vehicle.location);
  const list = (
    <dl className="divide-y divide-border text-sm">
      {rows.map((r) => (
        <div key={r.key} className="grid grid-cols-[minmax(0,1fr)_auto] items-baseline gap-x-3 px-3 py-2">
          <dt className="min-w-0">{r.label}</dt>
          <dd className={cn('text-right whitespace-nowrap', r.answer === 'yes' && 'font-bold', r.answer === null && 'text-muted-foreground italic')}>
            {r.answer ? DISCLOSURE_ANSWER_LABELS[r.answer] : 'Not answered'}
          </dd>
        </div>
      ))}
    </dl>
  );
  return (
    <section aria-labelledby={titleId} data-testid={testId} className={cn('min-w-0', className)}>
      <Heading id={titleId} className={headingLevel === 'h2' ? 'text-xl font-bold tracking-tight' : 'text-base font-bold'}>
        Disclosures before a used sale
      </Heading>
      <p className="mt-1 max-w-prose text-sm text-muted-foreground">
        What the dealership tells you in writing about this vehicle&apos;s past, as Alberta&apos;s AMVIC requires before a used sale.
        &ldquo;Unknown&rdquo; means the dealership does not know.
      </p>
      {noDisclosuresAnswered(vehicle.amvicDisclosures) ? (
        // issue 57 §4: nothing answered is one plain statement and whom to ask, not fifteen blank rows.
        <p className="mt-2 max-w-prose text-sm" data-testid="amvic-disclosures-none">
          The dealership has not answered these questions for this vehicle yet. Ask for the answers in writing before you buy:{' '}
          <a className="font-semibold text-primary underline" href={store.phoneHref}>{store.phone}</a> ({store.city}).
        </p>
      ) : folded ? (
        <details className="group mt-2 rounded-xl border border-border text-sm">
          <summary className="cursor-pointer px-3 py-2.5 font-medium" data-testid="amvic-disclosures-summary">
            {disclosureSummaryLine(vehicle.amvicDisclosures)}<span className="ml-1 text-primary underline group-open:hidden">— read them</span>
          </summary>
          {list}
        </details>
      ) : (
        <>
          {open > 0 && (
            <p className="mt-2 flex items-start gap-2 rounded-md border border-amber-500/50 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-100" data-testid="amvic-disclosures-open">
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>{open === 1 ? '1 item is' : `${open} items are`} not answered yet. Ask the dealership for every answer in writing before you buy.</span>
            </p>
          )}
          <div className="mt-3 rounded-xl border border-border">{list}</div>
        </>
      )}
    </section>
  );
}
