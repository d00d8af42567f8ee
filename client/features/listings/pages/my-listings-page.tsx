// /my-listings (logged in, spec §2): the user's own private-seller listings (issue 5). List a vehicle (the VIN
// decoder fills details), see each listing's review status, edit (back to review), withdraw, or mark it sold.
import { useState } from 'react';
import { Link } from 'react-router';
import { CarFront, ExternalLink, Handshake, Pencil, Plus, ShieldCheck, Undo2 } from 'lucide-react';
import { canEdit, canMarkSold, canWithdraw, type MyListing, type PrivateListingValues } from '@domain/private-listing';
import { errorMessage } from '@/lib/api-client';
import { formatKm, formatPrice } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { VehiclePhoto } from '@/components/vehicle-photo';
import { useCreateListing, useMarkListingSold, useMyListings, useUpdateListing, useWithdrawListing } from '../api/my-listings';
import { ListingForm } from '../components/listing-form';
import { ListingPhotos } from '../components/listing-photos';
import { ListingStateBadge } from '../components/listing-state-badge';

type Mode = { kind: 'list' } | { kind: 'new' } | { kind: 'edit'; listing: MyListing };
const dateFormat = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: 'short', day: 'numeric' });
const name = (l: Pick<MyListing, 'year' | 'make' | 'model' | 'trim'>) => `${l.year} ${l.make} ${l.model}${l.trim ? ` ${l.trim}` : ''}`;

export default function MyListingsPage() {
  useDocumentTitle('My listings');
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const create = useCreateListing();
  const update = useUpdateListing();

  const toList = () => {
    setMode({ kind: 'list' });
    window.scrollTo({ top: 0 });
  };
  const saveNew = async (values: PrivateListingValues) => {
    await create.mutateAsync(values);
    toast({ title: 'Listing submitted', description: 'We review new listings before they appear in search. You will get a notification.', variant: 'success' });
    toList();
  };
  const saveEdit = (id: number) => async (values: PrivateListingValues) => {
    await update.mutateAsync({ id, input: values });
    toast({ title: 'Changes submitted', description: 'Your listing is reviewed again before it returns to search.', variant: 'success' });
    toList();
  };

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:py-12">
      {mode.kind === 'list' ? (
        <>
          <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
            <div>
              <h1 className="text-3xl font-extrabold tracking-tight">My listings</h1>
              <p className="mt-1 max-w-2xl text-muted-foreground">Sell your own vehicle to buyers in Edmonton and Calgary. We review each listing before it appears in search.</p>
            </div>
            <Button onClick={() => setMode({ kind: 'new' })}><Plus aria-hidden />List a vehicle</Button>
          </header>
          <ListingsList onEdit={(listing) => { setMode({ kind: 'edit', listing }); window.scrollTo({ top: 0 }); }} onNew={() => setMode({ kind: 'new' })} />
          <aside className="mt-8 flex gap-3 rounded-xl border border-border bg-muted/50 p-4 text-sm text-muted-foreground">
            <ShieldCheck className="size-5 shrink-0 text-success" aria-hidden />
            <p>
              Buyers see your first name only. They write to you through a form on the listing, and we forward each message
              to your email with the buyer&apos;s contact details, so your email address and phone number stay private.
            </p>
          </aside>
        </>
      ) : (
        <>
          <header className="mb-6">
            <h1 className="text-3xl font-extrabold tracking-tight">{mode.kind === 'new' ? 'List your vehicle' : `Edit ${name(mode.listing)}`}</h1>
            <p className="mt-1 text-muted-foreground">
              {mode.kind === 'new'
                ? 'Start with the VIN: we fill in what it tells us. Your listing goes live once our team approves it.'
                : 'Saving sends your listing for review again; it leaves search until it is approved.'}
            </p>
          </header>
          <section className="rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-8">
            <ListingForm
              key={mode.kind === 'edit' ? mode.listing.id : 'new'}
              {...(mode.kind === 'edit' ? { initial: mode.listing } : {})}
              submitLabel={mode.kind === 'new' ? 'Submit for review' : 'Save and resubmit'}
              onSubmit={mode.kind === 'new' ? saveNew : saveEdit(mode.listing.id)}
              onCancel={toList}
            />
            {mode.kind === 'edit'
              ? <ListingPhotos listing={mode.listing} onChange={(listing) => setMode({ kind: 'edit', listing })} />
              : <PhotosNote />}
          </section>
        </>
      )}
    </div>
  );
}

/** Photos go onto a saved listing (they are stored against its vehicle), so a new listing adds them after saving. */
function PhotosNote() {
  return (
    <p className="mt-6 rounded-md bg-secondary px-3 py-2 text-sm text-secondary-foreground">
      Photos: once your listing is submitted, choose Edit on it to add photos.
    </p>
  );
}

