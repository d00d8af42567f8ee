// /my-listings (logged in, spec §2): the user's own private-seller listings (issue 5). List a vehicle (the VIN
// decoder fills details), see each listing's review status, edit (back to review), withdraw, or mark it sold.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ACCEPT_ATTRIBUTE, ACCEPTED_FORMATS_LABEL } from '@domain/media';
import { errorMessage } from '@/lib/api-client';
import { CarFront, Plus, ShieldCheck } from 'lucide-react';
import type { MyListing, PrivateListingValues } from '@domain/private-listings';
import { vehicleTitle } from '@domain/vehicle';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useCreateListing } from '../api/create-listing';
import { myListingsQueryOptions, useMyListings } from '../api/get-my-listings';
import { uploadListingPhotos } from '../api/upload-listing-photos';
import { useUpdateListing } from '../api/update-listing';
import { ListingForm } from '../components/listing-form';
import { ListingPhotos } from '../components/listing-photos';
import { MyListingCard } from '../components/my-listing-card';

type Mode = { kind: 'list' } | { kind: 'new' } | { kind: 'edit'; listing: MyListing };

export default function MyListingsPage() {
  // /my-listings?new=1 (the "List it yourself" path of /sell-my-vehicle, issue 33 §2) opens the form at once.
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>(params.get('new') === '1' ? { kind: 'new' } : { kind: 'list' });
  const create = useCreateListing();
  const update = useUpdateListing();
  const qc = useQueryClient();
  // Issue 33 §2: the photos chosen with a new listing go up as soon as it exists (they are stored against its vehicle).
  const [newPhotos, setNewPhotos] = useState<File[]>([]);

  const toList = () => {
    setMode({ kind: 'list' });
    window.scrollTo({ top: 0 });
  };
  const saveNew = async (values: PrivateListingValues) => {
    const { listing } = await create.mutateAsync(values);
    if (newPhotos.length) {
      try {
        await uploadListingPhotos(listing.id, newPhotos);
        await qc.invalidateQueries({ queryKey: myListingsQueryOptions().queryKey });
      } catch (e) {
        // The listing is saved either way; the photos can be added again through Edit.
        toast({ title: 'Listing submitted, photos not added', description: `${errorMessage(e, 'The photos could not be uploaded.')} Choose Edit on the listing to add them.`, variant: 'destructive' });
        setNewPhotos([]);
        toList();
        return;
      }
    }
    toast({ title: 'Listing submitted', description: 'We review new listings before they appear in search. You will get a notification.', variant: 'success' });
    setNewPhotos([]);
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
            <h1 className="text-3xl font-extrabold tracking-tight">{mode.kind === 'new' ? 'List your vehicle' : `Edit ${vehicleTitle(mode.listing)}`}</h1>
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
              : <NewPhotos files={newPhotos} onChange={setNewPhotos} />}
          </section>
        </>
      )}
    </div>
  );
}

/** Photos chosen with a new listing: uploaded through the image pipeline once the listing is saved (issue 33 §2). */
function NewPhotos({ files, onChange }: { files: File[]; onChange: (files: File[]) => void }) {
  return (
    <section aria-labelledby="new-photos-title" className="mt-6 flex flex-col gap-2">
      <h2 id="new-photos-title" className="text-lg font-bold">Photos</h2>
      <p className="text-sm text-muted-foreground">
        {ACCEPTED_FORMATS_LABEL}, up to 15 MB each. The first photo is the one buyers see in search. They are uploaded
        when you submit the listing.
      </p>
      <label htmlFor="new-listing-photos" className="text-sm font-medium">Choose photos</label>
      <input
        id="new-listing-photos" type="file" multiple accept={ACCEPT_ATTRIBUTE} data-testid="new-listing-photo-input"
        className="text-sm file:mr-3 file:cursor-pointer file:rounded-md file:border file:border-border file:bg-secondary file:px-3 file:py-2"
        onChange={(e) => onChange([...(e.target.files ?? [])])}
      />
      {files.length > 0 && (
        <p className="text-sm" role="status">{files.length} {files.length === 1 ? 'photo' : 'photos'} chosen: {files.map((f) => f.name).join(', ')}</p>
      )}
    </section>
  );
}

function ListingsList({ onEdit, onNew }: { onEdit: (l: MyListing) => void; onNew: () => void }) {
  const { data, isPending, isError, refetch } = useMyListings();
  if (isPending) {
    return <div aria-busy="true" className="grid gap-4"><span className="sr-only">Loading your listings</span>{[0, 1].map((i) => <Skeleton key={i} className="h-40 w-full rounded-2xl" />)}</div>;
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
      {data.listings.map((l) => <MyListingCard key={l.id} listing={l} onEdit={() => onEdit(l)} />)}
    </ul>
  );
}
