// /admin/pre-approvals (spec §2; issue 6): the list of applications with status and assignee filters, and one
// application's decrypted detail. The list carries no personal data; opening an application decrypts it on the
// server, which writes the view to the audit log, so the page says so before showing it.
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Eye, LoaderCircle, Lock } from 'lucide-react';
import {
  EMPLOYMENT_LABELS, HOUSING_LABELS, PRE_APPROVAL_STATUS_LABELS, PRE_APPROVAL_STATUSES,
  type PreApprovalDetail, type PreApprovalList, type PreApprovalStatus,
} from '@domain/pre-approval';
import type { z } from 'zod';
import type { preApprovalListItemSchema, preApprovalNoteSchema } from '@domain/pre-approval';
import { DEALERSHIP } from '@domain/settings';
import { apiGet, apiPatch, apiPost, errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatPrice } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';

type PreApprovalListItem = z.infer<typeof preApprovalListItemSchema>;
type PreApprovalNote = z.infer<typeof preApprovalNoteSchema>;

const dateFormat = new Intl.DateTimeFormat('en-CA', { timeZone: DEALERSHIP.timeZone, year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
const when = (iso: string) => dateFormat.format(new Date(iso));

interface Filters { status?: string; assignee?: string; q?: string; page?: string }
const listQuery = (f: Filters) => queryOptions({
  queryKey: ['/api/admin/pre-approvals', f],
  queryFn: ({ signal }) => apiGet<PreApprovalList>('/api/admin/pre-approvals', { params: { ...f }, signal }),
  placeholderData: keepPreviousData,
});
// Not cached between openings: each look at the personal data is a deliberate, audited read.
const detailQuery = (id: number) => queryOptions({
  queryKey: ['/api/admin/pre-approvals', 'detail', id],
  queryFn: ({ signal }) => apiGet<PreApprovalDetail>(`/api/admin/pre-approvals/${id}`, { signal }),
  gcTime: 0,
});

const statusTone: Record<PreApprovalStatus, string> = {
  new: 'bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-100',
  contacted: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  approved: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100',
  declined: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
  funded: 'bg-emerald-200 text-emerald-950 dark:bg-emerald-900 dark:text-emerald-50',
};

export default function PreApprovalsPage() {
  useDocumentTitle('Pre-approvals');
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('id')) || null;
  const filters: Filters = Object.fromEntries(['status', 'assignee', 'q', 'page'].map((k) => [k, params.get(k) ?? undefined]).filter(([, v]) => v));
  const setFilter = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value); else next.delete(key);
    if (key !== 'page') next.delete('page');
    next.delete('id');
    setParams(next);
  };
  const open = (id: number | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('id', String(id)); else next.delete('id');
    setParams(next);
  };

  if (openId) return <Detail id={openId} onBack={() => open(null)} />;
  return <List filters={filters} setFilter={setFilter} onOpen={open} />;
}

function List({ filters, setFilter, onOpen }: { filters: Filters; setFilter: (k: string, v: string) => void; onOpen: (id: number) => void }) {
  const { data, isPending, isError, error, refetch } = useQuery(listQuery(filters));
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
        <label className="grid gap-1 text-sm font-medium">
          Assignee
          <Select value={filters.assignee ?? ''} onChange={(e) => setFilter('assignee', e.target.value)} className="w-52">
            <option value="">Anyone</option>
            <option value="none">Unassigned</option>
            {data?.assignees.map((a) => <option key={a.id} value={a.id}>{a.name}</option>)}
          </Select>
        </label>
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
        <div className="overflow-x-auto rounded-lg border border-border">
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
                  <td className="p-3"><span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', statusTone[a.status])}>{PRE_APPROVAL_STATUS_LABELS[a.status]}</span></td>
                  <td className="p-3">{a.assignee?.name ?? <span className="text-muted-foreground">Unassigned</span>}</td>
                  <td className="p-3 tabular-nums">{a.noteCount}</td>
                  <td className="p-3 text-right">
                    <Button size="sm" variant="outline" onClick={() => onOpen(a.id)} aria-label={`Open ${a.reference}`}><Eye aria-hidden />Open</Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {data && totalPages > 1 && (
        <nav aria-label="Pages" className="mt-4 flex items-center justify-center gap-3 text-sm">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setFilter('page', String(page - 1))}>Previous</Button>
          <span>Page {page} of {totalPages}</span>
          <Button size="sm" variant="outline" disabled={page >= totalPages} onClick={() => setFilter('page', String(page + 1))}>Next</Button>
        </nav>
      )}
    </div>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[10rem_1fr] gap-2 py-1.5 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  );
}

