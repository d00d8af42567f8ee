// /admin/inventory-feeds (issue 32 part 1): the dealer's DMS feeds, each with its schedule, its last run and its run
// history; a run waiting for approval shows what it would create, change and remove, with Approve and Discard.
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Check, History, LoaderCircle, Pencil, Play, Plus, Trash2, X } from 'lucide-react';
import { ALBERTA_TIME_LABEL } from '@domain/alberta-time';
import type { Feed, FeedRun, RunStatus } from '@domain/inventory-feeds';
import { errorMessage } from '@/lib/api-client';
import { withFullStop } from '../lib/text';
import { formatDealershipDate } from '@/components/dealership-date';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { TableScroll } from '@/components/ui/table-scroll';
import { toast } from '@/components/ui/use-toast';
import { FEEDS_KEY, runsShownAtOnce, useFeedRuns, useFeeds } from '../api/get-feeds';
import { useDecideRun, useRunFeed } from '../api/run-feed';
import { useDeleteFeed } from '../api/save-feed';
import { FeedForm } from '../components/feed-form';

const STATUS: Record<RunStatus, { label: string; variant: 'success' | 'destructive' | 'accent' | 'secondary' | 'outline' }> = {
  running: { label: 'Running', variant: 'secondary' },
  succeeded: { label: 'Succeeded', variant: 'success' },
  approved: { label: 'Approved', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
  held: { label: 'Waiting for approval', variant: 'accent' },
  discarded: { label: 'Discarded', variant: 'outline' },
};

const when = (iso: string) => `${formatDealershipDate(iso, 'mediumDateTime')}`;

export default function InventoryFeedsPage() {
  const { data, isPending, isError, error } = useFeeds();
  const [editing, setEditing] = useState<Feed | 'new' | null>(null);

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8">
      <header className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Inventory feeds</h1>
          <p className="mt-1 text-muted-foreground">
            Your DMS or feed provider's inventory, read on a schedule. New units are added with their photos, changes are applied, and a unit gone from the feed leaves the site. Times are {ALBERTA_TIME_LABEL}.
          </p>
        </div>
        {editing === null && <Button onClick={() => setEditing('new')}><Plus aria-hidden />Add a feed</Button>}
      </header>

      {editing !== null && (
        <section aria-label={editing === 'new' ? 'New feed' : `Editing ${editing.name}`} className="mb-6 rounded-xl border border-border bg-card p-4 sm:p-5">
          <h2 className="mb-4 text-lg font-bold">{editing === 'new' ? 'Add a feed' : `Edit ${editing.name}`}</h2>
          <FeedForm feed={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        </section>
      )}

      {isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true"><Skeleton className="h-40 w-full" /><span className="sr-only">Loading the feeds…</span></div>
      ) : isError ? (
        <p role="alert" className="text-destructive">{errorMessage(error, 'The feeds could not be loaded.')}</p>
      ) : data.feeds.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-6 text-muted-foreground">
          No feed yet. Add your DMS's inventory CSV address and the site keeps the inventory in step with it.
        </p>
      ) : (
        <ul className="flex flex-col gap-4">
          {data.feeds.map((f) => <li key={f.id}><FeedCard feed={f} onEdit={() => setEditing(f)} /></li>)}
        </ul>
      )}
    </div>
  );
}

