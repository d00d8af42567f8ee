// Vehicle details /vehicles/:id (spec §2; shopping issue "Vehicle details"): gallery, price and payments with their
// terms, specs, features, history, sold state, similar vehicles, save/compare/share and the calls to action.
import { Suspense, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { Link } from '@/components/link';
import { BadgeCheck, CalendarCheck, Car, ChevronRight, Home, MapPin, MessageCircle, Phone, ShieldAlert } from 'lucide-react';
import { vehicleTitle } from '@domain/vehicle-title';
import { useResponseStatus } from '@/lib/render-context';
import { DEALERSHIP } from '@domain/settings';
import { OPEN_CHAT_EVENT, type OpenChatDetail } from '@domain/chat-event';
import type { VehicleDetail } from '@domain/vehicle';
import { isApiError } from '@/lib/api-client';
import { formatKm } from '@/lib/format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Deferred } from '@/components/deferred';
import { PrivateSellerContact } from '@/components/private-seller-contact';
import { useVehicle } from '@/lib/api/get-vehicle';
import { PhotoGallery } from '../components/photo-gallery';
import { PriceBlock } from '../components/price-block';
import { DealRatingSection } from '../deal-rating/deal-rating-section';
import { VehicleActions } from '../components/vehicle-actions';
import { VehicleHold } from '../components/vehicle-hold';
import { lazyComponent, lazyOnView } from '@/lib/lazy-component';

// Loaded when needed, not with the page: the booking form (on first opening; the private seller's message form
// likewise, in its own component) brings validation code a shopper reading the page does not need.
const loadBookingModal = () => import('@/components/booking-modal');
const BookingModal = lazyComponent('components/booking-modal', async () => ({ default: (await loadBookingModal()).BookingModal }));

// Below the first screen on a phone (issue 35 §1-2): each part's code loads, and it hydrates, as the shopper comes near
// it (lazyOnView). The server renders them in full; their props must stay the same while they wait (the vehicle is the
// query's data, kept by reference while unchanged).
const PriceHistory = lazyOnView('features/vehicles/components/price-history', async () => ({ default: (await import('../components/price-history')).PriceHistory }));
const PaymentCalculator = lazyOnView('features/vehicles/components/payment-calculator', async () => ({ default: (await import('../components/payment-calculator')).PaymentCalculator }));
const DealWorksheet = lazyOnView('features/vehicles/components/vehicle-deal-worksheet', async () => ({ default: (await import('../components/vehicle-deal-worksheet')).VehicleDealWorksheet }));
const VehicleSpecs = lazyOnView('features/vehicles/components/vehicle-specs', async () => ({ default: (await import('../components/vehicle-specs')).VehicleSpecs }));
const AmvicDisclosures = lazyOnView('components/amvic-disclosures', async () => ({ default: (await import('@/components/amvic-disclosures')).AmvicDisclosures }));
const RecallsAndHistory = lazyOnView('features/vehicles/components/recalls-and-history', async () => ({ default: (await import('../components/recalls-and-history')).RecallsAndHistory }));
const SimilarVehicles = lazyOnView('features/vehicles/components/similar-vehicles', async () => ({ default: (await import('../components/similar-vehicles')).SimilarVehicles }));

const parseId = (raw: string | undefined): number | null => (raw && /^\d{1,10}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);

export default function VehicleDetailsPage() {
  const { id: rawId } = useParams();
  const id = parseId(rawId);
  const { data: vehicle, isPending, error } = useVehicle(id);

  const notFound = id === null || (isApiError(error) && (error.status === 404 || error.status === 400));
  const fullTitle = vehicle ? vehicleTitle(vehicle) : undefined;

  if (notFound) return <VehicleNotFound />;
  if (error) return <LoadFailed />;
  if (isPending || !vehicle) return <DetailsSkeleton />;
  return <VehicleDetails vehicle={vehicle} title={fullTitle!} />;
}

function VehicleDetails({ vehicle, title }: { vehicle: VehicleDetail; title: string }) {
  const [booking, setBooking] = useState(false);
  const [bookingWanted, setBookingWanted] = useState(false);
  const bookButton = useRef<HTMLButtonElement>(null);
  // The button that opened the booking form gets focus back when it closes: the page's own or the phone bar's.
  const bookingOpener = useRef<HTMLButtonElement | null>(null);
  const openBooking = (from: HTMLButtonElement | null) => { bookingOpener.current = from; setBookingWanted(true); setBooking(true); };
  const privateSeller = vehicle.sellerType === 'private seller';
  const location = DEALERSHIP.addresses.find((a) => a.city === vehicle.location);
  const phone = location?.phone ?? DEALERSHIP.phone;
  const phoneHref = `tel:+1${phone.replace(/\D/g, '')}`;

  return (
    <div className="mx-auto w-full max-w-7xl px-4 pt-4 pb-16 sm:px-6 lg:pt-6">
      <nav aria-label="Breadcrumb" className="mb-4 text-sm text-muted-foreground">
        <ol className="flex flex-wrap items-center gap-1">
          <li><Link to="/" className="inline-flex items-center hover:text-foreground"><Home className="size-4" aria-hidden /><span className="sr-only">Home</span></Link></li>
          <li aria-hidden><ChevronRight className="size-4" /></li>
          <li><Link to="/vehicles" className="hover:text-foreground">Vehicles</Link></li>
          <li aria-hidden><ChevronRight className="size-4" /></li>
          <li aria-current="page" className="truncate font-medium text-foreground">{title}</li>
        </ol>
      </nav>

      {vehicle.isSold && (
        <div className="mb-8 flex flex-col gap-6">
          <div role="status" className="flex flex-col gap-3 rounded-xl border border-destructive/40 bg-destructive/10 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
            <div>
              <p className="text-lg font-bold">This vehicle has been sold</p>
              <p className="text-sm text-muted-foreground">
                The {title} found its new owner. These similar vehicles are still available.
              </p>
            </div>
            <Button asChild variant="outline"><Link to="/vehicles"><Car aria-hidden />Browse all vehicles</Link></Button>
          </div>
          <SimilarVehicles vehicleId={vehicle.id} bodyType={vehicle.bodyType} heading="Available now, just like it" />
        </div>
      )}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_400px] lg:gap-10">
        <div className="lg:col-start-1 lg:row-start-1">
          <PhotoGallery photos={vehicle.photos} title={title} sold={vehicle.isSold} />
        </div>

        <aside className="flex flex-col gap-5 lg:col-start-2 lg:row-span-2 lg:row-start-1" aria-label="Price and next steps">
          <div className="flex flex-col gap-5 rounded-xl border border-border bg-card p-4 shadow-sm sm:p-5">
            <div className="flex flex-col gap-2">
              <div className="flex flex-wrap gap-1.5">
                {vehicle.isSold && <Badge variant="destructive">Sold</Badge>}
                <Badge variant={vehicle.condition === 'new' ? 'default' : 'secondary'}>{vehicle.condition === 'new' ? 'New' : 'Used'}</Badge>
                {vehicle.isOnSale && !vehicle.isSold && <Badge variant="success">Sale</Badge>}
                {privateSeller && <Badge variant="accent">Private seller</Badge>}
              </div>
              <h1 className="text-2xl leading-tight font-extrabold tracking-tight sm:text-3xl">
                {vehicleTitle(vehicle, { trim: false })}{' '}
                <span className="block text-lg font-semibold text-muted-foreground">{vehicle.trim ?? 'Base'}</span>
              </h1>
              <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
                <span>{formatKm(vehicle.mileage)}</span>
                <span aria-hidden>·</span>
                <span>{vehicle.transmission}</span>
                <span aria-hidden>·</span>
                <span className="inline-flex items-center gap-1"><MapPin className="size-4" aria-hidden />{vehicle.location}</span>
              </p>
              <p className="text-sm text-muted-foreground">
                Stock # <span className="font-mono font-semibold text-foreground" data-testid="stock-number">{vehicle.stockNumber}</span>
                <span className="mx-2" aria-hidden>·</span>
                VIN <span className="font-mono font-semibold break-all text-foreground" data-testid="vin">{vehicle.vin}</span>
              </p>
            </div>

            <PriceBlock vehicle={vehicle} />
            {!vehicle.isSold && <DealRatingSection vehicleId={vehicle.id} />}

            {privateSeller && (
              <p className="flex gap-2 rounded-lg border border-accent/50 bg-accent/10 p-3 text-sm">
                <ShieldAlert className="mt-0.5 size-4 shrink-0 text-accent-foreground dark:text-accent" aria-hidden />
                <span>
                  Listed by a private seller. {DEALERSHIP.name} has not inspected this vehicle and does not warrant it;
                  ask for a history report and an independent inspection before you buy.
                </span>
              </p>
            )}
            {privateSeller && !vehicle.isSold && <PrivateSellerContact vehicleId={vehicle.id} vehicleTitle={title} />}
            <VehicleHold vehicle={vehicle} title={title} />

            <div className="flex flex-col gap-2">
              {!vehicle.isSold && (
                <Button ref={bookButton} size="lg" onClick={() => openBooking(bookButton.current)} onPointerEnter={() => void loadBookingModal()}>
                  <CalendarCheck aria-hidden />Book a Test Drive
                </Button>
              )}
              <div className="flex flex-wrap gap-2 [&>*]:flex-1">
                <Button asChild variant="accent">
                  <Link to="/pre-approval"><BadgeCheck aria-hidden />Get Pre-Approved</Link>
                </Button>
                <Button
                  variant="outline"
                  onClick={() => window.dispatchEvent(new CustomEvent<OpenChatDetail>(OPEN_CHAT_EVENT, { detail: { vehicleId: vehicle.id } }))}
                >
                  <MessageCircle aria-hidden />Ask the Assistant
                </Button>
              </div>
              <Button asChild variant="ghost">
                <a href={phoneHref}><Phone aria-hidden />Call {vehicle.location} {phone}</a>
              </Button>
            </div>

            <div className="border-t border-border pt-4">
              <VehicleActions vehicle={vehicle} title={title} />
            </div>
          </div>

          {/* Below the fold on phones: after the first paint (components/deferred.tsx). */}
          <Deferred>
            <PriceHistory vehicleId={vehicle.id} createdAt={vehicle.createdAt} history={vehicle.priceHistory} sold={vehicle.isSold} />
            {!vehicle.isSold && <PaymentCalculator key={vehicle.id} vehicle={vehicle} />}
          </Deferred>
        </aside>

        <div className="flex min-w-0 flex-col gap-8 lg:col-start-1 lg:row-start-2">
          {/* issue 34: the deal worksheet, on every dealer vehicle that can be bought (not sold, not a private listing). */}
          {!vehicle.isSold && !privateSeller && <Deferred><DealWorksheet key={vehicle.id} vehicle={vehicle} /></Deferred>}
          <Deferred>
            {vehicle.description && (
              <section aria-labelledby="description-title">
                <h2 id="description-title" className="text-xl font-bold tracking-tight">About this vehicle</h2>
                <div className="mt-3 flex max-w-prose flex-col gap-3 text-base leading-relaxed text-foreground/90">
                  {vehicle.description.split(/\n{2,}/).map((p, i) => <p key={i}>{p}</p>)}
                </div>
              </section>
            )}
            <VehicleSpecs className="flex flex-col gap-8" vehicle={vehicle} />
            {!vehicle.isSold && <RecallsAndHistory vehicle={vehicle} />}
            {!vehicle.isSold && <AmvicDisclosures vehicle={vehicle} />}
          </Deferred>
        </div>
      </div>

      {!vehicle.isSold && <Deferred><SimilarVehicles className="mt-12" vehicleId={vehicle.id} bodyType={vehicle.bodyType} /></Deferred>}

      {!vehicle.isSold && <PhoneActionBar vehicleId={vehicle.id} onBook={openBooking} />}

      {bookingWanted && (
        <Suspense fallback={null}>
          <BookingModal open={booking} onOpenChange={setBooking} vehicle={{ id: vehicle.id, title, location: vehicle.location }} returnFocus={bookingOpener} />
        </Suspense>
      )}
    </div>
  );
}