function ListingsList({ onEdit, onNew }: { onEdit: (l: MyListing) => void; onNew: () => void }) {
  const { data, isPending, isError, refetch } = useMyListings();
  if (isPending) {
    return <div aria-busy="true" aria-label="Loading your listings" className="grid gap-4">{[0, 1].map((i) => <Skeleton key={i} className="h-40 w-full rounded-2xl" />)}</div>;
  }
  if (isError) {
    return (
      <div role="alert" className="rounded-xl border border-destructive/40 bg-destructive/10 p-6">
        <p className="font-semibold">We couldn&apos;t load your listings.</p>
        <Button variant="outline" className="mt-3" onClick={() => void refetch()}>Try again</Button>
      </div>
    );
  }
  if (!data.listings.length) {
    return (
      <div className="rounded-2xl border border-dashed border-border bg-card p-10 text-center">
        <CarFront className="mx-auto size-10 text-muted-foreground" aria-hidden />
        <h2 className="mt-3 text-lg font-bold">You have no listings yet</h2>
        <p className="mt-1 text-muted-foreground">List your vehicle in a few minutes. It costs nothing.</p>
        <Button className="mt-4" onClick={onNew}><Plus aria-hidden />List a vehicle</Button>
      </div>
    );
  }
  return (
    <ul className="grid gap-4" aria-label="Your listings">
      {data.listings.map((l) => <ListingRow key={l.id} listing={l} onEdit={() => onEdit(l)} />)}
    </ul>
  );
}

function ListingRow({ listing: l, onEdit }: { listing: MyListing; onEdit: () => void }) {
  const withdraw = useWithdrawListing();
  const sold = useMarkListingSold();
  const [confirm, setConfirm] = useState<'withdraw' | 'sold' | null>(null);
  const run = async (kind: 'withdraw' | 'sold') => {
    try {
      await (kind === 'withdraw' ? withdraw : sold).mutateAsync(l.id);
      toast({ title: kind === 'withdraw' ? 'Listing withdrawn' : 'Listing marked as sold', variant: 'success' });
    } catch (e) {
      toast({ title: 'Error', description: errorMessage(e), variant: 'destructive' });
    } finally {
      setConfirm(null);
    }
  };
  const cover = l.photos[0];

  return (
    <li className="grid gap-4 rounded-2xl border border-border bg-card p-4 shadow-sm sm:grid-cols-[12rem_1fr] sm:p-5">
      <div className="aspect-[4/3] overflow-hidden rounded-xl bg-muted">
        <VehiclePhoto photo={cover} alt={cover?.alt || name(l)} className="size-full object-cover" sizes="12rem" />
      </div>
      <div className="flex min-w-0 flex-col gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 className="text-lg font-bold">{name(l)}</h2>
          <ListingStateBadge state={l.state} />
        </div>
        <p className="text-sm text-muted-foreground">
          <span className="font-semibold text-foreground">{formatPrice(l.price)}</span> · {formatKm(l.mileage)} · {l.location} · Stock {l.stockNumber}
        </p>
        <p className="text-xs text-muted-foreground">
          Submitted {dateFormat.format(new Date(l.submittedAt))}
          {l.reviewedAt && <> · Reviewed {dateFormat.format(new Date(l.reviewedAt))}</>}
        </p>
        {l.state === 'pending' && <p className="text-sm">Our team is reviewing your listing. It appears in search once approved.</p>}
        {l.state === 'rejected' && l.rejectionReason && (
          <p className="rounded-md border border-accent/50 bg-accent/10 px-3 py-2 text-sm"><strong>What to change:</strong> {l.rejectionReason}</p>
        )}
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          {l.state === 'approved' && (
            <Button asChild size="sm" variant="outline"><Link to={`/vehicles/${l.vehicleId}`}><ExternalLink aria-hidden />View listing</Link></Button>
          )}
          {canEdit(l.state) && <Button size="sm" variant="outline" onClick={onEdit}><Pencil aria-hidden />{l.state === 'withdrawn' ? 'Edit and resubmit' : 'Edit'}</Button>}
          {canMarkSold(l.state) && <Button size="sm" variant="outline" onClick={() => setConfirm('sold')}><Handshake aria-hidden />Mark as sold</Button>}
          {canWithdraw(l.state) && <Button size="sm" variant="ghost" onClick={() => setConfirm('withdraw')}><Undo2 aria-hidden />Withdraw</Button>}
        </div>
      </div>
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => { if (!open) setConfirm(null); }}
        title={confirm === 'sold' ? 'Mark this vehicle as sold?' : 'Withdraw this listing?'}
        description={confirm === 'sold'
          ? 'It leaves search right away. This cannot be undone; list the vehicle again if the sale falls through.'
          : 'It leaves search right away. You can edit and resubmit it later.'}
        confirmLabel={confirm === 'sold' ? 'Mark as sold' : 'Withdraw'}
        destructive={confirm === 'withdraw'}
        busy={withdraw.isPending || sold.isPending}
        onConfirm={() => { if (confirm) void run(confirm); }}
      />
    </li>
  );
}
