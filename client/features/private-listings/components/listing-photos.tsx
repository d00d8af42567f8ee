// A private seller's photos (issue 5: "photos go through the image pipeline"): add several at once, remove one
// (api/upload-listing-photos.ts, api/delete-listing-photo.ts). Every change sends the listing back to review, which
// the section says before anyone uploads.
import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ImagePlus, LoaderCircle, Trash2 } from 'lucide-react';
import { ACCEPT_ATTRIBUTE, ACCEPTED_FORMATS_LABEL } from '@domain/media';
import type { MyListing } from '@domain/private-listings';
import { vehicleTitle } from '@domain/vehicle';
import { errorMessage } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { VehiclePhoto } from '@/components/vehicle-photo';
import { deleteListingPhoto } from '../api/delete-listing-photo';
import { myListingsQueryOptions } from '../api/get-my-listings';
import { uploadListingPhotos } from '../api/upload-listing-photos';
import type { ListingResult } from '../listing-result';

export function ListingPhotos({ listing, onChange }: { listing: MyListing; onChange: (l: MyListing) => void }) {
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const title = vehicleTitle(listing, { trim: false });

  const done = async (result: ListingResult) => {
    onChange(result.listing);
    await qc.invalidateQueries({ queryKey: myListingsQueryOptions().queryKey });
    toast({ variant: 'success', title: result.message });
  };
  const run = async (work: () => Promise<ListingResult>, failTitle: string) => {
    setBusy(true);
    try {
      await done(await work());
    } catch (err) {
      toast({ variant: 'destructive', title: failTitle, description: errorMessage(err) });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <section aria-labelledby="listing-photos-title" className="mt-8 border-t border-border pt-6">
      <h2 id="listing-photos-title" className="text-lg font-bold">Photos</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        {ACCEPTED_FORMATS_LABEL}, up to 15 MB each. The first photo is the one buyers see in search. Adding or removing a
        photo sends your listing for review again.
      </p>
      {listing.photos.length > 0 && (
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Your photos">
          {listing.photos.map((p, i) => (
            <li key={p.id} className="overflow-hidden rounded-lg border border-border bg-card">
              <VehiclePhoto photo={p} alt={`${title}, photo ${i + 1}`} sizes="(min-width: 640px) 12rem, 50vw" className="aspect-[4/3] w-full object-cover" />
              <div className="flex items-center justify-between gap-2 p-2 text-xs">
                <span className="text-muted-foreground">{i === 0 ? 'Cover' : `Photo ${i + 1}`}</span>
                <Button
                  type="button" size="sm" variant="ghost" disabled={busy}
                  aria-label={`Remove photo ${i + 1}`}
                  onClick={() => run(() => deleteListingPhoto(listing.id, p.id), 'Photo not removed')}
                >
                  <Trash2 aria-hidden />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <input
        ref={input} id="listing-photo-input" type="file" multiple accept={ACCEPT_ATTRIBUTE} className="sr-only" data-testid="listing-photo-input"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          if (files.length) void run(() => uploadListingPhotos(listing.id, files), 'Photos not added');
        }}
      />
      <Button type="button" variant="outline" className="mt-4" disabled={busy} onClick={() => input.current?.click()}>
        {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <ImagePlus aria-hidden />}Add photos
      </Button>
    </section>
  );
}
