// /admin/lead-delivery (issue 32 part 2): where every new lead goes (the CRM's ADF intake address and/or a signed
// webhook), a test lead on demand, and the log of deliveries with "send again". The server keeps the webhook's
// secret sealed and never sends it back: the page says only whether one is set.
import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '@/components/link';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, KeyRound, LoaderCircle, RotateCcw, Save, Send } from 'lucide-react';
import {
  LEAD_DELIVERY_EVENT_LABELS as EVENT_LABEL, LEAD_DELIVERY_STATUS_LABELS as STATUS_LABEL, LEAD_DELIVERY_STATUSES, WHSEC_PREFIX,
  type LeadDelivery, type LeadDeliveryStatus, type LeadDeliveryTestResult,
} from '@domain/lead-delivery';
import { errorMessage, isApiError } from '@/lib/api-client';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { TableScroll } from '@/components/ui/table-scroll';
import { toast } from '@/components/ui/use-toast';
import { formatDealershipDate } from '@/components/dealership-date';
import { LEAD_DELIVERY_KEY, useLeadDeliverySettings } from '../api/get-lead-delivery-settings';
import { saveLeadDeliverySettings } from '../api/save-lead-delivery-settings';
import { sendTestLead } from '../api/send-test-lead';
import { LEAD_DELIVERIES_KEY, readDeliveriesQuery, useLeadDeliveries } from '../api/get-lead-deliveries';
import { resendLeadDelivery } from '../api/resend-lead-delivery';

const STATUS_VARIANT: Record<LeadDeliveryStatus, 'success' | 'destructive' | 'outline' | 'secondary' | 'accent'> = { pending: 'outline', sending: 'secondary', delivered: 'success', not_sent: 'accent', dead: 'destructive' };

/**
 * A Standard Webhooks secret: `whsec_` and the base64 of 32 random bytes (the key). The admin copies it into the
 * CRM, whose standardwebhooks library decodes it the same way.
 */
function newSecret(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return `${WHSEC_PREFIX}${btoa(String.fromCharCode(...bytes))}`;
}

