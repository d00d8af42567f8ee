// One lead in the inbox (issue 6): contact, vehicle, trade-in, what they wrote, the chat conversation, the
// pipeline status, the assignee and staff notes, the seller's photos of a sell/trade lead; ADF download for a CRM.
import { useId, useState } from 'react';
import { sharePathOf, type DealQuote } from '@domain/deal-worksheet';
import { DealFigures } from '@/components/deal-figures';
import { useLocation } from 'react-router';
import { Link } from '@/components/link';
import { Download, LoaderCircle, Mail, Phone } from 'lucide-react';
import { LEAD_DELIVERY_EVENT_LABELS, LEAD_DELIVERY_STATUS_LABELS, type LeadCrmDelivery } from '@domain/lead-delivery';
import { formatDuration, LEAD_SOURCE_LABELS, LEAD_STATUS_LABELS, LEAD_STATUSES, type LeadDetail, type LeadSource, type LeadStatus, type RelatedLead } from '@domain/leads';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { VehiclePhoto } from '@/components/vehicle-photo';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { toast } from '@/components/ui/use-toast';
import { AssigneeSelect, StatusSelect } from '../../shell/components/inbox-fields';
import { NoteForm, NotesList } from '../../shell/components/inbox-notes';
import { useAddNote } from '../api/add-lead-note';
import { downloadLeadAdf } from '../api/download-lead-adf';
import { useLead } from '../api/get-lead';
import { useUpdateLead } from '../api/update-lead';
import { formatLeadDate, leadFacts, realEmail, tradeVehicleText } from '../lead-facts';
import { LeadHoldPanel } from './lead-hold';

export const sourceLabel = (s: string) => LEAD_SOURCE_LABELS[s as LeadSource] ?? s;

export function LeadDetailSheet({ id, assignees, onClose }: { id: number | null; assignees: { id: number; name: string }[]; onClose: () => void }) {
  const { data: lead, isPending, isError, error } = useLead(id);
  return (
    <Sheet open={id !== null} onOpenChange={(o) => { if (!o) onClose(); }}>
      <SheetContent side="right" closeLabel="Close lead" className="w-full max-w-xl overflow-y-auto p-6 sm:w-[36rem]">
        {isPending ? (
          <div aria-busy="true" className="grid gap-3 pt-8">
            <SheetTitle className="sr-only">Loading lead</SheetTitle>
            <Skeleton className="h-8 w-2/3" /><Skeleton className="h-24 w-full" /><Skeleton className="h-40 w-full" />
          </div>
        ) : isError ? (
          <div role="alert" className="pt-8">
            <SheetTitle>Could not load this lead</SheetTitle>
            <p className="mt-2 text-sm text-muted-foreground">{errorMessage(error)}</p>
          </div>
        ) : lead ? <LeadBody lead={lead} assignees={assignees} /> : null}
      </SheetContent>
    </Sheet>
  );
}

const largest = (p: LeadDetail['photos'][number]) =>
  p.variants.filter((v) => v.format === 'webp').reduce<{ url: string; width: number } | null>((a, v) => (!a || v.width > a.width ? v : a), null)?.url ?? p.src;