/**
 * Phones (issue 21): the page's main actions start a long scroll down, below the photos and the price, so they stay
 * at hand in a bar fixed to the bottom. It opens the same booking form and pre-approval page as the buttons in the
 * page, and carries the chat there instead of the floating button. The compare bar and toasts stack above it
 * (styles.css: --action-bar-h, set while this shows);
 * it keeps clear of the home indicator (safe-area inset), and the page's end scrolls clear of it (styles.css).
 */
function PhoneActionBar({ vehicleId, onBook }: { vehicleId: number; onBook: (from: HTMLButtonElement | null) => void }) {
  const book = useRef<HTMLButtonElement>(null);
  return (
    <div className="md:hidden">
      <div
        data-phone-action-bar
        role="region"
        aria-label="Next steps"
        // The icons give way to the words on most phones, so both labels fit beside the chat button.
        className="fixed inset-x-0 bottom-0 z-30 box-content flex h-16 items-center gap-2 border-t border-border bg-card/95 px-3 pb-[env(safe-area-inset-bottom)] shadow-[0_-4px_12px_rgb(0_0_0/0.08)] backdrop-blur print:hidden max-[26rem]:[&>.flex-1_svg]:hidden"
      >
        <Button ref={book} className="min-w-0 flex-1 px-2 text-sm max-[24rem]:text-[0.8125rem]" onClick={() => onBook(book.current)} onPointerDown={() => void loadBookingModal()}>
          <CalendarCheck aria-hidden />Book a Test Drive
        </Button>
        <Button asChild variant="accent" className="min-w-0 flex-1 px-2 text-sm max-[24rem]:text-[0.8125rem]">
          <Link to="/pre-approval"><BadgeCheck aria-hidden />Get Pre-Approved</Link>
        </Button>
        {/* The chat lives here on phones rather than floating over the page's values (styles.css, issue 33 §6). */}
        <Button
          variant="outline"
          size="icon"
          className="size-10 shrink-0"
          aria-label="Ask the assistant about this vehicle"
          onClick={() => window.dispatchEvent(new CustomEvent<OpenChatDetail>(OPEN_CHAT_EVENT, { detail: { vehicleId } }))}
        >
          <MessageCircle aria-hidden />
        </Button>
      </div>
    </div>
  );
}

