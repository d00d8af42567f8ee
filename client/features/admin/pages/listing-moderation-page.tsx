// /admin/listings (issue 5): the moderation queue of private-seller listings. An admin approves a pending listing
// (it appears in search as 'private seller') or rejects it with a reason the seller reads. Both are audited on the
// server and the seller is notified. Oldest submissions first, so the queue is worked in order.
import { useState } from 'react';
import { Link } from 'react-router';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, ExternalLink, LoaderCircle, X } from 'lucide-react';
import {
  LISTING_STATE_LABELS, LISTING_STATES, REJECTION_REASON_MAX, REJECTION_REASON_MIN, rejectBodySchema,
  type ListingState, type ModerationListing,
} from '@domain/private-listing';
import { apiGet, apiPost, errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatKm, formatPrice } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { VehiclePhoto } from '@/components/vehicle-photo';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';

type Queue = { listings: ModerationListing[]; counts: Record<ListingState, number> };
const queueQuery = (state: ListingState) =>
  queryOptions({
    queryKey: ['/api/admin/listings', state],
    queryFn: ({ signal }) => apiGet<Queue>('/api/admin/listings', { params: { state }, signal }),
  });

function useModerate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: number; action: 'approve' | 'reject'; reason?: string }) =>
      apiPost<{ message: string }>(`/api/admin/listings/${id}/${action}`, action === 'reject' ? { reason } : undefined),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: ['/api/admin/listings'] });
      // spec §4: after a vehicle mutation every cached /api/vehicles query is refreshed.
      await qc.invalidateQueries({ queryKey: ['/api/vehicles'] });
    },
  });
}

const dateFormat = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
const name = (l: ModerationListing) => `${l.year} ${l.make} ${l.model}${l.trim ? ` ${l.trim}` : ''}`;