function FeedCard({ feed, onEdit }: { feed: Feed; onEdit: () => void }) {
  const [showRuns, setShowRuns] = useState(false);
  const runFeed = useRunFeed();
  const remove = useDeleteFeed();
  const runs = useFeedRuns(feed.id, showRuns || runsShownAtOnce(feed));
  const held = feed.lastRun?.status === 'held' ? feed.lastRun : runs.data?.runs.find((r) => r.status === 'held') ?? null;
  const running = feed.lastRun?.status === 'running' ? feed.lastRun : null;
  // issue 54 §2: a double click once started two runs. One request at a time, whatever the button's state says.
  const starting = useRef(false);
  const qc = useQueryClient();
  // While "Run now" waits for its run to end, the card reads the run's progress.
  useEffect(() => {
    if (!runFeed.isPending) return;
    const timer = window.setInterval(() => void qc.invalidateQueries({ queryKey: FEEDS_KEY }), 1_500);
    return () => window.clearInterval(timer);
  }, [runFeed.isPending, qc]);

  async function runNow() {
    if (starting.current) return;
    starting.current = true;
    try {
      const r = await runFeed.mutateAsync(feed.id);
      toast({ title: `${feed.name}: ${STATUS[r.status].label.toLowerCase()}`, description: summary(r), variant: r.status === 'failed' ? 'destructive' : undefined });
    } catch (err) {
      toast({ title: 'The feed did not run', description: errorMessage(err, 'Try again.'), variant: 'destructive' });
    } finally {
      starting.current = false;
    }
  }

  return (
    <article aria-labelledby={`feed-${feed.id}`} className="rounded-xl border border-border bg-card p-4 sm:p-5" data-testid="inventory-feed">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id={`feed-${feed.id}`} className="text-lg font-bold">{feed.name}</h2>
          <p className="truncate font-mono text-sm text-muted-foreground" title={feed.url}>{feed.url}</p>
          <p className="mt-1 text-sm">
            {feed.units.toLocaleString('en-CA')} units on the site · every {feed.intervalMinutes} minutes
            {feed.enabled && feed.nextRunAt ? <> · next run {when(feed.nextRunAt)}</> : feed.enabled ? null : <> · <strong>paused</strong></>}
          </p>
          {feed.consecutiveFailures >= 2 && (
            <p className="mt-1 flex items-center gap-1.5 text-sm font-medium text-destructive"><AlertTriangle className="size-4" aria-hidden />Failed {feed.consecutiveFailures} runs in a row; the dealer was e-mailed.</p>
          )}
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button size="sm" onClick={() => void runNow()} disabled={runFeed.isPending || running !== null || held !== null} aria-label={`Run ${feed.name} now`}
            title={held ? 'A run is waiting for your approval' : undefined}>
            {runFeed.isPending || running ? <LoaderCircle className="animate-spin" aria-hidden /> : <Play aria-hidden />}{running ? 'Running…' : 'Run now'}
          </Button>
          <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${feed.name}`}><Pencil aria-hidden />Edit</Button>
          <Button size="sm" variant="outline" onClick={() => setShowRuns((s) => !s)} aria-expanded={showRuns} aria-controls={`runs-${feed.id}`}><History aria-hidden />Runs</Button>
          <Button size="sm" variant="ghost" aria-label={`Remove ${feed.name}`} disabled={remove.isPending}
            onClick={() => { if (window.confirm(`Remove the feed ${feed.name}? Its vehicles stay on the site, kept by hand from now on.`)) remove.mutate(feed.id); }}>
            <Trash2 aria-hidden />
          </Button>
        </div>
      </div>

      {running && (
        <p className="mt-3 flex items-center gap-2 text-sm" role="status" data-testid="run-progress">
          <LoaderCircle className="size-4 animate-spin" aria-hidden />Running since {when(running.startedAt)}: {progressText(running)}
        </p>
      )}

      {feed.lastRun && feed.lastRun.status !== 'held' && feed.lastRun.status !== 'running' && (
        <div className="mt-3 flex flex-wrap items-center gap-2 text-sm" data-testid="last-run">
          <span className="text-muted-foreground">Last run {when(feed.lastRun.startedAt)}:</span>
          <Badge variant={STATUS[feed.lastRun.status].variant}>{STATUS[feed.lastRun.status].label}</Badge>
          <span>{summary(feed.lastRun)}</span>
        </div>
      )}

      {held && <HeldRun feed={feed} run={held} />}

      {showRuns && (
        <div id={`runs-${feed.id}`} className="mt-4">
          {runs.isPending ? <Skeleton className="h-24 w-full" /> : runs.isError ? (
            <p role="alert" className="text-destructive">{errorMessage(runs.error, 'The runs could not be loaded.')}</p>
          ) : <RunHistory runs={runs.data.runs} />}
        </div>
      )}
    </article>
  );
}

function progressText(r: FeedRun): string {
  const p = r.progress;
  if (!p) return 'starting';
  const phase = { fetching: 'reading the file', planning: 'comparing with the site', photos: 'fetching photos', applying: 'applying the changes' }[p.phase];
  const rows = p.rowsRead ? `${p.rowsRead.toLocaleString('en-CA')} rows read` : null;
  const photos = p.photosTotal ? `${p.photosFetched.toLocaleString('en-CA')} of ${p.photosTotal.toLocaleString('en-CA')} photos` : null;
  return [phase, rows, photos].filter(Boolean).join(', ');
}

/** What a run did, in words; a held or discarded run only planned it, and says so (issue 54 §2 "a discarded run removed nothing"). */
function summary(r: FeedRun): string {
  if (r.status === 'failed') return r.errors[0]?.message ?? 'Failed';
  if (r.status === 'running') return progressText(r);
  if (r.notModified) return `Unchanged file (the DMS answered "not modified"): ${r.unchanged} units as they were`;
  const parts = [`${r.created} new`];
  if (r.adopted) parts.push(`${r.adopted} adopted`);
  parts.push(`${r.updated} changed`);
  if (r.returned) parts.push(`${r.returned} back on the site`);
  parts.push(`${r.removed} removed`, `${r.unchanged} unchanged`);
  const skipped = new Set(r.errors.map((e) => e.line)).size;
  if (skipped) parts.push(`${skipped} ${skipped === 1 ? 'row' : 'rows'} skipped`);
  if (r.photosDownloaded) parts.push(`${r.photosDownloaded} photos`);
  if (r.status === 'discarded') return `Nothing applied. It would have made: ${parts.join(', ')}`;
  if (r.status === 'held') return `Nothing applied yet. It would make: ${parts.join(', ')}`;
  return parts.join(', ');
}

function HeldRun({ feed, run }: { feed: Feed; run: FeedRun }) {
  const decide = useDecideRun();
  async function act(decision: 'approve' | 'discard') {
    try {
      const r = await decide.mutateAsync({ feedId: feed.id, runId: run.id, decision });
      toast({ title: decision === 'approve' ? 'Run applied' : 'Run discarded', description: decision === 'approve' ? summary(r) : 'Nothing of it was applied.' });
    } catch (err) {
      toast({ title: 'Not done', description: errorMessage(err, 'Try again.'), variant: 'destructive' });
    }
  }
  const diff = run.diff;
  return (
    <section aria-label="Run waiting for approval" className="mt-4 rounded-lg border-2 border-accent bg-accent/10 p-4" data-testid="held-run">
      <p className="flex items-start gap-2 font-semibold"><AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden />{withFullStop(`This run is waiting for your approval: ${run.heldReason ?? ''}`)}</p>
      <p className="mt-1 text-sm text-muted-foreground">{withFullStop(`Read ${when(run.startedAt)}`)} Nothing has changed on the site. Approving applies exactly what is listed below.</p>
      {diff && (
        <div className="mt-3 grid gap-3 sm:grid-cols-3">
          <DiffList title={`Remove (${diff.remove.length})`} units={diff.remove} />
          <DiffList title={`Change (${diff.update.length})`} units={diff.update.map((u) => ({ ...u, note: u.changes.join(', ') }))} />
          <DiffList title={`Add (${diff.create.length + (diff.returned?.length ?? 0)})`} units={[...diff.create, ...(diff.returned ?? []).map((u) => ({ ...u, note: 'back on the site' }))]} />
        </div>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <Button onClick={() => void act('approve')} disabled={decide.isPending}><Check aria-hidden />Approve and apply</Button>
        <Button variant="outline" onClick={() => void act('discard')} disabled={decide.isPending}><X aria-hidden />Discard</Button>
      </div>
    </section>
  );
}

function DiffList({ title, units }: { title: string; units: { stockNumber: string; title: string; note?: string }[] }) {
  return (
    <div>
      <h3 className="text-sm font-bold">{title}</h3>
      {units.length === 0 ? <p className="text-sm text-muted-foreground">None</p> : (
        <ul className="mt-1 max-h-48 overflow-y-auto text-sm">
          {units.slice(0, 200).map((u) => (
            <li key={u.stockNumber}><span className="font-mono">{u.stockNumber}</span> {u.title}{u.note ? <span className="text-muted-foreground"> ({u.note})</span> : null}</li>
          ))}
          {units.length > 200 && <li className="text-muted-foreground">and {units.length - 200} more</li>}
        </ul>
      )}
    </div>
  );
}

function RunHistory({ runs }: { runs: FeedRun[] }) {
  if (!runs.length) return <p className="text-sm text-muted-foreground">No run yet.</p>;
  return (
    <TableScroll tabIndex={0} role="region" aria-label="Run history" className="rounded-lg border border-border">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Run history, newest first</caption>
        <thead className="bg-muted/60">
          <tr>
            <th scope="col" className="px-3 py-2">Started</th>
            <th scope="col" className="px-3 py-2">Status</th>
            <th scope="col" className="px-3 py-2">What it did</th>
            <th scope="col" className="px-3 py-2 text-right">Took</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((r) => (
            <tr key={r.id} className="border-t border-border align-top">
              <td className="px-3 py-2 whitespace-nowrap">{when(r.startedAt)}<span className="block text-xs text-muted-foreground">{r.trigger === 'manual' ? 'by hand' : 'scheduled'}</span></td>
              <td className="px-3 py-2"><Badge variant={STATUS[r.status].variant}>{STATUS[r.status].label}</Badge></td>
              <td className="px-3 py-2">
                {summary(r)}
                {(r.warnings.length > 0 || (r.status !== 'failed' && r.errors.length > 0)) && (
                  <details className="mt-1">
                    <summary className="cursor-pointer text-muted-foreground">{[r.errors.length ? `${r.errors.length} ${r.errors.length === 1 ? 'problem' : 'problems'} in skipped rows` : null, r.warnings.length ? `${r.warnings.length} ${r.warnings.length === 1 ? 'warning' : 'warnings'}` : null].filter(Boolean).join(', ')}</summary>
                    <ul className="mt-1 list-disc pl-5">
                      {[...r.errors, ...r.warnings].slice(0, 100).map((m, i) => <li key={i}>{m.line ? `Line ${m.line}: ` : ''}{m.message}</li>)}
                    </ul>
                  </details>
                )}
              </td>
              <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{r.durationMs === null ? '—' : `${(r.durationMs / 1000).toFixed(1)} s`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
