// /admin/listings (issue 5): the moderation queue of private-seller listings. An admin approves a pending listing
// (it appears in search as 'private seller') or rejects it with a reason the seller reads. Both are audited on the
// server and the seller is notified. Oldest submissions first, so the queue is worked in order.
import { useState } from 'react';
import { LISTING_STATE_LABELS, LISTING_STATES, type ListingState } from '@domain/private-listings';
import { cn } from '@/lib/cn';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { DEFAULT_LISTING_STATE, useListingQueue } from '../api/get-listing-queue';
import { ModerationCard } from '../components/moderation-card';

export default function ListingModerationPage() {
  const [state, setState] = useState<ListingState>(DEFAULT_LISTING_STATE);
  const { data, isPending, isError, refetch } = useListingQueue(state);

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
          <div aria-busy="true" className="grid gap-4"><span className="sr-only">Loading listings</span>{[0, 1].map((i) => <Skeleton key={i} className="h-48 w-full rounded-2xl" />)}</div>
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
