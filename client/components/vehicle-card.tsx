// The vehicle card (spec §2), in two variants.
// - 'full', wherever shoppers browse vehicles: photo, title, price with any sale, the §9 payment estimate with its
//   terms, key specs, stock number (AMVIC), compare toggle, heart for signed-in shoppers and admin actions.
// - 'compact', the home page's short grid of our newest stock: photo, title, price, mileage, location and stock
//   number (AMVIC: every ad shows it). A teaser for the listing, so none of the shopping tools.
import { Suspense, cloneElement, useRef, type ReactElement } from 'react';
import { Link } from '@/components/link';
import { Heart } from 'lucide-react';
import { COMPARE_MAX } from '@domain/constants';
import type { Vehicle } from '@domain/vehicle';
import { vehicleTitle } from '@domain/vehicle-title';
import { PHOTO_SIZES } from '@domain/photo-srcset';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { COMPARE_NOW_ID, useCompareBarShown, useCompareList, useIsCompared } from '@/lib/compare';
import { formatKm, formatPrice } from '@/lib/format';
import { lazyComponent } from '@/lib/lazy-component';
import { toggleSavedVehicle, useIsSaved } from '@/lib/saved-vehicles';
import { useNearViewport } from '@/lib/use-near-viewport';
import { Badge } from '@/components/ui/badge';
import { CardIcon } from './card-icons';
import { DealRatingBadge } from './deal-rating-badge';
import { toast } from '@/components/ui/use-toast';
import { toggleCompareWithNotice } from './compare-toggle';
import { HeldUntil } from './held-until';
import { PaymentEstimate } from './payment-estimate';
import { DEALERSHIP } from '@domain/settings';
import { VehiclePhoto, type PhotoPriority } from './vehicle-photo';
import { Tooltip } from '@/components/ui/tooltip';

// Staff only, with its confirmation dialogs: a separate chunk, so shoppers never download it.
const VehicleAdminActions = lazyComponent('components/vehicle-admin-actions', async () => ({ default: (await import('./vehicle-admin-actions')).VehicleAdminActions }));

/** The home grid's columns: two from 640 px (sm), three 400 px ones from 1280 px. */
const COMPACT_PHOTO_SIZES = '(min-width: 1280px) 400px, (min-width: 640px) 50vw, 100vw';

export type VehicleCardVariant = 'full' | 'compact';

