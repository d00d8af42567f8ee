// /saved (spec §2; issue 5 "Saved vehicles"): every saved vehicle with its price change since it was saved
// ("$1,500 less than when you saved it"); a vehicle sold since is marked sold, with similar vehicles offered.
// Remove one (spec §4 toast) or clear all. Signed-in users also see their saved searches here.
import { DealershipDate } from '@/components/dealership-date';
import { useState } from 'react';
import { Link } from '@/components/link';
import { useQueries } from '@tanstack/react-query';
import { ArrowDownRight, ArrowUpRight, Heart, HeartOff, Trash2 } from 'lucide-react';
import { priceChangeSinceSaved, savedEmptyHint, type SavedVehicleEntry } from '@domain/saved';
import { vehicleTitle, type VehicleDetail } from '@domain/vehicle';
import { useSimilarVehicles } from '@/lib/api/get-similar-vehicles';
import { vehicleQueryOptions } from '@/lib/api/get-vehicle';
import { useAuth } from '@/lib/auth';
import { isApiError } from '@/lib/api-client';
import { formatKm, formatPrice } from '@/lib/format';
import { clearSavedVehicles, toggleSavedVehicle } from '@/lib/saved-vehicles';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { VehiclePhoto } from '@/components/vehicle-photo';
import { HeldUntil } from '@/components/held-until';
import { SavedSearches } from '../components/saved-searches';
import { useSavedEntries } from '../use-saved-entries';

export default function SavedPage() {
  const { isAuthenticated } = useAuth();
  const entries = useSavedEntries();
  const results = useQueries({ queries: entries.map((e) => vehicleQueryOptions(e.vehicleId)) });
  const [confirmClear, setConfirmClear] = useState(false);

  return (
    // A visitor's list lives in this browser: the server renders the empty list, the browser fills it after
    // hydration. The page keeps a screen's height either way, so the footer never moves into view (issue 14).
    <div className="mx-auto min-h-[85dvh] w-full max-w-5xl px-4 py-8 sm:py-10">
      <header className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Saved vehicles</h1>
          <p className="mt-1 text-muted-foreground">
            {entries.length ? `${entries.length} saved ${entries.length === 1 ? 'vehicle' : 'vehicles'}.` : 'Nothing saved yet.'}{' '}
            {isAuthenticated
              ? 'We tell you under the bell when a saved vehicle drops in price or sells.'
              : <><Link to="/login?redirect=%2Fsaved" className="font-medium text-primary hover:underline">Log in</Link> to save vehicles on every device and hear about price drops.</>}
          </p>
        </div>
        {entries.length > 0 && (
          <Button variant="outline" onClick={() => setConfirmClear(true)}><Trash2 aria-hidden />Clear all</Button>
        )}
      </header>

      {entries.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-border p-10 text-center">
          <Heart className="mx-auto size-10 text-muted-foreground" aria-hidden />
          {/* spec §6: the heart is for signed-in shoppers only, so a visitor is told to log in first (issue 21). */}
          {/* Issue 57: "tap" only where the pointer is a finger. */}
          <p className="mt-3 font-semibold pointer-coarse:hidden">{savedEmptyHint('select', isAuthenticated)}</p>
          <p className="mt-3 hidden font-semibold pointer-coarse:block">{savedEmptyHint('tap', isAuthenticated)}</p>
          <div className="mt-4 flex flex-wrap justify-center gap-2">
            {!isAuthenticated && <Button asChild variant="outline"><Link to="/login?redirect=%2Fsaved">Log in</Link></Button>}
            <Button asChild><Link to="/vehicles">Browse vehicles</Link></Button>
          </div>
        </div>
      ) : (
        <ul aria-label="Your saved vehicles" className="grid gap-4">
          {entries.map((entry, i) => {
            const r = results[i]!;
            return (
              <li key={entry.vehicleId}>
                {r.isPending ? <Skeleton className="h-36 w-full rounded-xl" />
                  : r.isError ? <MissingVehicle entry={entry} gone={isApiError(r.error) && r.error.status === 404} />
                    : <SavedVehicleRow entry={entry} vehicle={r.data} />}
              </li>
            );
          })}
        </ul>
      )}

      {isAuthenticated && <SavedSearches />}

      <ConfirmDialog
        open={confirmClear}
        onOpenChange={setConfirmClear}
        title="Clear your saved vehicles?"
        description="Every vehicle is removed from your saved list. Price-drop alerts for them stop."
        confirmLabel="Clear all"
        destructive
        onConfirm={() => {
          clearSavedVehicles();
          setConfirmClear(false);
          toast({ title: 'Removed from saved vehicles', description: 'Your saved list is empty.' });
        }}
      />
    </div>
  );
}

function unsave(vehicle: { id: number; price?: number }) {
  toggleSavedVehicle(vehicle);
  toast({ title: 'Removed from saved vehicles' }); // spec §4
}

