// Private-seller marketplace strip (spec §1: private listings sit next to dealer listings). Lazily loaded.
import { Link } from '@/components/link';
import { ArrowRight, ShieldCheck, Store } from 'lucide-react';
import { VehicleCard } from '@/components/vehicle-card';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { PRIVATE_LISTINGS_COUNT, usePrivateListings } from '../api/get-private-listings';

const scroller = 'flex snap-x snap-mandatory gap-4 overflow-x-auto pb-4 [scrollbar-width:thin]';
const item = 'flex w-[85%] shrink-0 snap-start sm:w-[calc(50%-0.5rem)] lg:w-[calc(33.333%-0.75rem)] xl:w-[calc(25%-0.75rem)]';

export default function PrivateSellers() {
  const { data, isPending, isError } = usePrivateListings();
  const vehicles = data ?? [];
  return (
    <section aria-labelledby="private-title" className="border-y border-border bg-muted/50">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:py-16">
        <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
          <div className="max-w-2xl">
            <p className="mb-1 inline-flex items-center gap-1.5 text-sm font-semibold text-primary"><Store className="size-4" aria-hidden />Private seller marketplace</p>
            <h2 id="private-title" className="text-2xl font-extrabold tracking-tight sm:text-3xl">From Alberta owners</h2>
            <p className="mt-2 text-muted-foreground">
              Private listings are sold by their owners, not by us. We review each listing before it goes live, but the
              seller sets the price and answers for the vehicle: ask for its history and get an independent inspection
              before you buy.
            </p>
          </div>
          <Button asChild variant="outline">
            <Link to="/sell-my-vehicle">Sell your vehicle<ArrowRight aria-hidden /></Link>
          </Button>
        </div>
        {isPending ? (
          <div className={scroller} aria-busy="true">
            <span className="sr-only">Loading private listings</span>
            {Array.from({ length: 4 }, (_, i) => (
              <div key={i} className={item}><Skeleton className="aspect-[4/5] w-full rounded-xl" /></div>
            ))}
          </div>
        ) : isError || vehicles.length === 0 ? (
          <p className="flex items-center gap-2 rounded-xl border border-border bg-card p-6 text-muted-foreground">
            <ShieldCheck className="size-5 shrink-0 text-success" aria-hidden />
            {isError ? 'Private listings could not be loaded right now.' : 'No private listings right now. Selling your own vehicle? List it with us.'}
          </p>
        ) : (
          <ul className={scroller} aria-label={`Up to ${PRIVATE_LISTINGS_COUNT} private listings`}>
            {vehicles.map((v) => (
              <li key={v.id} className={item}><VehicleCard vehicle={v} /></li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