function LeadBody({ lead, assignees }: { lead: LeadDetail; assignees: { id: number; name: string }[] }) {
  const uid = useId();
  const update = useUpdateLead(lead.id);
  const addNote = useAddNote(lead.id);
  const [note, setNote] = useState('');
  const [downloading, setDownloading] = useState(false);

  const change = (patch: { status?: LeadStatus; assigneeId?: number | null }) =>
    update.mutate(patch, {
      onSuccess: () => toast({ title: 'Lead updated', variant: 'success' }),
      onError: (err) => toast({ title: 'Could not update the lead', description: errorMessage(err), variant: 'destructive' }),
    });

  const submitNote = (body: string) => {
    addNote.mutate(body, {
      onSuccess: () => { setNote(''); toast({ title: 'Note added', variant: 'success' }); },
      onError: (err) => toast({ title: 'Could not add the note', description: errorMessage(err), variant: 'destructive' }),
    });
  };

  const adf = async () => {
    setDownloading(true);
    try { await downloadLeadAdf(lead.id); }
    catch (err) { toast({ title: 'Download failed', description: errorMessage(err), variant: 'destructive' }); }
    finally { setDownloading(false); }
  };

  const facts = leadFacts(lead.additionalData, lead);
  const trade = lead.tradeIn;
  const email = realEmail(lead.email);

  return (
    <div className="grid gap-6">
      <SheetHeader className="pr-10">
        <SheetTitle className="text-xl font-bold">{lead.name || 'Name not given'}</SheetTitle>
        <SheetDescription>
          {sourceLabel(lead.source)} lead · received {formatLeadDate(lead.createdAt)} ·{' '}
          {lead.responseMinutes === null ? 'not answered yet' : `first response after ${formatDuration(lead.responseMinutes)}`}
        </SheetDescription>
      </SheetHeader>

      <section aria-label="Contact" className="flex flex-wrap gap-2">
        {lead.phone && <Button asChild variant="outline" size="sm"><a href={`tel:${lead.phone.replace(/[^\d+]/g, '')}`}><Phone aria-hidden />{lead.phone}</a></Button>}
        {email && <Button asChild variant="outline" size="sm"><a href={`mailto:${email}`}><Mail aria-hidden />{email}</a></Button>}
        <Button variant="outline" size="sm" onClick={adf} disabled={downloading}>
          {downloading ? <LoaderCircle className="animate-spin" aria-hidden /> : <Download aria-hidden />}Download ADF
        </Button>
      </section>

      <div className="grid gap-4 sm:grid-cols-2">
        <StatusSelect statuses={LEAD_STATUSES} labels={LEAD_STATUS_LABELS} value={lead.status} disabled={update.isPending} onChange={(status) => change({ status })} />
        <AssigneeSelect
          label="Assigned to"
          noneLabel="Nobody"
          assignees={assignees}
          value={lead.assigneeId}
          disabled={update.isPending}
          onChange={(assigneeId) => change({ assigneeId })}
        />
      </div>

      {lead.hold && <LeadHoldPanel leadId={lead.id} hold={lead.hold} />}

      {/* issue 34 §4: a `deal` lead is shown as the worksheet the shopper sent, line by line. */}
      {lead.leadType === 'deal' && isDealQuote(lead.additionalData.dealWorksheet) && (
        <section aria-labelledby={`deal-${lead.id}`} className="rounded-lg border border-border p-3">
          <h3 id={`deal-${lead.id}`} className="mb-2 font-semibold">Deal worksheet</h3>
          <DealFigures quote={lead.additionalData.dealWorksheet} />
          {typeof lead.additionalData.dealWorksheetToken === 'string' && (
            <Link className="mt-2 inline-block text-sm text-primary underline dark:text-sky-300" to={sharePathOf(lead.additionalData.dealWorksheetToken)}>Read-only worksheet and print view</Link>
          )}
        </section>
      )}

      <dl className="grid gap-3 text-sm">
        <div>
          <dt className="font-medium text-muted-foreground">Vehicle of interest</dt>
          <dd>{lead.vehicleId ? <Link className="text-primary underline dark:text-sky-300" to={`/vehicles/${lead.vehicleId}`}>{lead.vehicleInfo}</Link> : (lead.vehicleInfo ?? 'None chosen')}</dd>
        </div>
        {trade && (
          <div>
            <dt className="font-medium text-muted-foreground">{lead.leadType === 'sell' ? 'Vehicle to sell' : 'Trade-in'}</dt>
            <dd>
              {tradeVehicleText(trade)}
              {trade.condition && `, condition: ${trade.condition}`}
              {trade.vin && ` (VIN ${trade.vin})`}
            </dd>
          </div>
        )}
        {lead.message && (
          <div>
            <dt className="font-medium text-muted-foreground">Message</dt>
            <dd className="whitespace-pre-wrap">{lead.message}</dd>
          </div>
        )}
        {lead.refType && lead.refType !== 'deal_worksheet' && (
          <div>
            <dt className="font-medium text-muted-foreground">Record</dt>
            <dd>
              {lead.refType === 'pre_approval'
                ? <Link className="text-primary underline dark:text-sky-300" to="/admin/pre-approvals">Pre-approval application #{lead.refId}</Link>
                : `${lead.refType.replace(/_/g, ' ')} #${lead.refId}`}
            </dd>
          </div>
        )}
        {facts.length > 0 && (
          <div>
            <dt className="font-medium text-muted-foreground">Details sent with the form</dt>
            <dd><ul className="mt-1 grid gap-0.5">{facts.map((f) => <li key={f.label}><span className="text-muted-foreground">{f.label}:</span> {f.value}</li>)}</ul></dd>
          </div>
        )}
      </dl>

      {lead.crmDeliveries.length > 0 && <CrmDeliveries deliveries={lead.crmDeliveries} />}

      {lead.relatedLeads.length > 0 && <RelatedLeads leads={lead.relatedLeads} />}

      {lead.photos.length > 0 && (
        <section aria-labelledby={`${uid}-photos`}>
          <h3 id={`${uid}-photos`} className="text-sm font-semibold">Seller's photos ({lead.photos.length})</h3>
          <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
            {lead.photos.map((p) => (
              <li key={p.id}>
                {/* The largest stored size in a new tab, to look at damage up close. */}
                <a href={largest(p)} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-md border border-border focus-visible:outline-2 focus-visible:outline-ring">
                  <VehiclePhoto photo={{ ...p, alt: `${p.alt} (opens full size)` }} alt={p.alt} sizes="(min-width: 640px) 8rem, 45vw" className="aspect-[4/3] w-full object-cover" />
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}

      {lead.messages.length > 0 && (
        <section aria-labelledby={`${uid}-chat`}>
          <h3 id={`${uid}-chat`} className="mb-2 font-semibold">Chat conversation ({lead.messages.length})</h3>
          {/* Focusable so keyboard users can scroll a long conversation (WCAG 2.1.1). */}
          <ol tabIndex={0} aria-labelledby={`${uid}-chat`} className="grid max-h-80 gap-2 overflow-y-auto rounded-lg border border-border bg-muted/40 p-3 focus-visible:outline-2 focus-visible:outline-ring">
            {lead.messages.map((m) => (
              <li key={m.id} className={cn('flex', m.role === 'user' ? 'justify-end' : 'justify-start')}>
                <p className={cn('max-w-[85%] rounded-xl px-3 py-2 text-sm whitespace-pre-wrap', m.role === 'user' ? 'bg-primary text-primary-foreground' : 'bg-card')}>
                  <span className="sr-only">{m.role === 'user' ? 'Shopper: ' : 'Assistant: '}</span>{m.content}
                </p>
              </li>
            ))}
          </ol>
        </section>
      )}

      <section aria-labelledby={`${uid}-notes`}>
        <h3 id={`${uid}-notes`} className="mb-2 font-semibold">Notes</h3>
        <NotesList notes={lead.notes} formatDate={formatLeadDate} empty="No notes yet. The first note counts as the first response." />
        <NoteForm label="New note" hideLabel placeholder="Called, left a voicemail…" value={note} onChange={setNote} onSubmit={submitNote} busy={addNote.isPending} />
      </section>
    </div>
  );
}

/** "Delivered (HTTP 202)"; a detail that already says its status ("Not sent: no mail server configured") alone. */
function crmStatusText(d: LeadCrmDelivery): string {
  const status = LEAD_DELIVERY_STATUS_LABELS[d.status];
  if (!d.detail) return status;
  return d.detail.startsWith(status) ? d.detail : `${status} (${d.detail})`;
}

/** Where this lead stands with the CRM (issue 54 §4): "Not sent" shows here, on the lead, not only in the log. */
function CrmDeliveries({ deliveries }: { deliveries: LeadCrmDelivery[] }) {
  const uid = useId();
  return (
    <section aria-labelledby={`${uid}-crm`}>
      <h3 id={`${uid}-crm`} className="mb-2 font-semibold">Sent to the CRM</h3>
      <ul className="grid gap-1 text-sm">
        {deliveries.map((d, i) => (
          <li key={i}>
            <span className="font-semibold">{d.channel === 'email' ? 'ADF e-mail' : 'Webhook'}</span>
            {LEAD_DELIVERY_EVENT_LABELS[d.event] ? ` (${LEAD_DELIVERY_EVENT_LABELS[d.event]})` : ''}: {crmStatusText(d)}
          </li>
        ))}
      </ul>
      <Link to="/admin/lead-delivery" className="mt-1 inline-block text-sm text-primary underline">Lead delivery log</Link>
    </section>
  );
}

/** The same person's other enquiries (same e-mail or phone), each opening in this panel. */
function RelatedLeads({ leads }: { leads: RelatedLead[] }) {
  const uid = useId();
  const { search } = useLocation();
  const href = (id: number) => { const p = new URLSearchParams(search); p.set('lead', String(id)); return `?${p.toString()}`; };
  return (
    <section aria-labelledby={`${uid}-related`}>
      <h3 id={`${uid}-related`} className="mb-2 font-semibold">Other leads from this person ({leads.length})</h3>
      <ul className="grid gap-2 text-sm">
        {leads.map((r) => (
          <li key={r.id} className="rounded-lg border border-border p-3">
            <Link to={href(r.id)} className="font-medium text-primary underline-offset-2 hover:underline dark:text-sky-300">
              {sourceLabel(r.source)} lead · {formatLeadDate(r.createdAt)}
            </Link>
            <p className="text-muted-foreground">
              {[r.name || null, r.vehicleInfo, LEAD_STATUS_LABELS[r.status], [r.samePhone && 'same phone', r.sameEmail && 'same e-mail'].filter(Boolean).join(' and ')].filter(Boolean).join(' · ')}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The worksheet a `deal` lead keeps (server/modules/deal-worksheet): drawn only when it has the figures it needs. */
function isDealQuote(x: unknown): x is DealQuote {
  const q = x as DealQuote | null;
  return !!q && typeof q === 'object' && (q.purchase === 'cash' || q.purchase === 'finance') && typeof q.total === 'number' && Array.isArray(q.products) && typeof q.disclosures === 'object';
}
