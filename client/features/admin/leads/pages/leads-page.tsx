// /admin/leads (issue 6): one inbox of every lead (chat, booking, contact, pre-approval, sell/trade, private-listing
// message) with source, vehicle, status pipeline, assignee, notes and time to first response; filters; CSV export;
// ADF 1.0 export of the filtered or selected leads. The back-office shell comes from the router's admin() wrapper.
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Download, FileCode2, LoaderCircle, RefreshCw } from 'lucide-react';
import { formatDuration, LEAD_SOURCES, LEAD_STATUS_LABELS, LEAD_STATUSES, type Lead, type LeadStatus } from '@domain/leads';
import { TIMING } from '@domain/constants';
import { errorMessage, type QueryParams } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { AssigneeFilter } from '../../shell/components/inbox-fields';
import { InboxPagination, StatusPill } from '../../shell/components/inbox-list';
import { exportLeadsAdf } from '../api/export-leads-adf';
import { exportLeadsCsv } from '../api/export-leads-csv';
import { openLeadId, readLeadFilters, useLeadList } from '../api/get-leads';
import { LeadDetailSheet, sourceLabel } from '../components/lead-detail';
import { formatLeadDate, realEmail, tradeVehicleText } from '../lead-facts';
import { TableScroll } from '@/components/ui/table-scroll';

const STATUS_STYLE: Record<LeadStatus, string> = {
  new: 'bg-primary text-primary-foreground',
  contacted: 'bg-secondary text-secondary-foreground',
  qualified: 'bg-accent text-accent-foreground',
  appointment: 'bg-success-soft text-success-soft-foreground',
  sold: 'bg-success text-success-foreground',
  lost: 'border border-border text-muted-foreground',
};

/** Time to first response, or how long the lead has waited (amber past an hour: a dealer answers fast). */
function ResponseTime({ lead, now }: { lead: Lead; now: number }) {
  if (lead.responseMinutes !== null) return <span>{formatDuration(lead.responseMinutes)}</span>;
  const waited = Math.max(0, Math.round((now - new Date(lead.createdAt).getTime()) / 60_000));
  return <span className={cn('font-medium', waited >= 60 && 'text-amber-700 dark:text-amber-300')}>Waiting {formatDuration(waited)}</span>;
}

