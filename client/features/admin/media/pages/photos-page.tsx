// /admin/photos (admin issue, "/admin/photos shows which vehicles lack photos or have too few"): in-stock vehicles
// by photo count, fewest first, each with a link to manage its photos in the image manager.
import { useState } from 'react';
import { Link } from '@/components/link';
import { Images } from 'lucide-react';
import { DEFAULT_MIN_PHOTOS } from '@domain/media';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { VehiclePhoto } from '@/components/vehicle-photo';
import { COVERAGE_FILTERS, coverageParams, DEFAULT_COVERAGE_FILTER, TOO_FEW_PARAMS, useMediaVehicles, type CoverageFilter } from '../api/get-media-vehicles';
import { TableScroll } from '@/components/ui/table-scroll';


export default function PhotosPage() {
  const [filter, setFilter] = useState<CoverageFilter>(DEFAULT_COVERAGE_FILTER);
  const [search, setSearch] = useState('');
  const { data, isPending, isError, error } = useMediaVehicles(coverageParams(filter, search));
  const tooFew = useMediaVehicles(TOO_FEW_PARAMS);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8">
      <header className="mb-6">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Photo coverage</h1>
        <p className="mt-1 text-muted-foreground">
          In-stock vehicles that lack photos or have fewer than {DEFAULT_MIN_PHOTOS} (a full walk-around). Listings with photos get far more enquiries.
        </p>
      </header>

      <dl className="mb-6 grid gap-3 sm:grid-cols-2">
        <div className="rounded-xl border border-border bg-card p-4">
          <dt className="text-sm text-muted-foreground">Without any photo</dt>
          <dd className="text-3xl font-extrabold tabular-nums" data-testid="count-without">{data ? data.withoutPhotos : '…'}</dd>
        </div>
        <div className="rounded-xl border border-border bg-card p-4">
          <dt className="text-sm text-muted-foreground">Fewer than {DEFAULT_MIN_PHOTOS} photos</dt>
          <dd className="text-3xl font-extrabold tabular-nums">{tooFew.data ? tooFew.data.total : '…'}</dd>
        </div>
      </dl>

      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div role="group" aria-label="Show" className="flex flex-wrap gap-2">
          {COVERAGE_FILTERS.map((f) => (
            <Button key={f.key} type="button" size="sm" variant={filter === f.key ? 'default' : 'outline'} aria-pressed={filter === f.key} onClick={() => setFilter(f.key)}>
              {f.label}
            </Button>
          ))}
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="photos-search" className="text-xs font-semibold">Search</label>
          <Input id="photos-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Stock number, VIN, make…" className="w-64" />
        </div>
      </div>

      {isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true">{[0, 1, 2, 3].map((i) => <Skeleton key={i} className="h-16 w-full" />)}<span className="sr-only">Loading vehicles…</span></div>
      ) : isError ? (
        <p role="alert" className="text-destructive">{errorMessage(error, 'Vehicles could not be loaded.')}</p>
      ) : data.vehicles.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
          {filter === 'all' ? 'No vehicle matches.' : 'Every in-stock vehicle here has enough photos.'}
        </p>
      ) : (
        <>
          <p className="mb-2 text-sm text-muted-foreground" aria-live="polite">
            {data.total > data.vehicles.length ? `Showing ${data.vehicles.length} of ${data.total} vehicles, fewest photos first.` : `${data.total} ${data.total === 1 ? 'vehicle' : 'vehicles'}, fewest photos first.`}
          </p>
          <TableScroll className="rounded-xl border border-border">
            <table className="w-full text-sm">
              <caption className="sr-only">Vehicles by photo count</caption>
              <thead className="bg-muted text-left">
                <tr>
                  <th scope="col" className="p-3">Vehicle</th>
                  <th scope="col" className="p-3">Stock #</th>
                  <th scope="col" className="p-3">Status</th>
                  <th scope="col" className="p-3 text-right">Photos</th>
                  <th scope="col" className="p-3"><span className="sr-only">Actions</span></th>
                </tr>
              </thead>
              <tbody>
                {data.vehicles.map((v) => (
                  <tr key={v.id} className="border-t border-border" data-testid="coverage-row">
                    <td className="p-3">
                      <div className="flex items-center gap-3">
                        <span className="block h-10 w-14 shrink-0 overflow-hidden rounded">
                          <VehiclePhoto fallback="icon" photo={v.cover ?? undefined} alt="" sizes="56px" className="size-full [&_span]:hidden [&_svg]:size-5" />
                        </span>
                        <span className="font-semibold">{v.title}</span>
                      </div>
                    </td>
                    <td className="p-3 tabular-nums">{v.stockNumber}</td>
                    <td className="p-3 capitalize">{v.status}</td>
                    <td className="p-3 text-right">
                      <Badge variant={v.photoCount === 0 ? 'destructive' : v.photoCount < data.minPhotos ? 'accent' : 'secondary'} className={cn('tabular-nums')}>
                        {v.photoCount === 0 ? 'None' : v.photoCount}
                      </Badge>
                    </td>
                    <td className="p-3 text-right">
                      <Button asChild size="sm" variant="outline">
                        <Link to={`/admin/image-manager?vehicle=${v.id}`} aria-label={`Manage photos of the ${v.title}, stock #${v.stockNumber}`}>
                          <Images aria-hidden />Manage photos
                        </Link>
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </>
      )}
    </div>
  );
}
