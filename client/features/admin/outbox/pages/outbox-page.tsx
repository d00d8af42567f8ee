// /admin/outbox (issue 5): every email the site sent or stored. Without SMTP_URL the outbox is the delivery, so this
// is where staff (and the tests) read password resets, notifications and messages to private sellers.
import { useState } from 'react';
import { ChevronLeft, ChevronRight, LoaderCircle, Mail, Paperclip, Search } from 'lucide-react';
import type { OutboxMessage } from '@domain/accounts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { DEFAULT_OUTBOX_QUERY, useOutbox, type OutboxQuery } from '../api/get-outbox';
import { formatDealershipDate } from '@/components/dealership-date';

/** 1834 → "1.8 KB": an attachment's size, roughly. */
const formatBytes = (n: number) => (n < 1024 ? `${n} bytes` : `${(n / 1024).toFixed(1)} KB`);

const STATUS_LABEL: Record<OutboxMessage['status'], string> = { stored: 'In outbox', sending: 'Sending', sent: 'Sent', failed: 'Failed' };

/** Links in plain-text mail become clickable, so a reset link can be followed from here. */
function Linkified({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/\S+)/g);
  return (
    <>
      {parts.map((p, i) => (/^https?:\/\//.test(p)
        ? <a key={i} href={p} className="break-all text-primary underline">{p}</a>
        : <span key={i}>{p}</span>))}
    </>
  );
}

export default function OutboxPage() {
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState<OutboxQuery>(DEFAULT_OUTBOX_QUERY);
  const { data, isPending, isError, refetch, isFetching } = useOutbox(q);

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8">
      <header className="mb-6">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Outbox</h1>
        <p className="mt-1 text-muted-foreground">Every email the site sends, newest first. Without an SMTP server configured, this is where they stay.</p>
      </header>
      <form className="mb-6 flex flex-col gap-2 sm:flex-row sm:items-end" onSubmit={(e) => { e.preventDefault(); setQ({ to: draft.trim(), page: 1 }); }}>
        <div className="grid flex-1 gap-1.5">
          <Label htmlFor="outbox-to">Recipient</Label>
          <Input id="outbox-to" type="email" placeholder="name@example.ca" value={draft} onChange={(e) => setDraft(e.target.value)} />
        </div>
        <Button type="submit"><Search aria-hidden />Filter</Button>
        {q.to && <Button type="button" variant="outline" onClick={() => { setDraft(''); setQ({ to: '', page: 1 }); }}>Show all</Button>}
      </form>

      {isPending ? (
        <p className="flex items-center gap-2 text-muted-foreground"><LoaderCircle className="animate-spin" aria-hidden />Loading emails…</p>
      ) : isError ? (
        <div role="alert" className="rounded-lg border border-destructive/40 p-4">
          <p>The outbox could not be loaded.</p>
          <Button variant="outline" className="mt-2" onClick={() => void refetch()}>Try again</Button>
        </div>
      ) : data.messages.length === 0 ? (
        <p className="rounded-lg border border-border p-6 text-center text-muted-foreground">{q.to ? `No email to ${q.to}.` : 'No email yet.'}</p>
      ) : (
        <>
          <p className="mb-3 text-sm text-muted-foreground" aria-live="polite">{data.total} {data.total === 1 ? 'email' : 'emails'}{q.to ? ` to ${q.to}` : ''}</p>
          <ul aria-label="Emails" className={`grid gap-3 ${isFetching ? 'opacity-70' : ''}`}>
            {data.messages.map((m) => (
              <li key={m.id} className="rounded-xl border border-border bg-card">
                <details>
                  <summary className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 p-4">
                    <Mail className="size-4 text-muted-foreground" aria-hidden />
                    <span className="font-semibold">{m.subject}</span>
                    <span className="text-sm text-muted-foreground">to {m.toAddress}</span>
                    <Badge variant="secondary">{m.category.replace(/_/g, ' ')}</Badge>
                    <Badge variant={m.status === 'failed' ? 'destructive' : 'outline'}>{STATUS_LABEL[m.status]}</Badge>
                    <time dateTime={m.createdAt} className="ml-auto text-sm text-muted-foreground">{formatDealershipDate(m.createdAt, 'mediumDateTime')}</time>
                  </summary>
                  <div className="border-t border-border p-4">
                    {m.error && <p className="mb-2 text-sm text-destructive">Delivery failed: {m.error}</p>}
                    {m.replyTo && <p className="mb-2 text-sm text-muted-foreground">Replies go to {m.replyTo}</p>}
                    <pre className="font-sans text-sm whitespace-pre-wrap"><Linkified text={m.text} /></pre>
                    {m.attachments.length > 0 && (
                      <ul aria-label="Attachments" className="mt-3 flex flex-col gap-1 border-t border-border pt-3 text-sm">
                        {m.attachments.map((a) => (
                          <li key={a.index} className="flex flex-wrap items-center gap-2">
                            <Paperclip className="size-4 text-muted-foreground" aria-hidden />
                            <a className="font-medium text-primary underline" href={`/api/admin/outbox/${m.id}/attachments/${a.index}`} download={a.filename}>{a.filename}</a>
                            <span className="text-muted-foreground">{a.contentType.split(';')[0]} · {formatBytes(a.bytes)}</span>
                          </li>
                        ))}
                      </ul>
                    )}
                  </div>
                </details>
              </li>
            ))}
          </ul>
          {data.totalPages > 1 && (
            <nav aria-label="Outbox pages" className="mt-6 flex items-center justify-center gap-3">
              <Button variant="outline" disabled={q.page <= 1} onClick={() => setQ({ ...q, page: q.page - 1 })}><ChevronLeft aria-hidden />Newer</Button>
              <span className="text-sm">Page {data.page} of {data.totalPages}</span>
              <Button variant="outline" disabled={q.page >= data.totalPages} onClick={() => setQ({ ...q, page: q.page + 1 })}>Older<ChevronRight aria-hidden /></Button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}