export default function LeadsPage() {
  const uid = useId();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [exporting, setExporting] = useState<'csv' | 'adf' | null>(null);
  const openId = openLeadId(params);

  const filters = readLeadFilters(params);
  const { data, isPending, isError, error, refetch, isFetching, dataUpdatedAt } = useLeadList(filters);

  const setParam = (key: string, value: string | undefined) => {
    // From the address bar, not the updater's argument: React Router hands the updater the search params of the
    // render that made it, and the debounced search write below is made before a lead opened in the meantime
    // (it would close that lead again).
    setParams(() => {
      const next = new URLSearchParams(window.location.search);
      if (value) next.set(key, value); else next.delete(key);
      if (key !== 'page' && key !== 'lead') next.delete('page');
      return next;
    }, { replace: key === 'q' });
  };

  // Search text is sent after a pause (spec §9's 300 ms, as on the listing).
  useEffect(() => {
    const t = window.setTimeout(() => { if ((params.get('q') ?? '') !== search.trim()) setParam('q', search.trim() || undefined); }, TIMING.searchDebounce);
    return () => window.clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  const exportParams = (): QueryParams => ({
    ...Object.fromEntries(Object.entries(filters).filter(([k, v]) => k !== 'page' && v !== undefined)),
    ...(selected.size ? { ids: [...selected].join(',') } : {}),
  });
  const runExport = async (kind: 'csv' | 'adf') => {
    setExporting(kind);
    try {
      await (kind === 'csv' ? exportLeadsCsv : exportLeadsAdf)(exportParams());
    } catch (err) {
      toast({ title: 'Export failed', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setExporting(null);
    }
  };

  const leads = data?.leads ?? [];
  const allSelected = leads.length > 0 && leads.every((l) => selected.has(l.id));
  const toggle = (id: number) => setSelected((s) => { const n = new Set(s); if (n.has(id)) n.delete(id); else n.add(id); return n; });

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8">
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Leads</h1>
          <p className="mt-1 text-muted-foreground">
            Every enquiry in one inbox: chat, bookings, contact, pre-approval, sell and trade, private-listing messages.
            {data?.medianResponseMinutes != null && <> Median time to first response: <strong className="text-foreground">{formatDuration(data.medianResponseMinutes)}</strong>.</>}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void refetch()} disabled={isFetching} aria-label="Refresh the inbox">
            <RefreshCw className={cn(isFetching && 'animate-spin')} aria-hidden />Refresh
          </Button>
          <Button variant="outline" onClick={() => runExport('csv')} disabled={exporting !== null}>
            {exporting === 'csv' ? <LoaderCircle className="animate-spin" aria-hidden /> : <Download aria-hidden />}
            Export CSV{selected.size ? ` (${selected.size})` : ''}
          </Button>
          <Button variant="outline" onClick={() => runExport('adf')} disabled={exporting !== null}>
            {exporting === 'adf' ? <LoaderCircle className="animate-spin" aria-hidden /> : <FileCode2 aria-hidden />}
            Export ADF{selected.size ? ` (${selected.size})` : ''}
          </Button>
        </div>
      </header>

      {/* The pipeline: counts per status over the other filters; a chip filters by its status. */}
      <nav aria-label="Pipeline" className="mb-4 flex flex-wrap gap-2">
        <PipelineChip label="All" count={data ? Object.values(data.statusCounts).reduce((a, b) => a + b, 0) : undefined} active={!filters.status} onClick={() => setParam('status', undefined)} />
        {LEAD_STATUSES.map((s) => (
          <PipelineChip key={s} label={LEAD_STATUS_LABELS[s]} count={data?.statusCounts[s]} active={filters.status === s} onClick={() => setParam('status', s)} />
        ))}
      </nav>

      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <div className="grid gap-1 lg:col-span-2">
          <label htmlFor={`${uid}-q`} className="text-sm font-medium">Search leads</label>
          <Input id={`${uid}-q`} type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Name, phone, e-mail, vehicle, message" />
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${uid}-source`} className="text-sm font-medium">Source</label>
          <Select id={`${uid}-source`} value={filters.source ?? ''} onChange={(e) => setParam('source', e.target.value || undefined)}>
            <option value="">All sources</option>
            {LEAD_SOURCES.map((s) => <option key={s} value={s}>{sourceLabel(s)}</option>)}
          </Select>
        </div>
        <AssigneeFilter
          label="Assigned to"
          noneLabel="Nobody yet"
          assignees={data?.assignees}
          value={filters.assigneeId ?? ''}
          onChange={(v) => setParam('assigneeId', v || undefined)}
          className="gap-1"
        />
        <div className="grid grid-cols-2 gap-2">
          <div className="grid gap-1">
            <label htmlFor={`${uid}-from`} className="text-sm font-medium">From</label>
            <Input id={`${uid}-from`} type="date" value={filters.from ?? ''} onChange={(e) => setParam('from', e.target.value || undefined)} className="dark:[color-scheme:dark]" />
          </div>
          <div className="grid gap-1">
            <label htmlFor={`${uid}-to`} className="text-sm font-medium">To</label>
            <Input id={`${uid}-to`} type="date" value={filters.to ?? ''} onChange={(e) => setParam('to', e.target.value || undefined)} className="dark:[color-scheme:dark]" />
          </div>
        </div>
      </div>

      {isPending ? (
        <div aria-busy="true" className="grid gap-2"><span className="sr-only">Loading leads</span>{[0, 1, 2, 3].map((i) => <Skeleton key={i} className="h-14 w-full" />)}</div>
      ) : isError ? (
        <div role="alert" className="rounded-xl border border-destructive/40 bg-destructive/10 p-6">
          <p className="font-semibold">Could not load the leads.</p>
          <p className="text-sm text-muted-foreground">{errorMessage(error)}</p>
          <Button className="mt-3" variant="outline" onClick={() => void refetch()}>Try again</Button>
        </div>
      ) : leads.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-10 text-center text-muted-foreground">No leads match these filters.</p>
      ) : (
        <TableScroll className="rounded-xl border border-border">
          <table className="w-full min-w-[56rem] text-left text-sm">
            <caption className="sr-only">Leads, newest first. Select a name to open the lead.</caption>
            <thead className="bg-muted/60 text-xs uppercase tracking-wide text-muted-foreground">
              <tr>
                <th scope="col" className="w-10 px-3 py-2">
                  <input
                    type="checkbox"
                    className="size-4 cursor-pointer accent-primary"
                    aria-label="Select every lead on this page"
                    checked={allSelected}
                    onChange={() => setSelected(allSelected ? new Set() : new Set(leads.map((l) => l.id)))}
                  />
                </th>
                <th scope="col" className="px-3 py-2">Received</th>
                <th scope="col" className="px-3 py-2">Name</th>
                <th scope="col" className="px-3 py-2">Source</th>
                <th scope="col" className="px-3 py-2">Vehicle</th>
                <th scope="col" className="px-3 py-2">Status</th>
                <th scope="col" className="px-3 py-2">Assignee</th>
                <th scope="col" className="px-3 py-2">First response</th>
              </tr>
            </thead>
            <tbody>
              {leads.map((l) => (
                <tr key={l.id} className="border-t border-border hover:bg-muted/40">
                  <td className="px-3 py-2">
                    <input type="checkbox" className="size-4 cursor-pointer accent-primary" aria-label={`Select lead from ${l.name || 'unnamed'}`} checked={selected.has(l.id)} onChange={() => toggle(l.id)} />
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap tabular-nums">{formatLeadDate(l.createdAt)}</td>
                  <td className="px-3 py-2">
                    <button type="button" onClick={() => setParam('lead', String(l.id))} className="cursor-pointer text-left font-semibold text-primary underline-offset-2 hover:underline dark:text-sky-300">
                      {l.name || 'Name not given'}
                    </button>
                    <div className="text-xs text-muted-foreground">{[l.phone, realEmail(l.email)].filter(Boolean).join(' · ')}</div>
                  </td>
                  <td className="px-3 py-2">
                    {sourceLabel(l.source)}
                    {(l.noteCount > 0 || l.messageCount > 0) && (
                      <div className="text-xs text-muted-foreground">
                        {[l.messageCount ? `${l.messageCount} chat messages` : '', l.noteCount ? `${l.noteCount} notes` : ''].filter(Boolean).join(' · ')}
                      </div>
                    )}
                  </td>
                  <td className="max-w-56 px-3 py-2">
                    {/* A seller's or trader's lead names no vehicle of ours: its own vehicle is what it is about. */}
                    {(l.vehicleInfo || !l.tradeIn) && <span className="line-clamp-2">{l.vehicleInfo ?? '—'}</span>}
                    {l.tradeIn && (
                      <span className="mt-1 flex flex-wrap items-center gap-1.5">
                        <Badge variant="outline">{l.leadType === 'sell' ? 'To sell' : 'Trade-in'}</Badge>
                        <span className="line-clamp-2">{tradeVehicleText(l.tradeIn)}</span>
                      </span>
                    )}
                  </td>
                  <td className="px-3 py-2"><StatusPill label={LEAD_STATUS_LABELS[l.status]} className={STATUS_STYLE[l.status]} /></td>
                  <td className="px-3 py-2">{l.assigneeName ?? <span className="text-muted-foreground">Nobody</span>}</td>
                  <td className="px-3 py-2 whitespace-nowrap"><ResponseTime lead={l} now={dataUpdatedAt || Date.now()} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}

      {data && <InboxPagination page={filters.page} totalPages={data.totalPages} onPage={(p) => setParam('page', String(p))} summary={`${data.total} leads`} />}

      <LeadDetailSheet id={openId} assignees={data?.assignees ?? []} onClose={() => setParam('lead', undefined)} />
    </div>
  );
}

function PipelineChip({ label, count, active, onClick }: { label: string; count: number | undefined; active: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className={cn(
        'inline-flex h-9 cursor-pointer items-center gap-2 rounded-full border px-4 text-sm font-medium',
        active ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-card hover:bg-muted',
      )}
    >
      {label}
      {count !== undefined && <span className="tabular-nums opacity-80">{count}</span>}
    </button>
  );
}