function VehicleNotFound() {
  useResponseStatus(404); // a missing vehicle is a 404 to crawlers and link previews too
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <div className="mb-4 flex size-16 items-center justify-center rounded-full bg-secondary text-primary">
        <Car className="size-8" aria-hidden />
      </div>
      <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">We can&apos;t find that vehicle</h1>
      <p className="mt-3 max-w-prose text-base text-muted-foreground">
        It may have been removed from our inventory, or the link may be mistyped. Plenty more are waiting on our lots in Edmonton and Calgary.
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Button asChild size="lg"><Link to="/vehicles"><Car aria-hidden />Browse inventory</Link></Button>
        <Button asChild size="lg" variant="outline"><Link to="/deal-of-the-day">See today&apos;s deal</Link></Button>
      </div>
    </div>
  );
}

function LoadFailed() {
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-16 text-center">
      <h1 className="text-2xl font-extrabold tracking-tight">We couldn&apos;t load this vehicle</h1>
      <p className="mt-3 text-muted-foreground">Please try again in a moment, or call us at {DEALERSHIP.phone}.</p>
      <Button className="mt-6" onClick={() => window.location.reload()}>Try again</Button>
    </div>
  );
}

function DetailsSkeleton() {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 pt-4 pb-16 sm:px-6 lg:pt-6" aria-busy="true">
      <span className="sr-only" role="status">Loading vehicle</span>
      <div className="mb-4 h-4 w-48 animate-pulse rounded bg-muted" />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_400px] lg:gap-10">
        <div className="aspect-[4/3] animate-pulse rounded-xl bg-muted" />
        <div className="flex flex-col gap-4 rounded-xl border border-border p-5">
          <div className="h-8 w-3/4 animate-pulse rounded bg-muted" />
          <div className="h-5 w-1/3 animate-pulse rounded bg-muted" />
          <div className="h-10 w-1/2 animate-pulse rounded bg-muted" />
          <div className="h-20 w-full animate-pulse rounded bg-muted" />
          <div className="h-12 w-full animate-pulse rounded bg-muted" />
        </div>
      </div>
    </div>
  );
}
