// /admin/audit-log (issue 4, "Access"): every change an admin made — who, when, what, before and after — newest
// first, filtered by actor, kind of record, action and Edmonton calendar days, a page at a time. Each entry opens to
// show the fields that changed side by side. Filters live in the URL so a view can be shared.
import { useSearchParams } from 'react-router';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { diffFields, type AuditEntry } from '@domain/admin';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Badge } from '@/components/ui/badge';
import { AUDIT_FILTERS, auditLogApiParams, readAuditLogView, useAuditLog, type AuditFilter } from '../api/get-audit-log';
import { TableScroll } from '@/components/ui/table-scroll';
import { formatDealershipDate } from '@/components/dealership-date';


const show = (v: unknown): string => {
  if (v === null || v === undefined || v === '') return '—';
  if (Array.isArray(v)) return v.length ? v.join(', ') : '—';
  if (typeof v === 'object') return JSON.stringify(v);
  if (typeof v === 'number') return v.toLocaleString('en-CA');
  return String(v);
};

export default function AuditLogPage() {
  const [sp, setSp] = useSearchParams();
  const { filters, page } = readAuditLogView(sp);
  const set = (patch: Partial<Record<AuditFilter | 'page', string>>) => {
    const next = new URLSearchParams(sp);
    for (const [k, v] of Object.entries(patch)) if (v) next.set(k, v); else next.delete(k);
    if (!('page' in patch)) next.delete('page');
    setSp(next, { replace: true });
  };
  const { data, isPending, isError, error, refetch } = useAuditLog(auditLogApiParams({ filters, page }));
  const active = AUDIT_FILTERS.some((f) => filters[f]);

  return (
    <div className="grid gap-5">
      <header>
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Audit log</h1>
        <p className="text-muted-foreground">Every change made in the back office: who, when, what, and the values before and after.</p>
      </header>

      <section aria-label="Filters" className="grid gap-3 rounded-2xl border border-border bg-card p-3 sm:grid-cols-2 sm:p-4 lg:grid-cols-6">
        <div className="grid gap-1.5">
          <Label htmlFor="al-actor">Who</Label>
          <Select id="al-actor" value={filters.actor} onChange={(e) => set({ actor: e.target.value })}>
            <option value="">Anyone</option>
            {data?.actors.map((a) => <option key={a} value={a}>{a}</option>)}
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="al-entity">Record</Label>
          <Select id="al-entity" value={filters.entityType} onChange={(e) => set({ entityType: e.target.value })}>
            <option value="">Any kind</option>
            {data?.entityTypes.map((a) => <option key={a} value={a}>{a}</option>)}
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="al-action">Action</Label>
          <Select id="al-action" value={filters.action} onChange={(e) => set({ action: e.target.value })}>
            <option value="">Any action</option>
            {[...new Set(data?.actions.map((a) => `${a.split('.')[0]}.`))].map((p) => <option key={p} value={p}>{p}* (all)</option>)}
            {data?.actions.map((a) => <option key={a} value={a}>{a}</option>)}
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="al-id">Record id</Label>
          <Input id="al-id" value={filters.entityId} inputMode="numeric" onChange={(e) => set({ entityId: e.target.value.trim() })} placeholder="e.g. 1234" />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="al-from">From</Label>
          <Input id="al-from" type="date" value={filters.from} max={filters.to || undefined} onChange={(e) => set({ from: e.target.value })} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="al-to">To</Label>
          <Input id="al-to" type="date" value={filters.to} min={filters.from || undefined} onChange={(e) => set({ to: e.target.value })} />
        </div>
        {active && (
          <div className="sm:col-span-2 lg:col-span-6">
            <Button variant="ghost" size="sm" onClick={() => setSp(new URLSearchParams(), { replace: true })}><X aria-hidden />Clear filters</Button>
          </div>
        )}
      </section>

      {isError ? (
        <div role="alert" className="rounded-xl border border-destructive/40 bg-destructive/10 p-6">
          <p className="font-semibold">The audit log could not be loaded.</p>
          <p className="text-sm">{error instanceof Error ? error.message : ''}</p>
          <Button variant="outline" className="mt-3" onClick={() => void refetch()}>Try again</Button>
        </div>
      ) : isPending ? (
        <div className="grid gap-2" aria-busy="true"><span className="sr-only">Loading the audit log</span>{[0, 1, 2, 3].map((i) => <Skeleton key={i} className="h-14 w-full" />)}</div>
      ) : data.entries.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border bg-card p-8 text-center text-muted-foreground">No entries match these filters.</p>
      ) : (
        <ol className="grid gap-2" aria-label="Audit entries, newest first">
          {data.entries.map((e) => <Entry key={e.id} entry={e} />)}
        </ol>
      )}

      {data && data.total > 0 && (
        <nav aria-label="Audit log pages" className="flex flex-wrap items-center justify-between gap-3 text-sm">
          <p className="text-muted-foreground">{data.total.toLocaleString('en-CA')} {data.total === 1 ? 'entry' : 'entries'}</p>
          <div className="flex items-center gap-2">
            <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => set({ page: String(page - 1) })}><ChevronLeft aria-hidden />Newer</Button>
            <span className="tabular-nums">Page {data.page} of {data.pageCount}</span>
            <Button size="sm" variant="outline" disabled={page >= data.pageCount} onClick={() => set({ page: String(page + 1) })}>Older<ChevronRight aria-hidden /></Button>
          </div>
        </nav>
      )}
    </div>
  );
}

