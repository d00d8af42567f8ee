// The pre-approvals list (spec §2; issue 6): applications with status, assignee and reference filters. It carries
// no personal data (that is encrypted, and only decrypted one application at a time, pre-approval-detail.tsx).
import { useState, type FormEvent } from 'react';
import { Link } from '@/components/link';
import { Eye } from 'lucide-react';
import { PRE_APPROVAL_STATUS_LABELS, PRE_APPROVAL_STATUSES, type PreApprovalStatus } from '@domain/pre-approval';
import { errorMessage } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { AssigneeFilter } from '../../shell/components/inbox-fields';
import { InboxPagination, StatusPill } from '../../shell/components/inbox-list';
import { usePreApprovals, type PreApprovalFilters } from '../api/get-pre-approvals';
import { when } from '../date-format';
import { TableScroll } from '@/components/ui/table-scroll';

const statusTone: Record<PreApprovalStatus, string> = {
  new: 'bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-100',
  contacted: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  approved: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100',
  declined: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
  funded: 'bg-emerald-200 text-emerald-950 dark:bg-emerald-900 dark:text-emerald-50',
};

export function PreApprovalList({ filters, setFilter, onOpen }: { filters: PreApprovalFilters; setFilter: (k: string, v: string) => void; onOpen: (id: number) => void }) {
  const { data, isPending, isError, error, refetch } = usePreApprovals(filters);
  const [q, setQ] = useState(filters.q ?? '');
  const search = (e: FormEvent) => { e.preventDefault(); setFilter('q', q.trim()); };
  const page = Number(filters.page ?? 1);
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8">
      <header className="mb-6">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Pre-approvals</h1>
        <p className="mt-1 text-muted-foreground">
          Financing applications. Names, income and addresses are encrypted: open an application to read them (each opening is recorded in the audit log).
        </p>
      </header>

      <div className="mb-4 flex flex-wrap gap-2" role="group" aria-label="Filter by status">
        {[{ s: '', label: 'All', n: data ? Object.values(data.counts).reduce((a, b) => a + b, 0) : undefined },
          ...PRE_APPROVAL_STATUSES.map((s) => ({ s, label: PRE_APPROVAL_STATUS_LABELS[s], n: data?.counts[s] ?? 0 }))].map(({ s, label, n }) => (
          <Button key={s || 'all'} size="sm" variant={(filters.status ?? '') === s ? 'default' : 'outline'} aria-pressed={(filters.status ?? '') === s} onClick={() => setFilter('status', s)}>
            {label}{n !== undefined && <span className="tabular-nums opacity-80">({n})</span>}
          </Button>
        ))}
      </div>

      <div className="mb-4 flex flex-wrap items-end gap-3">
        <AssigneeFilter
          label="Assignee"
          noneLabel="Unassigned"
          assignees={data?.assignees}
          value={filters.assignee ?? ''}
          onChange={(v) => setFilter('assignee', v)}
          className="gap-1"
          selectClassName="w-52"
        />
        <form onSubmit={search} className="flex items-end gap-2" role="search">
          <label className="grid gap-1 text-sm font-medium">
            Reference
            <Input value={q} onChange={(e) => setQ(e.target.value)} placeholder="PA-000123" className="w-40" />
          </label>
          <Button type="submit" variant="outline">Find</Button>
        </form>
      </div>

      {isError ? (
        <div role="alert" className="rounded-lg border border-destructive/40 p-4 text-sm">
          {errorMessage(error, 'Could not load applications.')} <Button variant="link" onClick={() => void refetch()}>Try again</Button>
        </div>
      ) : isPending ? (
        <div className="grid gap-2">{Array.from({ length: 5 }, (_, i) => <Skeleton key={i} className="h-12" />)}</div>
      ) : data.items.length === 0 ? (
        <p className="rounded-lg border border-border p-6 text-center text-muted-foreground">No applications match these filters.</p>
      ) : (
        <TableScroll className="rounded-lg border border-border">
          <table className="w-full text-sm">
            <thead className="bg-muted/60 text-left">
              <tr>
                <th scope="col" className="p-3">Reference</th>
                <th scope="col" className="p-3">Received</th>
                <th scope="col" className="p-3">Vehicle of interest</th>
                <th scope="col" className="p-3">Status</th>
                <th scope="col" className="p-3">Assignee</th>
                <th scope="col" className="p-3">Notes</th>
                <th scope="col" className="p-3"><span className="sr-only">Open</span></th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((a) => (
                <tr key={a.id} className="border-t border-border">
                  <td className="p-3 font-mono">{a.reference}</td>
                  <td className="p-3 whitespace-nowrap">{when(a.createdAt)}</td>
                  <td className="p-3">
                    {a.vehicleId ? <Link to={`/vehicles/${a.vehicleId}`} className="text-primary underline">Vehicle #{a.vehicleId}</Link> : null}
                    {a.vehicleId && a.vehicleInterest ? ' · ' : null}
                    {a.vehicleInterest || (a.vehicleId ? '' : <span className="text-muted-foreground">Not decided</span>)}
                  </td>
                  <td className="p-3"><StatusPill label={PRE_APPROVAL_STATUS_LABELS[a.status]} className={statusTone[a.status]} /></td>
                  <td className="p-3">{a.assignee?.name ?? <span className="text-muted-foreground">Unassigned</span>}</td>
                  <td className="p-3 tabular-nums">{a.noteCount}</td>
                  <td className="p-3 text-right">
                    <Button size="sm" variant="outline" onClick={() => onOpen(a.id)} aria-label={`Open ${a.reference}`}><Eye aria-hidden />Open</Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}

      {data && <InboxPagination page={page} totalPages={totalPages} onPage={(p) => setFilter('page', String(p))} />}
    </div>
  );
}