function PriceChange({ entry, price }: { entry: SavedVehicleEntry; price: number }) {
  const change = priceChangeSinceSaved(entry.originalPrice, price);
  if (!entry.originalPrice) return null;
  if (!change) return <p className="text-sm text-muted-foreground">Same price as when you saved it</p>;
  const down = change.direction === 'down';
  const Icon = down ? ArrowDownRight : ArrowUpRight;
  return (
    <p className={down ? 'flex items-center gap-1 text-sm font-semibold text-success-soft-foreground' : 'flex items-center gap-1 text-sm font-medium text-muted-foreground'}>
      <Icon className="size-4" aria-hidden />
      {formatPrice(change.amount)} {down ? 'less' : 'more'} than when you saved it
    </p>
  );
}

function SavedVehicleRow({ entry, vehicle }: { entry: SavedVehicleEntry; vehicle: VehicleDetail }) {
  const name = vehicleTitle(vehicle);
  return (
    <article aria-label={name} className="overflow-hidden rounded-xl border border-border bg-card shadow-sm">
      <div className="flex flex-col gap-4 p-4 sm:flex-row">
        <Link to={`/vehicles/${vehicle.id}`} className="relative block aspect-[4/3] w-full shrink-0 overflow-hidden rounded-lg bg-muted sm:w-48" tabIndex={-1} aria-hidden>
          <VehiclePhoto photo={vehicle.photos[0]} alt="" sizes="(min-width: 640px) 192px, 100vw" className={vehicle.isSold ? 'opacity-60 grayscale' : undefined} />
        </Link>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-lg font-bold"><Link to={`/vehicles/${vehicle.id}`} className="hover:underline">{name}</Link></h2>
            {vehicle.isSold && <Badge variant="destructive">Sold</Badge>}
          </div>
          <p className="text-sm text-muted-foreground">{formatKm(vehicle.mileage)} · {vehicle.location} · Stock #{vehicle.stockNumber}</p>
          <p className="text-xl font-extrabold">{formatPrice(vehicle.price)}</p>
          {/* Issue 33 §1: a held vehicle says so here too; the holder reads "Held for you until …". */}
          <HeldUntil vehicle={vehicle} className="self-start" />
          {!vehicle.isSold && <PriceChange entry={entry} price={vehicle.price} />}
          {entry.savedAt && <p className="text-xs text-muted-foreground">Saved on <DealershipDate iso={entry.savedAt} />{entry.originalPrice ? ` at ${formatPrice(entry.originalPrice)}` : ''}</p>}
        </div>
        <div className="flex shrink-0 items-start">
          <Button variant="ghost" size="sm" onClick={() => unsave(vehicle)} aria-label={`Remove ${name} from saved vehicles`}>
            <HeartOff aria-hidden />Remove
          </Button>
        </div>
      </div>
      {vehicle.isSold && <SimilarOffer vehicleId={vehicle.id} name={name} />}
    </article>
  );
}

function SimilarOffer({ vehicleId, name }: { vehicleId: number; name: string }) {
  const similar = useSimilarVehicles(vehicleId);
  return (
    <section aria-label={`Vehicles similar to the ${name}`} className="border-t border-border bg-secondary/40 p-4">
      <h3 className="text-sm font-bold">This one has been sold. Similar vehicles on our lot:</h3>
      {similar.isPending ? <Skeleton className="mt-2 h-16 w-full" />
        : !similar.data?.length ? <p className="mt-1 text-sm text-muted-foreground">Nothing close right now. <Link to="/vehicles" className="font-medium text-primary hover:underline">Browse all vehicles</Link>.</p>
          : (
            <ul className="mt-2 grid gap-2 sm:grid-cols-3">
              {similar.data.slice(0, 3).map((v) => (
                <li key={v.id}>
                  <Link to={`/vehicles/${v.id}`} className="flex items-center gap-2 rounded-lg border border-border bg-card p-2 hover:shadow-sm">
                    <span className="relative block aspect-[4/3] w-20 shrink-0 overflow-hidden rounded bg-muted">
                      <VehiclePhoto photo={v.photos[0]} alt="" sizes="80px" />
                    </span>
                    <span className="min-w-0 text-sm">
                      <span className="block truncate font-semibold">{vehicleTitle(v, { trim: false })}</span>
                      <span className="block">{formatPrice(v.price)}</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
    </section>
  );
}

function MissingVehicle({ entry, gone }: { entry: SavedVehicleEntry; gone: boolean }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border bg-card p-4">
      <p className="text-sm">
        {gone ? 'This vehicle is no longer listed.' : 'This vehicle could not be loaded right now.'}
        {entry.originalPrice ? ` You saved it at ${formatPrice(entry.originalPrice)}.` : ''}
      </p>
      <Button variant="ghost" size="sm" onClick={() => unsave({ id: entry.vehicleId })}><HeartOff aria-hidden />Remove</Button>
    </div>
  );
}
