// Recalls and history on the vehicle page (issue 19): where to search recalls (Transport Canada, by make, model and
// year), a history report by VIN (shown with a copy button), and what the dealership has and has not checked, from
// the vehicle's own data (domain/vehicle-history.ts): no "clean history" claim. Server-rendered with the page; the
// copy button works once hydrated, and the VIN is plain selectable text before that.
import { useRef, useState } from 'react';
import { Check, Copy, ExternalLink, FileSearch, ShieldAlert, ShieldQuestion } from 'lucide-react';
import type { Vehicle } from '@domain/vehicle';
import { HISTORY_REPORT, historyFacts, RECALLS_DATABASE } from '@domain/vehicle-history';
import { Button } from '@/components/ui/button';

type Props = { vehicle: Pick<Vehicle, 'vin' | 'make' | 'model' | 'year' | 'mileage' | 'condition' | 'sellerType'> };

export function RecallsAndHistory({ vehicle }: Props) {
  const facts = historyFacts(vehicle);
  return (
    <section aria-labelledby="history-title" data-testid="recalls-history">
      <h2 id="history-title" className="text-xl font-bold tracking-tight">Recalls and history</h2>
      <div className="mt-3 grid grid-cols-1 gap-4 md:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-3 rounded-xl border border-border bg-card p-4">
          <h3 className="flex items-center gap-2 font-semibold"><ShieldAlert className="size-5 text-primary" aria-hidden />Safety recalls</h3>
          <p className="text-sm text-muted-foreground">
            Search {RECALLS_DATABASE.name} for recalls on this model. Enter these details there:
          </p>
          <dl className="grid grid-cols-3 gap-2 text-sm" data-testid="recall-search-details">
            {[['Make', vehicle.make], ['Model', vehicle.model], ['Year', String(vehicle.year)]].map(([label, value]) => (
              <div key={label} className="min-w-0 rounded-lg bg-muted px-3 py-2">
                <dt className="text-xs text-muted-foreground">{label}</dt>
                <dd className="font-semibold break-words">{value}</dd>
              </div>
            ))}
          </dl>
          <Button asChild variant="outline" className="h-auto min-h-10 self-start py-2 whitespace-normal">
            <a href={RECALLS_DATABASE.url} target="_blank" rel="noopener noreferrer">
              Search Transport Canada recalls<ExternalLink aria-hidden /><span className="sr-only"> (opens in a new tab)</span>
            </a>
          </Button>
          <p className="text-xs text-muted-foreground">A model&apos;s recalls may not all apply to this vehicle; its manufacturer can say which are open for its VIN.</p>
        </div>

        <div className="flex min-w-0 flex-col gap-3 rounded-xl border border-border bg-card p-4">
          <h3 className="flex items-center gap-2 font-semibold"><FileSearch className="size-5 text-primary" aria-hidden />Vehicle history report</h3>
          <p className="text-sm text-muted-foreground">
            A {HISTORY_REPORT.name} report lists accidents and damage reported in Canada, past registrations and liens. Order one with this VIN:
          </p>
          <VinCopy vin={vehicle.vin} />
          <Button asChild variant="outline" className="h-auto min-h-10 self-start py-2 whitespace-normal">
            <a href={HISTORY_REPORT.url} target="_blank" rel="noopener noreferrer">
              Go to {HISTORY_REPORT.name}<ExternalLink aria-hidden /><span className="sr-only"> (opens in a new tab)</span>
            </a>
          </Button>
        </div>
      </div>

      <div className="mt-4 rounded-xl border border-border bg-card p-4" data-testid="dealership-checks">
        <h3 className="flex items-center gap-2 font-semibold"><ShieldQuestion className="size-5 text-primary" aria-hidden />What we have and have not checked</h3>
        <div className="mt-3 grid grid-cols-1 gap-4 text-sm md:grid-cols-2">
          <div className="min-w-0">
            <h4 className="font-semibold">Recorded here</h4>
            <ul className="mt-1 flex list-disc flex-col gap-1 pl-5 text-foreground/90">
              {facts.recorded.map((f) => <li key={f} className="break-words">{f}</li>)}
            </ul>
          </div>
          <div className="min-w-0">
            <h4 className="font-semibold">Not checked by us</h4>
            <ul className="mt-1 flex list-disc flex-col gap-1 pl-5 text-foreground/90">
              {facts.notChecked.map((f) => <li key={f}>{f}</li>)}
            </ul>
          </div>
        </div>
      </div>
    </section>
  );
}

function VinCopy({ vin }: { vin: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'select'>('idle');
  const text = useRef<HTMLElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(vin);
      setState('copied');
    } catch {
      // No clipboard (an insecure origin, a refused permission): select the VIN so the shopper copies it themselves.
      const range = document.createRange();
      if (text.current) range.selectNodeContents(text.current);
      window.getSelection()?.removeAllRanges();
      window.getSelection()?.addRange(range);
      setState('select');
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <code ref={text} className="rounded-lg bg-muted px-3 py-2 font-mono text-sm font-semibold break-all select-all" data-testid="history-vin">{vin}</code>
      <Button type="button" size="sm" variant="secondary" onClick={() => void copy()} aria-label={`Copy the VIN ${vin}`}>
        {state === 'copied' ? <Check aria-hidden /> : <Copy aria-hidden />}{state === 'copied' ? 'Copied' : 'Copy VIN'}
      </Button>
      <span role="status" className="basis-full text-xs text-muted-foreground empty:hidden">
        {state === 'copied' ? 'VIN copied to the clipboard.' : state === 'select' ? 'The VIN is selected: copy it with your keyboard or menu.' : ''}
      </span>
    </div>
  );
}