export default function ListingModerationPage() {
  useDocumentTitle('Private listings');
  const [state, setState] = useState<ListingState>('pending');
  const { data, isPending, isError, refetch } = useQuery(queueQuery(state));

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8">
      <header className="mb-6">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Private listings</h1>
        <p className="mt-1 text-muted-foreground">Vehicles customers list themselves. Approve to publish in search as a private seller, or reject with a reason the seller will read.</p>
      </header>
      <div role="tablist" aria-label="Listing state" className="mb-6 flex flex-wrap gap-2">
        {LISTING_STATES.map((s) => (
          <button
            key={s}
            role="tab"
            type="button"
            aria-selected={s === state}
            onClick={() => setState(s)}
            className={cn(
              'inline-flex h-9 items-center gap-2 rounded-full border px-4 text-sm font-medium',
              s === state ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-card hover:bg-muted',
            )}
          >
            {LISTING_STATE_LABELS[s]}
            {data && <span className="tabular-nums opacity-80">{data.counts[s]}</span>}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={LISTING_STATE_LABELS[state]}>
        {isPending ? (
          <div aria-busy="true" aria-label="Loading listings" className="grid gap-4">{[0, 1].map((i) => <Skeleton key={i} className="h-48 w-full rounded-2xl" />)}</div>
        ) : isError ? (
          <div role="alert" className="rounded-xl border border-destructive/40 bg-destructive/10 p-6">
            <p className="font-semibold">The listings could not be loaded.</p>
            <Button variant="outline" className="mt-3" onClick={() => void refetch()}>Try again</Button>
          </div>
        ) : data.listings.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border bg-card p-8 text-center text-muted-foreground">
            {state === 'pending' ? 'No listings are waiting for review.' : `No ${LISTING_STATE_LABELS[state].toLowerCase()} listings.`}
          </p>
        ) : (
          <ul className="grid gap-4" aria-label={`${LISTING_STATE_LABELS[state]} listings`}>
            {data.listings.map((l) => <ModerationCard key={l.id} listing={l} />)}
          </ul>
        )}
      </div>
    </div>
  );
}

function ModerationCard({ listing: l }: { listing: ModerationListing }) {
  const moderate = useModerate();
  const [approving, setApproving] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const approve = async () => {
    try {
      await moderate.mutateAsync({ id: l.id, action: 'approve' });
      toast({ title: 'Listing approved', description: `${name(l)} now appears in search.`, variant: 'success' });
    } catch (e) {
      toast({ title: 'Error', description: errorMessage(e), variant: 'destructive' });
    } finally {
      setApproving(false);
    }
  };
  const cover = l.photos[0];

  return (
    <li className="grid gap-4 rounded-2xl border border-border bg-card p-4 shadow-sm md:grid-cols-[14rem_1fr] md:p-5">
      <div className="aspect-[4/3] overflow-hidden rounded-xl bg-muted">
        <VehiclePhoto photo={cover} alt={cover?.alt || name(l)} className="size-full object-cover" sizes="14rem" />
      </div>
      <div className="flex min-w-0 flex-col gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 className="text-lg font-bold">{name(l)}</h2>
          <Badge variant="secondary">Submitted {dateFormat.format(new Date(l.submittedAt))}</Badge>
        </div>
        <p className="text-sm text-muted-foreground">
          <span className="font-semibold text-foreground">{formatPrice(l.price)}</span> · {formatKm(l.mileage)} · {l.bodyType} · {l.transmission}
          {l.drivetrain && ` · ${l.drivetrain}`} · {l.fuelType} · {l.exteriorColor} · {l.location}
        </p>
        <p className="font-mono text-xs text-muted-foreground">VIN {l.vin} · Stock {l.stockNumber} · {l.photos.length} photo{l.photos.length === 1 ? '' : 's'}</p>
        <p className="text-sm whitespace-pre-line">{l.description}</p>
        {l.features.length > 0 && <p className="text-sm text-muted-foreground">Features: {l.features.join(', ')}</p>}
        <p className="text-sm">
          Seller: <strong>{l.seller.firstName ?? l.seller.username}</strong> ({l.seller.username}, <a href={`mailto:${l.seller.email}`} className="text-primary hover:underline">{l.seller.email}</a>)
        </p>
        {l.rejectionReason && <p className="rounded-md bg-muted px-3 py-2 text-sm"><strong>Reason given:</strong> {l.rejectionReason}</p>}
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <Button asChild size="sm" variant="outline"><Link to={`/vehicles/${l.vehicleId}`}><ExternalLink aria-hidden />Preview</Link></Button>
          {l.state === 'pending' && (
            <>
              <Button size="sm" variant="success" onClick={() => setApproving(true)}><Check aria-hidden />Approve</Button>
              <Button size="sm" variant="outline" onClick={() => setRejecting(true)}><X aria-hidden />Reject</Button>
            </>
          )}
        </div>
      </div>
      <ConfirmDialog
        open={approving}
        onOpenChange={setApproving}
        title="Approve this listing?"
        description={`${name(l)} will appear in search as a private-seller listing, and the seller will be notified.`}
        confirmLabel="Approve"
        busy={moderate.isPending}
        onConfirm={() => void approve()}
      />
      {rejecting && <RejectDialog listing={l} onClose={() => setRejecting(false)} />}
    </li>
  );
}

function RejectDialog({ listing: l, onClose }: { listing: ModerationListing; onClose: () => void }) {
  const moderate = useModerate();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const parsed = rejectBodySchema.safeParse({ reason });
    if (!parsed.success) {
      const msg = parsed.error.issues[0]?.message ?? 'reason is invalid';
      setError(msg.charAt(0).toUpperCase() + msg.slice(1));
      return;
    }
    try {
      await moderate.mutateAsync({ id: l.id, action: 'reject', reason: parsed.data.reason });
      toast({ title: 'Listing rejected', description: 'The seller was notified with your reason.', variant: 'success' });
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <Dialog open onOpenChange={(open) => { if (!open) onClose(); }}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reject {name(l)}</DialogTitle>
          <DialogDescription>The seller reads this reason and can edit and resubmit the listing.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-1.5">
          <label htmlFor="reject-reason" className="text-sm font-medium">Reason</label>
          <textarea
            id="reject-reason"
            rows={4}
            value={reason}
            maxLength={REJECTION_REASON_MAX}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'reject-reason-error reject-reason-hint' : 'reject-reason-hint'}
            onChange={(e) => { setReason(e.target.value); setError(null); }}
            className="w-full rounded-md border border-input bg-card px-3 py-2 text-base shadow-xs focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-invalid:border-destructive md:text-sm"
          />
          <p id="reject-reason-hint" className="text-xs text-muted-foreground">{REJECTION_REASON_MIN} to {REJECTION_REASON_MAX} characters, e.g. &ldquo;Please add a photo of the odometer.&rdquo;</p>
          {error && <p id="reject-reason-error" className="text-sm font-medium text-destructive dark:text-red-300">{error}</p>}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>Cancel</Button>
          <Button variant="destructive" disabled={moderate.isPending} onClick={() => void submit()}>
            {moderate.isPending && <LoaderCircle className="animate-spin" aria-hidden />}Reject listing
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