function SettingsForm() {
  const qc = useQueryClient();
  const { data, isPending, isError, refetch } = useLeadDeliverySettings();
  const [adfEmail, setAdfEmail] = useState('');
  const [webhookUrl, setWebhookUrl] = useState('');
  const [secret, setSecret] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState(false);
  const [test, setTest] = useState<LeadDeliveryTestResult | null>(null);

  useEffect(() => {
    if (!data) return;
    setAdfEmail(data.adfEmail ?? '');
    setWebhookUrl(data.webhookUrl ?? '');
  }, [data]);

  if (isPending) return <p className="flex items-center gap-2 text-muted-foreground"><LoaderCircle className="animate-spin" aria-hidden />Loading the settings…</p>;
  if (isError) {
    return (
      <div role="alert" className="rounded-lg border border-destructive/40 p-4">
        <p>The settings could not be loaded.</p>
        <Button variant="outline" className="mt-2" onClick={() => void refetch()}>Try again</Button>
      </div>
    );
  }

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setFieldErrors({});
    try {
      const saved = await saveLeadDeliverySettings({ adfEmail: adfEmail.trim() || null, webhookUrl: webhookUrl.trim() || null, ...(secret ? { webhookSecret: secret } : {}) });
      qc.setQueryData([LEAD_DELIVERY_KEY], saved);
      setSecret('');
      toast({ title: 'Lead delivery saved', description: 'New leads go to these endpoints from now on.', variant: 'success' });
    } catch (err) {
      if (isApiError(err) && err.fields) setFieldErrors(err.fields);
      toast({ title: 'Not saved', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  const runTest = async () => {
    setTesting(true);
    setTest(null);
    try {
      setTest(await sendTestLead());
    } catch (err) {
      toast({ title: 'Test not sent', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setTesting(false);
    }
  };

  const dirty = (data.adfEmail ?? '') !== adfEmail.trim() || (data.webhookUrl ?? '') !== webhookUrl.trim() || secret !== '';
  return (
    <section aria-labelledby="where-heading" className="rounded-xl border border-border bg-card p-4 sm:p-6">
      <h2 id="where-heading" className="text-lg font-bold">Where new leads go</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Every new lead (contact form, chat, bookings and test drives, holds, trade-in and sell appraisals, deal worksheets,
        pre-approval notices, messages about private listings) is sent as ADF 1.0 to your CRM, and so is a booking the
        shopper moves or cancels. Set either or both.
      </p>
      <form className="mt-4 grid gap-4" onSubmit={(e) => void save(e)} noValidate>
        <div className="grid gap-1.5">
          <Label htmlFor="adf-email">CRM lead-intake e-mail (ADF)</Label>
          <Input id="adf-email" type="email" inputMode="email" autoComplete="off" placeholder="leads@yourcrm.example.com" value={adfEmail}
            onChange={(e) => setAdfEmail(e.target.value)} aria-invalid={Boolean(fieldErrors.adfEmail)} aria-describedby="adf-email-help" />
          <p id="adf-email-help" className="text-sm text-muted-foreground">{fieldErrors.adfEmail ?? 'Each lead arrives as a plain-text e-mail whose body is the ADF XML, subject "ADF lead: …".'}</p>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="webhook-url">Webhook URL</Label>
          <Input id="webhook-url" type="url" inputMode="url" autoComplete="off" placeholder="https://yourcrm.example.com/hooks/leads" value={webhookUrl}
            onChange={(e) => setWebhookUrl(e.target.value)} aria-invalid={Boolean(fieldErrors.webhookUrl)} aria-describedby="webhook-url-help" />
          <p id="webhook-url-help" className="text-sm text-muted-foreground">{fieldErrors.webhookUrl ?? 'A JSON POST per lead, signed as Standard Webhooks 1.0 (webhook-id, webhook-timestamp, webhook-signature) and in X-Signature-256 (HMAC-SHA256 of the body).'}</p>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="webhook-secret">Signing secret</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input id="webhook-secret" className="font-mono" autoComplete="off" spellCheck={false} value={secret} onChange={(e) => setSecret(e.target.value)}
              placeholder={data.webhookSecretSet ? 'A secret is set: leave empty to keep it' : 'Generate one (whsec_…)'}
              aria-invalid={Boolean(fieldErrors.webhookSecret)} aria-describedby="webhook-secret-help" />
            <Button type="button" variant="outline" onClick={() => setSecret(newSecret())}><KeyRound aria-hidden />Generate</Button>
          </div>
          <p id="webhook-secret-help" className="text-sm text-muted-foreground">
            {fieldErrors.webhookSecret ?? (data.webhookSecretSet
              ? 'A secret is stored, encrypted. It is never shown again: to change it, enter or generate a new one and copy it into your CRM before saving.'
              : 'Copy it into your CRM\'s webhook settings before saving: it is not shown again.')}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={saving || !dirty}>{saving ? <LoaderCircle className="animate-spin" aria-hidden /> : <Save aria-hidden />}Save</Button>
          <Button type="button" variant="outline" disabled={testing || dirty || (!data.adfEmail && !data.webhookUrl)} onClick={() => void runTest()}>
            {testing ? <LoaderCircle className="animate-spin" aria-hidden /> : <Send aria-hidden />}Send test lead
          </Button>
          {dirty && (data.adfEmail || data.webhookUrl) ? <span className="self-center text-sm text-muted-foreground">Save first to test the new settings.</span> : null}
        </div>
      </form>
      {test && (
        <ul aria-label="Test lead results" aria-live="polite" className="mt-4 grid gap-2">
          {test.results.map((r) => (
            <li key={r.deliveryId} className={`rounded-lg border p-3 text-sm ${r.ok ? 'border-success/40' : r.notSent ? 'border-border' : 'border-destructive/40'}`}>
              <Badge variant={r.ok ? 'success' : r.notSent ? 'accent' : 'destructive'}>{r.ok ? 'Received' : r.notSent ? 'Not sent' : 'Failed'}</Badge>{' '}
              <span className="font-semibold">{r.channel === 'email' ? 'E-mail' : 'Webhook'}</span> to <span className="break-all">{r.target}</span>: {r.notSent ? r.detail.replace(/^Not sent: /, '') : r.detail}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DeliveryRow({ d, onResend, busy }: { d: LeadDelivery; onResend(d: LeadDelivery): void; busy: boolean }) {
  return (
    <tr className="border-t border-border align-top">
      <td className="p-3 whitespace-nowrap">{formatDealershipDate(d.createdAt, 'mediumDateTime')}</td>
      <td className="min-w-36 p-3">
        <Link to={`/admin/leads?lead=${d.leadId}`} className="text-primary underline">#{d.leadId} {d.leadName || 'No name'}</Link>
        <div className="text-muted-foreground">{d.leadType.replace(/_/g, ' ')}</div>
        {EVENT_LABEL[d.event] ? <div className="font-semibold">{EVENT_LABEL[d.event]}</div> : null}
      </td>
      <td className="min-w-40 p-3">
        <div className="font-semibold">{d.channel === 'email' ? 'E-mail' : 'Webhook'}</div>
        <div className="break-all text-muted-foreground">{d.target}</div>
      </td>
      <td className="min-w-36 p-3">
        <Badge variant={STATUS_VARIANT[d.status]}>{STATUS_LABEL[d.status]}</Badge>
        {d.resendOf ? <div className="mt-1 text-xs text-muted-foreground">Sent again (of #{d.resendOf})</div> : null}
        {d.status !== 'sending' && (
          <Button size="sm" variant="outline" className="mt-2" disabled={busy} onClick={() => onResend(d)} aria-label={`Send lead #${d.leadId} again by ${d.channel === 'email' ? 'e-mail' : 'webhook'}`}>
            <RotateCcw aria-hidden />Send again
          </Button>
        )}
      </td>
      <td className="p-3 tabular-nums">{d.attempts}</td>
      <td className="min-w-44 p-3">
        {d.status === 'delivered' && d.deliveredAt ? <div>{formatDealershipDate(d.deliveredAt, 'mediumDateTime')}: {d.lastResponse}</div> : null}
        {d.lastError && d.status !== 'delivered' ? <div className={d.status === 'not_sent' ? 'text-muted-foreground' : 'text-destructive'}>{d.lastError}</div> : null}
        {d.status === 'pending' && d.nextAttemptAt ? <div className="text-muted-foreground">Next try {formatDealershipDate(d.nextAttemptAt, 'mediumDateTimeSeconds')}</div> : null}
        {d.status === 'dead' && d.deadAt ? <div className="text-muted-foreground">Gave up {formatDealershipDate(d.deadAt, 'mediumDateTime')}</div> : null}
      </td>
    </tr>
  );
}

function DeliveryLog() {
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const { status, page } = readDeliveriesQuery(params);
  const { data, isPending, isError, refetch, isFetching } = useLeadDeliveries({ status, page });
  const [busy, setBusy] = useState<number | null>(null);
  const go = (next: { status?: LeadDeliveryStatus | ''; page?: number }) => {
    const p = new URLSearchParams();
    const s = next.status ?? status;
    if (s) p.set('status', s);
    if ((next.page ?? 1) > 1) p.set('page', String(next.page));
    setParams(p);
  };
  const resend = async (d: LeadDelivery) => {
    setBusy(d.id);
    try {
      const r = await resendLeadDelivery(d.id);
      await qc.invalidateQueries({ queryKey: [LEAD_DELIVERIES_KEY] });
      toast({ title: r.id === d.id ? 'Trying again now' : 'Sent again', description: `Lead #${d.leadId} by ${d.channel === 'email' ? 'e-mail' : 'webhook'}.`, variant: 'success' });
    } catch (err) {
      toast({ title: 'Not sent again', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="log-heading" className="mt-8">
      <h2 id="log-heading" className="text-lg font-bold">Delivery log</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Each lead to each endpoint. A failure or a CRM that does not answer within 10 s is retried (after 15 s, then less
        and less often) for 24 hours; then it fails for good and the dealership is e-mailed. "Send again" sends a copy with a
        new delivery id, or tries a waiting one at once.
      </p>
      <p className="mt-2 text-sm text-muted-foreground">
        Delivery is <strong>at least once</strong>: a CRM that answered too late, or while this site restarted, gets the
        same delivery again, with the same id (webhook-id and X-Delivery-Id for a webhook, the lead's number in the ADF
        for an e-mail). Your CRM should take an id once and ignore it after.
      </p>
      <div role="group" aria-label="Filter by status" className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" variant={status === '' ? 'default' : 'outline'} aria-pressed={status === ''} onClick={() => go({ status: '' })}>All</Button>
        {LEAD_DELIVERY_STATUSES.map((s) => (
          <Button key={s} size="sm" variant={status === s ? 'default' : 'outline'} aria-pressed={status === s} onClick={() => go({ status: s })}>
            {STATUS_LABEL[s]}{data ? ` (${data.counts[s]})` : ''}
          </Button>
        ))}
      </div>
      <div className="mt-4">
        {isPending ? (
          <p className="flex items-center gap-2 text-muted-foreground"><LoaderCircle className="animate-spin" aria-hidden />Loading deliveries…</p>
        ) : isError ? (
          <div role="alert" className="rounded-lg border border-destructive/40 p-4">
            <p>The log could not be loaded.</p>
            <Button variant="outline" className="mt-2" onClick={() => void refetch()}>Try again</Button>
          </div>
        ) : data.deliveries.length === 0 ? (
          <p className="rounded-lg border border-border p-6 text-center text-muted-foreground">{status ? `No delivery is ${STATUS_LABEL[status].toLowerCase()}.` : 'No delivery yet: set an endpoint above, and new leads appear here.'}</p>
        ) : (
          <>
            <TableScroll className={`rounded-lg border border-border ${isFetching ? 'opacity-80' : ''}`}>
              <table className="w-full text-sm">
                <caption className="sr-only">Lead deliveries, newest first</caption>
                <thead className="bg-muted/60 text-left">
                  <tr>
                    <th scope="col" className="p-3">Lead arrived</th>
                    <th scope="col" className="p-3">Lead</th>
                    <th scope="col" className="p-3">To</th>
                    <th scope="col" className="p-3">Status</th>
                    <th scope="col" className="p-3">Attempts</th>
                    <th scope="col" className="p-3">Last answer</th>
                  </tr>
                </thead>
                <tbody>
                  {data.deliveries.map((d) => <DeliveryRow key={d.id} d={d} busy={busy === d.id} onResend={(x) => void resend(x)} />)}
                </tbody>
              </table>
            </TableScroll>
            {data.totalPages > 1 && (
              <nav aria-label="Delivery log pages" className="mt-6 flex items-center justify-center gap-3">
                <Button variant="outline" disabled={page <= 1} onClick={() => go({ page: page - 1 })}><ChevronLeft aria-hidden />Newer</Button>
                <span className="text-sm">Page {data.page} of {data.totalPages}</span>
                <Button variant="outline" disabled={page >= data.totalPages} onClick={() => go({ page: page + 1 })}>Older<ChevronRight aria-hidden /></Button>
              </nav>
            )}
          </>
        )}
      </div>
    </section>
  );
}

export default function LeadDeliveryPage() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8">
      <header className="mb-6">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Lead delivery</h1>
        <p className="mt-1 text-muted-foreground">Send every new lead to your CRM as it arrives, and see that each one got there.</p>
      </header>
      <SettingsForm />
      <DeliveryLog />
    </div>
  );
}