export function VehicleCard({ vehicle, variant = 'full', priority = false, className }: {
  vehicle: Vehicle;
  variant?: VehicleCardVariant;
  /** The photo's priority (VehiclePhoto); any but false puts the photo in the server's HTML. */
  priority?: PhotoPriority;
  className?: string;
}) {
  const compact = variant === 'compact';
  const photoRef = useRef<HTMLDivElement>(null);
  // Full cards come in long lists, so their photos mount only near the viewport (spec §2), unless the list gives
  // them priority (spec §9). The home page's few compact cards render theirs at once (the browser still loads them
  // lazily unless `priority` asks for them at once).
  const near = useNearViewport(photoRef, !compact && !priority);
  const title = vehicleTitle(vehicle, { trim: false });
  // Issue 33 §2: a private seller's listing is theirs, not the dealer's: no dealer "Sale" and no dealer financing figures.
  const isPrivate = vehicle.sellerType === 'private seller';
  const onSale = !isPrivate && vehicle.isOnSale && vehicle.originalPrice !== null && vehicle.originalPrice > vehicle.price;
  // The badges over the photo: a single badge (the usual case) sits there itself, only two or more need a row.
  const badges = [
    !compact && vehicle.isSold && <Badge key="sold" variant="destructive">Sold</Badge>,
    vehicle.condition === 'new' && <Badge key="new">New</Badge>,
    onSale && <Badge key="sale" variant="success">{compact ? 'Price reduced' : 'Sale'}</Badge>,
    isPrivate && <Badge key="private" variant="secondary">Private seller</Badge>,
  ].filter((b): b is ReactElement<{ className?: string }> => b !== false);
  const badgeCorner = 'absolute top-2 left-2';

  // Issue 35 §2: the listing hydrates every card's elements, so the card keeps to as few as its look needs. The
  // article is the flex column itself (no inner body box): the photo reaches its edges with negative margins.
  return (
    <article
      className={cn('group vehicle-card', className)}
      data-testid={compact ? undefined : 'vehicle-card'}
    >
      <div ref={photoRef} className={cn('relative -mx-4 mb-2 aspect-[4/3] overflow-hidden', !compact && 'bg-muted')}>
        {near && (
          <VehiclePhoto
            photo={vehicle.photos[0]}
            alt={title}
            sizes={compact ? COMPACT_PHOTO_SIZES : PHOTO_SIZES.card}
            priority={priority}
            className="size-full transition-transform duration-300 group-hover:scale-[1.03]"
          />
        )}
        {badges.length === 1 && cloneElement(badges[0]!, { className: badgeCorner })}
        {badges.length > 1 && <div className={cn(badgeCorner, 'flex', !compact && 'flex-wrap', 'gap-1.5')}>{badges}</div>}
        {!compact && <SaveButton vehicle={vehicle} title={title} />}
      </div>
      <h3 className="text-base leading-snug font-bold">
        {/* One stretched link makes the whole card clickable (spec §2) with a single, well-named link. */}
        <Link to={`/vehicles/${vehicle.id}`} className="outline-none after:absolute after:inset-0 hover:text-primary">
          {title}
        </Link>
        {compact
          ? vehicle.trim && <span className="block text-sm font-medium text-muted-foreground">{vehicle.trim}</span>
          : <span className="block text-sm font-medium text-muted-foreground">{vehicle.trim ?? 'Base'}</span>}
      </h3>
      {/* The price alone needs no row of its own: the row only lines up a sale's old price beside it. */}
      {onSale ? (
        <div className="flex items-baseline gap-2">
          <span className={priceClass} data-testid={compact ? undefined : 'card-price'}>{formatPrice(vehicle.price)}</span>
          <span className="text-sm text-muted-foreground line-through">
            <span className="sr-only">was </span>{formatPrice(vehicle.originalPrice!)}
          </span>
        </div>
      ) : (
        <p className={priceClass} data-testid={compact ? undefined : 'card-price'}>{formatPrice(vehicle.price)}</p>
      )}
      {!compact && <DealRatingBadge rating={vehicle.dealRating} className="self-start" />}
      <HeldUntil vehicle={vehicle} className="self-start" />
      {compact ? <CompactFacts vehicle={vehicle} /> : <FullDetails vehicle={vehicle} title={title} />}
    </article>
  );
}

const priceClass = 'text-2xl font-extrabold tracking-tight';

/** The heart (spec §4), for signed-in shoppers only. */
function SaveButton({ vehicle, title }: { vehicle: Vehicle; title: string }) {
  const { isAuthenticated } = useAuth();
  const saved = useIsSaved(vehicle.id);
  if (!isAuthenticated) return null;

  const onSave = () => {
    const nowSaved = toggleSavedVehicle(vehicle);
    toast({ title: nowSaved ? 'Added to saved vehicles' : 'Removed from saved vehicles' }); // spec §4
  };

  return (
    <Tooltip label={saved ? 'Remove from saved vehicles' : 'Save this vehicle'}>
      <button
        type="button"
        onClick={onSave}
        aria-pressed={saved}
        aria-label={saved ? `Remove ${title} from saved vehicles` : `Save ${title}`}
        className="absolute top-2 right-2 z-10 inline-flex size-10 cursor-pointer items-center justify-center rounded-full bg-card/90 text-foreground shadow hover:bg-card"
      >
        <Heart className={cn('size-5', saved && 'fill-red-500 text-red-500')} aria-hidden />
      </button>
    </Tooltip>
  );
}