function Entry({ entry: e }: { entry: AuditEntry }) {
  const changes = diffFields(e.before, e.after);
  return (
    <li className="rounded-xl border border-border bg-card">
      <details className="group">
        <summary className="flex cursor-pointer list-none flex-wrap items-baseline gap-x-3 gap-y-1 rounded-xl px-4 py-3 hover:bg-muted/40 focus-visible:outline-2 focus-visible:outline-ring">
          <Badge variant="outline" className="font-mono">{e.action}</Badge>
          <span className="min-w-0 flex-1 font-medium [overflow-wrap:anywhere]">{e.summary || `${e.entityType} ${e.entityId ?? ''}`}</span>
          <span className="text-xs text-muted-foreground">
            {e.actorName} · <time dateTime={e.createdAt}>{formatDealershipDate(e.createdAt, 'mediumDateTimeSeconds')}</time>
          </span>
        </summary>
        <div className="grid gap-2 border-t border-border px-4 py-3 text-sm">
          <p className="text-xs text-muted-foreground">
            {e.entityType}{e.entityId ? ` #${e.entityId}` : ''}{e.ip ? ` · from ${e.ip}` : ''}
          </p>
          {changes.length === 0 ? (
            <p className="text-muted-foreground">No field values recorded.</p>
          ) : (
            <TableScroll>
              <table className="w-full min-w-[28rem] text-left">
                <caption className="sr-only">Changed fields</caption>
                <thead className="text-xs text-muted-foreground">
                  <tr><th scope="col" className="py-1 pr-3 font-semibold">Field</th><th scope="col" className="py-1 pr-3 font-semibold">Before</th><th scope="col" className="py-1 font-semibold">After</th></tr>
                </thead>
                <tbody>
                  {changes.map((c) => (
                    <tr key={c.field} className="border-t border-border align-top">
                      <th scope="row" className="py-1 pr-3 font-mono text-xs font-normal">{c.field}</th>
                      <td className="py-1 pr-3 break-all text-red-800 dark:text-red-300"><del className="no-underline">{show(c.before)}</del></td>
                      <td className="py-1 break-all text-emerald-800 dark:text-emerald-300"><ins className="no-underline">{show(c.after)}</ins></td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
        </div>
      </details>
    </li>
  );
}
