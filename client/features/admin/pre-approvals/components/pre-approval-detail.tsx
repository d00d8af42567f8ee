// One pre-approval application (issue 6), decrypted on the server for this view, which the server writes to the
// audit log (the page says so): contact, vehicle, employment, housing, the credit-check consent as worded, and the
// status, assignee and staff notes the inbox works it with.
import { useState, type ReactNode } from 'react';
import { Link } from '@/components/link';
import { ArrowLeft, Lock } from 'lucide-react';
import { EMPLOYMENT_LABELS, HOUSING_LABELS, PRE_APPROVAL_STATUS_LABELS, PRE_APPROVAL_STATUSES } from '@domain/pre-approval';
import { vehicleTitle } from '@domain/vehicle';
import { errorMessage } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { AssigneeSelect, StatusSelect } from '../../shell/components/inbox-fields';
import { NoteForm, NotesList } from '../../shell/components/inbox-notes';
import { useAddPreApprovalNote } from '../api/add-pre-approval-note';
import { usePreApproval } from '../api/get-pre-approval';
import { ALL_PRE_APPROVALS, usePreApprovals } from '../api/get-pre-approvals';
import { useUpdatePreApproval } from '../api/update-pre-approval';
import { when } from '../date-format';

/** An optional answer the applicant left blank (issue 33 §3: it once read "0 months"). */
const NOT_GIVEN = <span className="text-muted-foreground">Not given</span>;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[10rem_1fr] gap-2 py-1.5 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  );
}

export function PreApprovalDetailView({ id, onBack }: { id: number; onBack: () => void }) {
  const { data, isPending, isError, error } = usePreApproval(id);
  const [note, setNote] = useState('');
  const update = useUpdatePreApproval(id, {
    onSaved: () => toast({ title: 'Saved' }),
    onError: (err) => toast({ title: 'Could not save', description: errorMessage(err), variant: 'destructive' }),
  });
  const addNote = useAddPreApprovalNote(id, {
    onAdded: () => setNote(''),
    onError: (err) => toast({ title: 'Could not add the note', description: errorMessage(err), variant: 'destructive' }),
  });
  const assignees = usePreApprovals(ALL_PRE_APPROVALS).data?.assignees ?? [];

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
              <StatusSelect
                statuses={PRE_APPROVAL_STATUSES}
                labels={PRE_APPROVAL_STATUS_LABELS}
                value={data.status}
                disabled={update.isPending}
                onChange={(status) => update.mutate({ status })}
                className="gap-1"
                selectClassName="w-40"
              />
              <AssigneeSelect
                label="Assignee"
                noneLabel="Unassigned"
                assignees={assignees}
                value={data.assignee?.id ?? null}
                disabled={update.isPending}
                onChange={(assigneeId) => update.mutate({ assigneeId })}
                className="gap-1"
                selectClassName="w-48"
              />
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
                    ? `${vehicleTitle(data.applicant.downPayment.tradeIn)}, ${data.applicant.downPayment.tradeIn.mileage.toLocaleString('en-CA')} km, owing ${formatPrice(data.applicant.downPayment.tradeIn.amountOwing)}`
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
                <Row label="Time at job">{data.applicant.employment.monthsAtJob === null ? NOT_GIVEN : `${data.applicant.employment.monthsAtJob} months`}</Row>
                <Row label="Gross monthly income">{formatPrice(data.applicant.employment.monthlyIncome)}</Row>
              </dl>
            </section>
            <section className="rounded-xl border border-border p-5" aria-labelledby="pa-housing">
              <h2 id="pa-housing" className="mb-2 font-bold">Housing</h2>
              <dl>
                <Row label="Housing">{HOUSING_LABELS[data.applicant.housing.housingStatus as keyof typeof HOUSING_LABELS] ?? data.applicant.housing.housingStatus}</Row>
                <Row label="Monthly payment">{formatPrice(data.applicant.housing.monthlyHousingPayment)}</Row>
                <Row label="Address">{data.applicant.housing.street}, {data.applicant.housing.city} {data.applicant.housing.province} {data.applicant.housing.postalCode}</Row>
                <Row label="Years there">{data.applicant.housing.yearsAtAddress ?? NOT_GIVEN}</Row>
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
            <NotesList notes={data.notes} formatDate={when} />
            <NoteForm label="Add a note" value={note} onChange={setNote} onSubmit={(body) => addNote.mutate(body)} busy={addNote.isPending} />
          </section>
        </>
      )}
    </div>
  );
}
