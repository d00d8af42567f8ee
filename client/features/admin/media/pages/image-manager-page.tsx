// /admin/image-manager (admin issue, "Image manager"): pick a vehicle, upload many photos at once with per-file
// progress, reorder by drag or keyboard, set the cover, edit alt text, delete. The chosen vehicle lives in the URL
// (?vehicle=<id>) so the photo coverage page and the inventory can link straight to it.
import { useSearchParams } from 'react-router';
import { Link } from '@/components/link';
import { ExternalLink } from 'lucide-react';
import { MAX_PHOTOS_PER_VEHICLE } from '@domain/media';
import { errorMessage } from '@/lib/api-client';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { chosenVehicleId, useVehiclePhotos } from '../api/get-vehicle-photos';
import { PhotoGrid } from '../components/photo-grid';
import { UploadPanel } from '../components/upload-panel';
import { VehiclePicker } from '../components/vehicle-picker';

export default function ImageManagerPage() {
  const [params, setParams] = useSearchParams();
  const vehicleId = chosenVehicleId(params);
  const { data, isPending, isError, error } = useVehiclePhotos(vehicleId);
  const select = (id: number) => setParams((p) => { p.set('vehicle', String(id)); return p; });

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8">
      <header className="mb-6">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Image manager</h1>
        <p className="mt-1 text-muted-foreground">Upload, order and describe a vehicle's photos. The first photo is the cover in search results.</p>
      </header>
      <div className="grid gap-8 lg:grid-cols-[20rem_1fr]">
        <section aria-label="Choose a vehicle">
          <VehiclePicker selectedId={vehicleId} onSelect={select} />
        </section>
        <div className="flex min-w-0 flex-col gap-6">
          {vehicleId === null ? (
            <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">Choose a vehicle to manage its photos.</p>
          ) : isPending ? (
            <div className="flex flex-col gap-4" aria-busy="true"><Skeleton className="h-16 w-full" /><Skeleton className="h-48 w-full" /><span className="sr-only">Loading photos…</span></div>
          ) : isError ? (
            <p role="alert" className="rounded-xl border border-destructive p-6 text-destructive">{errorMessage(error, 'The photos could not be loaded.')}</p>
          ) : (
            <>
              <section aria-labelledby="vehicle-title" className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border bg-card p-4">
                <div>
                  <h2 id="vehicle-title" className="text-xl font-bold">{data.vehicle.title}</h2>
                  <p className="text-sm text-muted-foreground">Stock #{data.vehicle.stockNumber} · VIN {data.vehicle.vin}</p>
                </div>
                <div className="flex items-center gap-3">
                  <Badge variant={data.photos.length === 0 ? 'destructive' : 'secondary'} data-testid="photo-count">
                    {data.photos.length} of {MAX_PHOTOS_PER_VEHICLE} photos
                  </Badge>
                  <Link to={`/vehicles/${data.vehicle.id}`} className="inline-flex items-center gap-1 text-sm font-semibold text-primary underline-offset-4 hover:underline">
                    View listing<ExternalLink className="size-4" aria-hidden />
                  </Link>
                </div>
              </section>
              <UploadPanel key={data.vehicle.id} vehicleId={data.vehicle.id} disabled={data.photos.length >= MAX_PHOTOS_PER_VEHICLE} />
              <section aria-labelledby="photos-title" className="flex flex-col gap-3">
                <h2 id="photos-title" className="text-lg font-bold">Photos</h2>
                <PhotoGrid vehicleId={data.vehicle.id} title={data.vehicle.title} photos={data.photos} />
              </section>
            </>
          )}
        </div>
      </div>
    </div>
  );
}
