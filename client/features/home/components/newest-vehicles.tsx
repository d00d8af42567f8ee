import { Link } from '@/components/link';
import { ArrowRight, CircleAlert } from 'lucide-react';
import { ALL_IN_PRICE_NOTE } from '@domain/settings';
import { VehicleCard } from '@/components/vehicle-card';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { HOME_VEHICLE_COUNT, useNewestVehicles } from '../api/get-newest-vehicles';

function CardSkeleton() {
  return (
    <div className="overflow-hidden rounded-xl border border-border bg-card">
      <Skeleton className="aspect-[4/3] w-full rounded-none" />
      <div className="grid gap-3 p-4">
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-7 w-1/3" />
        <Skeleton className="h-4 w-full" />
      </div>
    </div>
  );
}

export default function NewestVehicles() {
  const { data, isPending, isError, refetch } = useNewestVehicles();
  const vehicles = data?.vehicles ?? [];
  return (
    <section aria-labelledby="home-vehicles-title" className="mx-auto w-full max-w-7xl px-4 py-12 sm:py-16">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="home-vehicles-title" className="text-2xl font-extrabold tracking-tight sm:text-3xl">On our lot now</h2>
          <p className="mt-1 text-muted-foreground">A few of the vehicles ready for a test drive today.</p>
        </div>
        <Button asChild variant="outline">
          <Link to="/vehicles">View all vehicles<ArrowRight aria-hidden /></Link>
        </Button>
      </div>

      {isPending ? (
        <div aria-busy="true" className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          <span className="sr-only">Loading vehicles</span>
          {Array.from({ length: HOME_VEHICLE_COUNT }, (_, i) => <CardSkeleton key={i} />)}
        </div>
      ) : isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-border bg-card p-8 text-center">
          <CircleAlert className="size-8 text-destructive" aria-hidden />
          <p className="font-semibold">We couldn&apos;t load vehicles right now.</p>
          <Button variant="outline" onClick={() => void refetch()}>Try again</Button>
        </div>
      ) : vehicles.length === 0 ? (
        <p className="rounded-xl border border-border bg-card p-8 text-center text-muted-foreground">
          Our lot is being restocked. Please check back soon or give us a call.
        </p>
      ) : (
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {vehicles.map((v) => (
            <li key={v.id} className="flex">
              {/* Below the fold on the home page: every photo loads lazily so none competes with the hero image. */}
              <VehicleCard vehicle={v} variant="compact" />
            </li>
          ))}
        </ul>
      )}
      <p className="mt-4 text-xs text-muted-foreground">{ALL_IN_PRICE_NOTE} Photos may show options not included.</p>
    </section>
  );
}
