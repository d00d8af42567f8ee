// A kept worksheet, read-only, at its share link /deal-worksheets/:token (issue 34 §4), and its print view: the
// figures as quoted then, the estimate line, and print CSS that fits one letter or A4 page (styles.css).
import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Link } from '@/components/link';
import { Printer } from 'lucide-react';
import { DEALERSHIP } from '@domain/settings';
import { isApiError } from '@/lib/api-client';
import { useResponseStatus } from '@/lib/render-context';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Button } from '@/components/ui/button';
import { useSharedWorksheet } from '../api/deal-worksheet';
import { DealDisclosures, DealFigures } from '@/components/deal-figures';
import { DealershipDate } from '@/components/dealership-date';

export default function DealWorksheetPage() {
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const { data, error, isPending } = useSharedWorksheet(token);
  const q = data?.quote;
  // The route's head says "Deal worksheet" until the quote is known (app/router.tsx).
  const title = q ? `Deal worksheet: ${q.vehicle.year} ${q.vehicle.make} ${q.vehicle.model}` : undefined;
  useDocumentTitle(title);
  const printNow = params.get('print') === '1' && !!q;
  useEffect(() => { if (printNow) window.print(); }, [printNow]);

  if (isPending) return <p className="mx-auto max-w-3xl px-4 py-10 text-muted-foreground">Loading the worksheet…</p>;
  // An unknown or malformed link (404, 400) matches no worksheet, and says so with a 404; anything else may pass.
  if (isApiError(error) && (error.status === 404 || error.status === 400)) return <WorksheetNotFound />;
  if (error || !data || !q) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="text-2xl font-bold">The worksheet could not be loaded</h1>
        <p className="mt-2">Please try again in a moment.</p>
        <Link to="/vehicles" className="mt-4 inline-block text-primary underline">Browse vehicles</Link>
      </div>
    );
  }
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-8 print:max-w-none print:p-0" data-print-worksheet>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight print:text-xl">{title}</h1>
          <p className="text-sm text-muted-foreground">
            {q.vehicle.trim ? `${q.vehicle.trim} · ` : ''}{q.vehicle.stockNumber ? `Stock ${q.vehicle.stockNumber} · ` : ''}
            {q.purchase === 'finance' ? 'Financed' : 'Cash'} · Read-only, as quoted on <DealershipDate iso={data.createdAt} style="medium" />
          </p>
        </div>
        <div className="flex gap-2 print:hidden">
          <Button type="button" variant="outline" onClick={() => window.print()}><Printer aria-hidden />Print</Button>
          <Button asChild variant="outline"><Link to={`/vehicles/${q.vehicleId}`}>See the vehicle</Link></Button>
        </div>
      </header>
      <div className="mt-5 grid gap-5 print:mt-3 print:gap-3">
        <DealFigures quote={q} />
        <DealDisclosures quote={q} />
        <p className="text-xs text-muted-foreground">{DEALERSHIP.name} · {DEALERSHIP.amvicLicence} · {DEALERSHIP.phone} · {DEALERSHIP.email}</p>
      </div>
    </article>
  );
}

function WorksheetNotFound() {
  useResponseStatus(404); // to crawlers and link previews too, as a missing vehicle's page
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold">Worksheet not found</h1>
      <p className="mt-2">This link does not match a saved worksheet.</p>
      <Link to="/vehicles" className="mt-4 inline-block text-primary underline">Browse vehicles</Link>
    </div>
  );
}
