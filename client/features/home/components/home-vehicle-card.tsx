import { Link } from 'react-router';
import { Gauge, MapPin } from 'lucide-react';
import type { Vehicle } from '@domain/vehicle';
import { formatKm, formatPrice } from '@/lib/format';
import { Badge } from '@/components/ui/badge';
import { VehiclePhoto } from '@/components/vehicle-photo';

export function vehicleTitle(v: Pick<Vehicle, 'year' | 'make' | 'model'>) {
  return `${v.year} ${v.make} ${v.model}`;
}

/** A compact card: photo, year make model trim, all-in price, mileage and stock number (AMVIC: every ad shows it). */
export function HomeVehicleCard({ vehicle, priority }: { vehicle: Vehicle; priority?: boolean }) {
  const title = vehicleTitle(vehicle);
  const onSale = vehicle.isOnSale && vehicle.originalPrice !== null && vehicle.originalPrice > vehicle.price;
  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-xl border border-border bg-card shadow-sm transition-shadow hover:shadow-md focus-within:ring-2 focus-within:ring-ring">
      <div className="relative aspect-[4/3] overflow-hidden">
        <VehiclePhoto
          photo={vehicle.photos[0]}
          alt={title}
          sizes="(min-width: 1280px) 400px, (min-width: 640px) 50vw, 100vw"
          priority={priority}
          className="size-full transition-transform duration-300 group-hover:scale-[1.03]"
        />
        <div className="absolute top-2 left-2 flex gap-1.5">
          {vehicle.condition === 'new' && <Badge>New</Badge>}
          {onSale && <Badge variant="success">Price reduced</Badge>}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="text-base leading-snug font-bold">
          {/* The stretched link makes the whole card clickable with a single, well-named link. */}
          <Link to={`/vehicles/${vehicle.id}`} className="outline-none after:absolute after:inset-0 hover:text-primary">
            {title}
          </Link>
          {vehicle.trim && <span className="block text-sm font-medium text-muted-foreground">{vehicle.trim}</span>}
        </h3>
        <p className="flex items-baseline gap-2">
          <span className="text-2xl font-extrabold tracking-tight">{formatPrice(vehicle.price)}</span>
          {onSale && (
            <span className="text-sm text-muted-foreground line-through">
              <span className="sr-only">was </span>{formatPrice(vehicle.originalPrice!)}
            </span>
          )}
        </p>
        <dl className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-1 border-t border-border pt-3 text-sm text-muted-foreground">
          <div>
            <dt className="sr-only">Mileage</dt>
            <dd className="flex items-center gap-1.5"><Gauge className="size-4" aria-hidden />{formatKm(vehicle.mileage)}</dd>
          </div>
          <div>
            <dt className="sr-only">Location</dt>
            <dd className="flex items-center gap-1.5"><MapPin className="size-4" aria-hidden />{vehicle.location}</dd>
          </div>
          <div className="ml-auto flex items-center gap-1">
            <dt>Stock #</dt>
            <dd className="font-mono text-foreground">{vehicle.stockNumber}</dd>
          </div>
        </dl>
      </div>
    </article>
  );
}