function Detail({ id, onBack }: { id: number; onBack: () => void }) {
  const qc = useQueryClient();
  const { data, isPending, isError, error } = useQuery(detailQuery(id));
  const [note, setNote] = useState('');
  // Lists refresh; the open detail is patched in place rather than fetched again (which would decrypt and audit anew).
  const refresh = async () => { await qc.invalidateQueries({ queryKey: ['/api/admin/pre-approvals'], predicate: (q) => q.queryKey[1] !== 'detail' }); };
  const patchDetail = (change: Partial<PreApprovalDetail>) => qc.setQueryData<PreApprovalDetail>(detailQuery(id).queryKey, (d) => (d ? { ...d, ...change } : d));
  const update = useMutation({
    mutationFn: (body: { status?: PreApprovalStatus; assigneeId?: number | null }) => apiPatch<PreApprovalListItem>(`/api/admin/pre-approvals/${id}`, body),
    onSuccess: async (item) => { patchDetail({ status: item.status, assignee: item.assignee }); toast({ title: 'Saved' }); await refresh(); },
    onError: (err) => toast({ title: 'Could not save', description: errorMessage(err), variant: 'destructive' }),
  });
  const addNote = useMutation({
    mutationFn: (body: string) => apiPost<PreApprovalNote>(`/api/admin/pre-approvals/${id}/notes`, { body }),
    onSuccess: async (n) => { setNote(''); patchDetail({ notes: [...(data?.notes ?? []), n] }); await refresh(); },
    onError: (err) => toast({ title: 'Could not add the note', description: errorMessage(err), variant: 'destructive' }),
  });
  const assignees = useQuery(listQuery({})).data?.assignees ?? [];

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8">
      <Button variant="ghost" onClick={onBack} className="mb-4"><ArrowLeft aria-hidden />All applications</Button>
      {isError ? (
        <p role="alert" className="rounded-lg border border-destructive/40 p-4 text-sm">{errorMessage(error, 'Could not open this application.')}</p>
      ) : isPending ? (
        <div className="grid gap-3"><Skeleton className="h-10 w-64" /><Skeleton className="h-64" /></div>
      ) : (
        <>
          <header className="mb-5 flex flex-wrap items-center justify-between gap-3">
            <div>
              <h1 className="text-2xl font-extrabold tracking-tight">{data.applicant.contact.firstName} {data.applicant.contact.lastName} <span className="font-mono text-base text-muted-foreground">{data.reference}</span></h1>
              <p className="mt-1 flex items-center gap-1.5 text-xs text-muted-foreground"><Lock className="size-3.5" aria-hidden />Decrypted for you; this view is recorded in the audit log.</p>
            </div>
            <div className="flex flex-wrap items-end gap-3">
              <label className="grid gap-1 text-sm font-medium">
                Status
                <Select value={data.status} disabled={update.isPending} onChange={(e) => update.mutate({ status: e.target.value as PreApprovalStatus })} className="w-40">
                  {PRE_APPROVAL_STATUSES.map((s) => <option key={s} value={s}>{PRE_APPROVAL_STATUS_LABELS[s]}</option>)}
                </Select>
              </label>
              <label className="grid gap-1 text-sm font-medium">
                Assignee
                <Select value={data.assignee?.id ?? ''} disabled={update.isPending} onChange={(e) => update.mutate({ assigneeId: e.target.value ? Number(e.target.value) : null })} className="w-48">
                  <option value="">Unassigned</option>
                  {assignees.map((a) => <option key={a.id} value={a.id}>{a.name}</option>)}
                </Select>
              </label>
            </div>
          </header>

          <div className="grid gap-4 md:grid-cols-2">
            <section className="rounded-xl border border-border p-5" aria-labelledby="pa-contact">
              <h2 id="pa-contact" className="mb-2 font-bold">Contact</h2>
              <dl>
                <Row label="Email"><a href={`mailto:${data.applicant.contact.email}`} className="text-primary underline">{data.applicant.contact.email}</a></Row>
                <Row label="Phone"><a href={`tel:${data.applicant.contact.phone.replace(/[^\d+]/g, '')}`} className="text-primary underline">{data.applicant.contact.phone}</a></Row>
                <Row label="Date of birth">{data.applicant.contact.dateOfBirth}</Row>
                <Row label="Marketing email">{data.applicant.marketingConsent ? 'Agreed' : 'Not agreed'}</Row>
                {data.leadId && <Row label="Lead"><Link to={`/admin/leads?lead=${data.leadId}`} className="text-primary underline">Open lead #{data.leadId}</Link></Row>}
              </dl>
            </section>
            <section className="rounded-xl border border-border p-5" aria-labelledby="pa-vehicle">
              <h2 id="pa-vehicle" className="mb-2 font-bold">Vehicle and down payment</h2>
              <dl>
                <Row label="Vehicle">{data.vehicleId ? <Link to={`/vehicles/${data.vehicleId}`} className="text-primary underline">Vehicle #{data.vehicleId}</Link> : null} {data.vehicleInterest || (!data.vehicleId && 'Not decided')}</Row>
                <Row label="Down payment">{formatPrice(data.applicant.downPayment.downPayment)}</Row>
                <Row label="Trade-in">
                  {data.applicant.downPayment.tradeIn
                    ? `${data.applicant.downPayment.tradeIn.year} ${data.applicant.downPayment.tradeIn.make} ${data.applicant.downPayment.tradeIn.model}, ${data.applicant.downPayment.tradeIn.mileage.toLocaleString('en-CA')} km, owing ${formatPrice(data.applicant.downPayment.tradeIn.amountOwing)}`
                    : 'None'}
                </Row>
              </dl>
            </section>
            <section className="rounded-xl border border-border p-5" aria-labelledby="pa-employment">
              <h2 id="pa-employment" className="mb-2 font-bold">Employment and income</h2>
              <dl>
                <Row label="Situation">{EMPLOYMENT_LABELS[data.applicant.employment.employmentStatus as keyof typeof EMPLOYMENT_LABELS] ?? data.applicant.employment.employmentStatus}</Row>
                <Row label="Employer">{data.applicant.employment.employer || '—'}</Row>
                <Row label="Job title">{data.applicant.employment.jobTitle || '—'}</Row>
                <Row label="Time at job">{data.applicant.employment.monthsAtJob} months</Row>
                <Row label="Gross monthly income">{formatPrice(data.applicant.employment.monthlyIncome)}</Row>
              </dl>
            </section>
            <section className="rounded-xl border border-border p-5" aria-labelledby="pa-housing">
              <h2 id="pa-housing" className="mb-2 font-bold">Housing</h2>
              <dl>
                <Row label="Housing">{HOUSING_LABELS[data.applicant.housing.housingStatus as keyof typeof HOUSING_LABELS] ?? data.applicant.housing.housingStatus}</Row>
                <Row label="Monthly payment">{formatPrice(data.applicant.housing.monthlyHousingPayment)}</Row>
                <Row label="Address">{data.applicant.housing.street}, {data.applicant.housing.city} {data.applicant.housing.province} {data.applicant.housing.postalCode}</Row>
                <Row label="Years there">{data.applicant.housing.yearsAtAddress}</Row>
              </dl>
            </section>
          </div>

          <section className="mt-4 rounded-xl border border-border p-5" aria-labelledby="pa-consent">
            <h2 id="pa-consent" className="mb-2 font-bold">Credit-check consent</h2>
            <p className="text-sm">Given {when(data.consentedAt)}, to this wording:</p>
            <blockquote className="mt-2 border-l-4 border-border pl-3 text-sm text-muted-foreground">{data.consentText}</blockquote>
          </section>

          <section className="mt-4 rounded-xl border border-border p-5" aria-labelledby="pa-notes">
            <h2 id="pa-notes" className="mb-3 font-bold">Notes <Badge variant="secondary">{data.notes.length}</Badge></h2>
            <ul className="mb-4 grid gap-3">
              {data.notes.map((n) => (
                <li key={n.id} className="rounded-lg bg-muted/50 p-3 text-sm">
                  <p className="whitespace-pre-wrap">{n.body}</p>
                  <p className="mt-1 text-xs text-muted-foreground">{n.authorName} · {when(n.createdAt)}</p>
                </li>
              ))}
            </ul>
            <form onSubmit={(e) => { e.preventDefault(); if (note.trim()) addNote.mutate(note.trim()); }} className="grid gap-2">
              <label htmlFor="pa-note" className="text-sm font-medium">Add a note</label>
              <textarea id="pa-note" value={note} onChange={(e) => setNote(e.target.value)} rows={3} maxLength={4000}
                className="rounded-md border border-input bg-card p-3 text-sm focus-visible:outline-2 focus-visible:outline-ring" />
              <div><Button type="submit" disabled={!note.trim() || addNote.isPending}>{addNote.isPending && <LoaderCircle className="animate-spin" aria-hidden />}Add note</Button></div>
            </form>
          </section>
        </>
      )}
    </div>
  );
}