/** The full card's lower half: payment estimate, key specs, stock number with the compare toggle, admin actions. */
function FullDetails({ vehicle, title }: { vehicle: Vehicle; title: string }) {
  const { isAdmin } = useAuth();
  // This card's own state only: a tap re-renders the card it changed, not every card on the page (issue 35 §3).
  const compared = useIsCompared(vehicle.id);
  return (
    <>
      {vehicle.sellerType === 'private seller'
        ? <p className="text-sm text-muted-foreground">Sold by a private seller, not by {DEALERSHIP.shortName}: no dealer financing.</p>
        : <PaymentEstimate vehicle={vehicle} />}
      {/* dt and dd pairs straight in the grid, the icon inside the dd: the hidden dt takes no cell of its own. */}
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm text-muted-foreground">
        <dt className="sr-only">Mileage</dt><dd className={factClass}><CardIcon name="gauge" className="size-4" />{formatKm(vehicle.mileage)}</dd>
        <dt className="sr-only">Body</dt><dd className={factClass}><CardIcon name="truck" className="size-4" />{vehicle.bodyType}</dd>
        <dt className="sr-only">Transmission</dt><dd className={factClass}><CardIcon name="cog" className="size-4" />{vehicle.transmission}</dd>
        <dt className="sr-only">Location</dt><dd className={factClass}><CardIcon name="map-pin" className="size-4" />{vehicle.location}</dd>
      </dl>
      <div className="mt-auto flex items-center justify-between gap-2 border-t border-border pt-3 text-sm">
        <span className="text-muted-foreground">Stock # <span className="font-mono text-foreground">{vehicle.stockNumber}</span></span>
        <Tooltip label={compared ? 'Take out of the comparison' : `Compare side by side (up to ${COMPARE_MAX})`}>
          <button
            type="button"
            onClick={() => toggleCompareWithNotice(vehicle)}
            aria-pressed={compared}
            // The vehicle's name completes the visible word for screen readers, as the hidden words once did.
            aria-label={`${compared ? 'Comparing' : 'Compare'} ${title}`}
            className={cn(
              'vehicle-card-compare',
              compared ? 'border-primary bg-primary text-primary-foreground' : 'border-input bg-card hover:bg-muted',
            )}
          >
            <CardIcon name="scale" className="size-4" />
            {compared ? 'Comparing' : 'Compare'}
          </button>
        </Tooltip>
        {compared && <CompareNowShortcut />}
      </div>
      {isAdmin && <Suspense fallback={null}><VehicleAdminActions vehicle={vehicle} /></Suspense>}
    </>
  );
}

const factClass = 'flex items-center gap-1.5';

/**
 * A keyboard shortcut to the floating bar, the next Tab stop after a picked card's toggle: the bar comes last in the
 * page, dozens of Tabs away (issue 21). Shown only while focused, over the card's foot, and only where a bar is.
 * Its own component, so only picked cards follow the list and the bar.
 */
function CompareNowShortcut() {
  const count = useCompareList().length;
  const barShown = useCompareBarShown();
  if (!barShown) return null;
  return (
    <button
      type="button"
      onClick={() => document.getElementById(COMPARE_NOW_ID)?.focus()}
      className="sr-only z-20 rounded-md bg-brand font-semibold text-brand-foreground shadow-lg focus:not-sr-only focus:absolute focus:inset-x-3 focus:bottom-3 focus:px-3 focus:py-2 focus:text-center focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      Go to the comparison ({count} selected)
    </button>
  );
}

/** The compact card's one line of facts: mileage, location and, at the end, the stock number. */
function CompactFacts({ vehicle }: { vehicle: Vehicle }) {
  return (
    <dl className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-1 border-t border-border pt-3 text-sm text-muted-foreground">
      <div>
        <dt className="sr-only">Mileage</dt>
        <dd className="flex items-center gap-1.5"><CardIcon name="gauge" className="size-4" />{formatKm(vehicle.mileage)}</dd>
      </div>
      <div>
        <dt className="sr-only">Location</dt>
        <dd className="flex items-center gap-1.5"><CardIcon name="map-pin" className="size-4" />{vehicle.location}</dd>
      </div>
      <div className="ml-auto flex items-center gap-1">
        <dt>Stock #</dt>
        <dd className="font-mono text-foreground">{vehicle.stockNumber}</dd>
      </div>
    </dl>
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
