// /admin/feeds (issue 19): the Google vehicle ads feed and the marketplace CSV, with their addresses to give Google
// Merchant Center or a marketplace, how many vehicles each carries, and every available dealer vehicle Google's
// feed leaves out with the reasons ("no photo"), each linked to where an admin fixes it.
import { Link } from '@/components/link';
import { Camera, ExternalLink, Pencil } from 'lucide-react';
import { errorMessage } from '@/lib/api-client';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useFeedStatus } from '../api/get-feed-status';

export default function FeedsPage() {
  const { data, isPending, isError, error } = useFeedStatus();

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8">
      <header className="mb-6">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Vehicle feeds</h1>
        <p className="mt-1 text-muted-foreground">
          What Google vehicle ads and the marketplaces read from this site. Both are built from the inventory at each fetch: a vehicle marked sold leaves them at once.
        </p>
      </header>

      {isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true"><Skeleton className="h-32 w-full" /><Skeleton className="h-32 w-full" /><span className="sr-only">Loading the feeds…</span></div>
      ) : isError ? (
        <p role="alert" className="text-destructive">{errorMessage(error, 'The feeds could not be loaded.')}</p>
      ) : (
        <div className="flex flex-col gap-6">
          <section aria-labelledby="google-feed" className="rounded-xl border border-border bg-card p-4 sm:p-5">
            <h2 id="google-feed" className="text-lg font-bold">Google vehicle ads (Canada)</h2>
            <p className="mt-1 text-sm text-muted-foreground">Give this address to Google Merchant Center as a scheduled fetch. Available dealer vehicles only; private listings are never included.</p>
            <FeedUrl url={data.google.url} testId="google-feed-url" />
            <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
              <Figure label="In the feed" value={data.google.itemCount} testId="google-item-count" />
              <Figure label="Left out" value={data.google.excluded.length} testId="google-excluded-count" />
              <Figure label="Available dealer vehicles" value={data.google.candidates} />
            </dl>

            <h3 className="mt-6 font-semibold">Left out, and why</h3>
            {data.google.excluded.length === 0 ? (
              <p className="mt-2 rounded-lg border border-dashed border-border p-4 text-sm text-muted-foreground">Every available dealer vehicle carries every attribute Google requires.</p>
            ) : (
              <ul className="mt-2 flex flex-col divide-y divide-border rounded-lg border border-border" data-testid="excluded-list">
                {data.google.excluded.map((v) => (
                  <li key={v.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between" data-testid="excluded-vehicle">
                    <div className="min-w-0">
                      <p className="font-semibold">{v.title}</p>
                      <p className="text-sm text-muted-foreground">Stock # <span className="font-mono">{v.stockNumber}</span> · {v.location}</p>
                      <div className="mt-1 flex flex-wrap gap-1.5">
                        {v.reasons.map((r) => <Badge key={r} variant="destructive">{r}</Badge>)}
                      </div>
                    </div>
                    <div className="flex shrink-0 flex-wrap gap-2">
                      {v.reasons.includes('no photo') && (
                        <Button asChild size="sm" variant="outline">
                          <Link to={`/admin/image-manager?vehicle=${v.id}`} aria-label={`Add photos to the ${v.title}, stock #${v.stockNumber}`}><Camera aria-hidden />Add photos</Link>
                        </Button>
                      )}
                      <Button asChild size="sm" variant="outline">
                        <Link to={`/admin/edit-vehicle/${v.id}`} aria-label={`Edit the ${v.title}, stock #${v.stockNumber}`}><Pencil aria-hidden />Edit</Link>
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby="csv-feed" className="rounded-xl border border-border bg-card p-4 sm:p-5">
            <h2 id="csv-feed" className="text-lg font-bold">Marketplace inventory export (CSV)</h2>
            <p className="mt-1 text-sm text-muted-foreground">For CarGurus, AutoTrader.ca or a dealer management system: dealer vehicles for sale, with their status (available or pending). The columns are listed in the README.</p>
            <FeedUrl url={data.inventoryCsv.url} testId="csv-feed-url" />
            <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
              <Figure label="Rows" value={data.inventoryCsv.rowCount} testId="csv-row-count" />
            </dl>
          </section>
        </div>
      )}
    </div>
  );
}

function FeedUrl({ url, testId }: { url: string; testId: string }) {
  return (
    <p className="mt-3 flex flex-wrap items-center gap-2">
      <code className="min-w-0 rounded-lg bg-muted px-3 py-2 font-mono text-sm break-all" data-testid={testId}>{url}</code>
      <Button asChild size="sm" variant="ghost">
        <a href={url} target="_blank" rel="noopener noreferrer">Open<ExternalLink aria-hidden /><span className="sr-only"> (opens in a new tab)</span></a>
      </Button>
    </p>
  );
}

function Figure({ label, value, testId }: { label: string; value: number; testId?: string }) {
  return (
    <div className="rounded-lg border border-border p-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-extrabold tabular-nums" data-testid={testId}>{value}</dd>
    </div>
  );
}
