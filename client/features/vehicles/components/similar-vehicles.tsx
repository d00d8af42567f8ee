// Similar vehicles: same body type, close in price and year (GET /api/vehicles/:id/similar).
import { Link } from '@/components/link';
import { ArrowRight } from 'lucide-react';
import { VehicleCard, VehicleCardSkeleton } from '@/components/vehicle-card';
import { cn } from '@/lib/cn';
import { useSimilarVehicles } from '@/lib/api/get-similar-vehicles';

export function SimilarVehicles({ vehicleId, bodyType, heading = 'Similar vehicles', className }: {
  vehicleId: number;
  bodyType: string;
  heading?: string;
  className?: string;
}) {
  const { data, isPending, isError } = useSimilarVehicles(vehicleId);
  if (isError || (data && data.length === 0)) {
    return (
      <section aria-labelledby="similar-title" className={className}>
        <h2 id="similar-title" className="text-xl font-bold tracking-tight">{heading}</h2>
        <p className="mt-2 text-sm text-muted-foreground">
          Nothing close in price and year right now.{' '}
          <Link className="font-semibold text-primary hover:underline" to={`/vehicles?bodyType=${encodeURIComponent(bodyType)}`}>See every {bodyType}</Link>
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby="similar-title" className={className}>
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="similar-title" className="text-xl font-bold tracking-tight">{heading}</h2>
        <Link className="inline-flex items-center gap-1 text-sm font-semibold text-primary hover:underline" to={`/vehicles?bodyType=${encodeURIComponent(bodyType)}`}>
          All {bodyType} models<ArrowRight className="size-4" aria-hidden />
        </Link>
      </div>
      <div className={cn('mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3')}>
        {isPending
          ? Array.from({ length: 3 }, (_, i) => <VehicleCardSkeleton key={i} />)
          : data.map((v) => <VehicleCard key={v.id} vehicle={v} />)}
      </div>
    </section>
  );
}
