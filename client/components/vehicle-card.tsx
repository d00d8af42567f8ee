// The vehicle card (spec §2): photo, title, price with any sale, the §9 payment estimate with its terms,
// key specs, stock number (AMVIC), compare toggle, heart for signed-in shoppers and admin actions.
import { Suspense, useRef } from 'react';
import { Link } from 'react-router';
import { Cog, Gauge, Heart, MapPin, Scale, Truck } from 'lucide-react';
import type { Vehicle } from '@domain/vehicle';
import { PHOTO_SIZES } from '@domain/photo-srcset';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { toggleCompareVehicle, useCompareList } from '@/lib/compare';
import { formatKm, formatPrice } from '@/lib/format';
import { toggleSavedVehicle, useIsSaved } from '@/lib/saved-vehicles';
import { useNearViewport } from '@/lib/use-near-viewport';
import { Badge } from '@/components/ui/badge';
import { toast } from '@/components/ui/use-toast';
import { PaymentEstimate } from './payment-estimate';
import { VehiclePhoto } from './vehicle-photo';
import { lazyComponent } from '@/lib/lazy-component';

// Staff only, with its confirmation dialogs: a separate chunk, so shoppers never download it.
const VehicleAdminActions = lazyComponent('components/vehicle-card#VehicleAdminActions', async () => ({ default: (await import('./vehicle-admin-actions')).VehicleAdminActions }));

export const vehicleTitle = (v: Pick<Vehicle, 'year' | 'make' | 'model'>) => `${v.year} ${v.make} ${v.model}`;

export function VehicleCard({ vehicle, priority = false, className }: { vehicle: Vehicle; priority?: boolean; className?: string }) {
  const { isAuthenticated, isAdmin } = useAuth();
  const compared = useCompareList().some((c) => c.id === vehicle.id);
  const saved = useIsSaved(vehicle.id);
  const photoRef = useRef<HTMLDivElement>(null);
  const near = useNearViewport(photoRef, !priority);
  const title = vehicleTitle(vehicle);
  const onSale = vehicle.isOnSale && vehicle.originalPrice !== null && vehicle.originalPrice > vehicle.price;

  const onSave = () => {
    const nowSaved = toggleSavedVehicle(vehicle);
    toast({ title: nowSaved ? 'Added to saved vehicles' : 'Removed from saved vehicles' }); // spec §4
  };

  return (
    <article
      className={cn('group relative flex w-full flex-col overflow-hidden rounded-xl border border-border bg-card shadow-sm transition-shadow hover:shadow-md focus-within:ring-2 focus-within:ring-ring', className)}
      data-testid="vehicle-card"
    >
      <div ref={photoRef} className="relative aspect-[4/3] overflow-hidden bg-muted">
        {near && (
          <VehiclePhoto
            photo={vehicle.photos[0]}
            alt={title}
            sizes={PHOTO_SIZES.card}
            priority={priority}
            className="size-full transition-transform duration-300 group-hover:scale-[1.03]"
          />
        )}
        <div className="absolute top-2 left-2 flex flex-wrap gap-1.5">
          {vehicle.isSold && <Badge variant="destructive">Sold</Badge>}
          {vehicle.condition === 'new' && <Badge>New</Badge>}
          {onSale && <Badge variant="success">Sale</Badge>}
          {vehicle.sellerType === 'private seller' && <Badge variant="secondary">Private seller</Badge>}
        </div>
        {isAuthenticated && (
          <button
            type="button"
            onClick={onSave}
            aria-pressed={saved}
            aria-label={saved ? `Remove ${title} from saved vehicles` : `Save ${title}`}
            className="absolute top-2 right-2 z-10 inline-flex size-10 cursor-pointer items-center justify-center rounded-full bg-card/90 text-foreground shadow hover:bg-card"
          >
            <Heart className={cn('size-5', saved && 'fill-red-500 text-red-500')} aria-hidden />
          </button>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="text-base leading-snug font-bold">
          {/* One stretched link makes the whole card clickable (spec §2) with a single, well-named link. */}
          <Link to={`/vehicles/${vehicle.id}`} className="outline-none after:absolute after:inset-0 hover:text-primary">
            {title}
          </Link>
          <span className="block text-sm font-medium text-muted-foreground">{vehicle.trim ?? 'Base'}</span>
        </h3>
        <div className="flex items-baseline gap-2">
          <span className="text-2xl font-extrabold tracking-tight" data-testid="card-price">{formatPrice(vehicle.price)}</span>
          {onSale && (
            <span className="text-sm text-muted-foreground line-through">
              <span className="sr-only">was </span>{formatPrice(vehicle.originalPrice!)}
            </span>
          )}
        </div>
        <PaymentEstimate vehicle={vehicle} />
        <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <div className="flex items-center gap-1.5"><dt className="sr-only">Mileage</dt><Gauge className="size-4" aria-hidden /><dd>{formatKm(vehicle.mileage)}</dd></div>
          <div className="flex items-center gap-1.5"><dt className="sr-only">Body</dt><Truck className="size-4" aria-hidden /><dd>{vehicle.bodyType}</dd></div>
          <div className="flex items-center gap-1.5"><dt className="sr-only">Transmission</dt><Cog className="size-4" aria-hidden /><dd>{vehicle.transmission}</dd></div>
          <div className="flex items-center gap-1.5"><dt className="sr-only">Location</dt><MapPin className="size-4" aria-hidden /><dd>{vehicle.location}</dd></div>
        </dl>
        <div className="mt-auto flex items-center justify-between gap-2 border-t border-border pt-3 text-sm">
          <span className="text-muted-foreground">Stock # <span className="font-mono text-foreground">{vehicle.stockNumber}</span></span>
          <button
            type="button"
            onClick={() => toggleCompareVehicle(vehicle)}
            aria-pressed={compared}
            className={cn(
              'relative z-10 inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-md border px-2.5 text-xs font-semibold',
              compared ? 'border-primary bg-primary text-primary-foreground' : 'border-input bg-card hover:bg-muted',
            )}
          >
            <Scale className="size-4" aria-hidden />
            {compared ? 'Comparing' : 'Compare'}
            <span className="sr-only"> {title}</span>
          </button>
        </div>
        {isAdmin && <Suspense fallback={null}><VehicleAdminActions vehicle={vehicle} /></Suspense>}
      </div>
    </article>
  );
}

/** spec §2: 18 placeholder cards while loading. */
export function VehicleCardSkeleton() {
  return (
    <div className="flex flex-col overflow-hidden rounded-xl border border-border bg-card" aria-hidden>
      <div className="aspect-[4/3] animate-pulse bg-muted" />
      <div className="flex flex-col gap-3 p-4">
        <div className="h-4 w-3/4 animate-pulse rounded bg-muted" />
        <div className="h-3 w-1/3 animate-pulse rounded bg-muted" />
        <div className="h-7 w-1/2 animate-pulse rounded bg-muted" />
        <div className="h-3 w-full animate-pulse rounded bg-muted" />
      </div>
    </div>
  );
}
