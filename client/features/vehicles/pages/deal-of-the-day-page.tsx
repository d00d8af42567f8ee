// /deal-of-the-day (shopping issue): one featured sale vehicle per Edmonton calendar day, a live countdown to the
// next one, and the other current sale vehicles ranked by saving.
import { useEffect, useState } from 'react';
import { Link } from '@/components/link';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowRight, CalendarCheck, Clock, Flame, Gauge, MapPin, Tag } from 'lucide-react';
import { msUntilNextDeal, savingOf } from '@domain/deals';
import { ALL_IN_PRICE_NOTE } from '@domain/settings';
import type { Vehicle } from '@domain/vehicle';
import { formatKm, formatPrice } from '@/lib/format';
import { BookingModal } from '@/components/booking-modal';
import { PaymentEstimate } from '@/components/payment-estimate';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { VehicleCard, VehicleCardSkeleton } from '@/components/vehicle-card';
import { vehicleTitle } from '@domain/vehicle-title';
import { VehiclePhoto } from '@/components/vehicle-photo';
import { dealsTodayQueryOptions, useDealsToday } from '../api/get-deals-today';
import { useRenderTime } from '@/lib/use-render-time';
import { albertaDate } from '@domain/alberta-time';

const pad = (n: number) => String(n).padStart(2, '0');

export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/** 'Next deal in HH:MM:SS', ticking each second; when the day turns in Edmonton the deal is fetched again. */
function Countdown({ dealDate, nextDealAt }: { dealDate: string | undefined; nextDealAt: string | undefined }) {
  const qc = useQueryClient();
  const renderTime = useRenderTime();
  // From the server's own "next midnight in Edmonton" when known: the server and the browser may disagree on
  // the zone's offset (their time zone data differ), and the hydrating render must show the server's figure.
  const until = (now: Date) => {
    const next = nextDealAt ? Date.parse(nextDealAt) : NaN;
    return Number.isNaN(next) ? msUntilNextDeal(now) : Math.max(0, next - now.getTime());
  };
  const [ms, setMs] = useState(() => until(new Date(renderTime)));
  useEffect(() => {
    const timer = window.setInterval(() => {
      const now = new Date();
      setMs(until(now));
      const turned = nextDealAt ? now.getTime() >= Date.parse(nextDealAt) : !!dealDate && albertaDate(now) !== dealDate;
      if (turned) void qc.invalidateQueries({ queryKey: dealsTodayQueryOptions().queryKey });
    }, 1000);
    return () => window.clearInterval(timer);
    // until() reads nextDealAt, which is among the dependencies.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dealDate, nextDealAt, qc]);
  return (
    // A screen reader announcing every second would drown the page: the timer is read on demand only.
    <p role="timer" aria-live="off" aria-atomic="true" className="inline-flex items-center gap-2 rounded-full bg-white/10 px-4 py-2 text-sm font-semibold text-white ring-1 ring-white/30">
      <Clock className="size-4" aria-hidden />
      Next deal in <span className="font-mono text-base tabular-nums" data-testid="countdown">{formatCountdown(ms)}</span>
    </p>
  );
}

function FeaturedDeal({ deal, onBook }: { deal: Vehicle; onBook: () => void }) {
  const title = vehicleTitle(deal, { trim: false });
  const saving = savingOf(deal);
  return (
    <article className="grid overflow-hidden rounded-2xl border border-border bg-card shadow-lg md:grid-cols-[minmax(0,1.25fr)_minmax(0,1fr)]" aria-labelledby="deal-title" data-testid="featured-deal">
      <Link to={`/vehicles/${deal.id}`} className="relative block aspect-[4/3] bg-muted md:aspect-auto md:min-h-96" tabIndex={-1} aria-hidden>
        <VehiclePhoto photo={deal.photos[0]} alt={title} sizes="(min-width: 768px) 55vw, 100vw" priority className="absolute inset-0 size-full" />
        {saving > 0 && (
          <span className="absolute top-3 left-3 inline-flex items-center gap-1.5 rounded-full bg-success px-3 py-1.5 text-sm font-bold text-success-foreground shadow">
            <Tag className="size-4" aria-hidden />Save {formatPrice(saving)}
          </span>
        )}
      </Link>
      <div className="flex flex-col gap-4 p-5 sm:p-7">
        <div className="flex flex-wrap gap-1.5">
          <Badge variant="accent"><Flame aria-hidden />Deal of the day</Badge>
          {deal.condition === 'new' && <Badge>New</Badge>}
          {deal.sellerType === 'private seller' && <Badge variant="secondary">Private seller</Badge>}
        </div>
        <h2 id="deal-title" className="text-2xl leading-tight font-extrabold tracking-tight sm:text-3xl">
          <Link to={`/vehicles/${deal.id}`} className="hover:text-primary">{title}</Link>{' '}
          <span className="block text-lg font-semibold text-muted-foreground">{deal.trim ?? 'Base'}</span>
        </h2>
        <div>
          <div className="flex flex-wrap items-baseline gap-x-3">
            <span className="text-4xl font-extrabold tracking-tight">{formatPrice(deal.price)}</span>
            {saving > 0 && (
              <span className="text-lg text-muted-foreground line-through"><span className="sr-only">was </span>{formatPrice(deal.originalPrice!)}</span>
            )}
          </div>
          <p className="mt-1 text-xs text-muted-foreground">{ALL_IN_PRICE_NOTE}</p>
        </div>
        <PaymentEstimate vehicle={deal} />
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1"><Gauge className="size-4" aria-hidden />{formatKm(deal.mileage)}</span>
          <span className="inline-flex items-center gap-1"><MapPin className="size-4" aria-hidden />{deal.location}</span>
          <span>Stock # <span className="font-mono text-foreground">{deal.stockNumber}</span></span>
        </p>
        <div className="mt-auto flex flex-col gap-2 sm:flex-row">
          <Button asChild size="lg" className="flex-1">
            <Link to={`/vehicles/${deal.id}`}>View this vehicle<ArrowRight aria-hidden /></Link>
          </Button>
          <Button size="lg" variant="outline" className="flex-1" onClick={onBook}>
            <CalendarCheck aria-hidden />Book a Test Drive
          </Button>
        </div>
      </div>
    </article>
  );
}

export default function DealOfTheDayPage() {
  const { data, isPending, isError } = useDealsToday();
  const [booking, setBooking] = useState(false);
  const deal = data?.deal ?? null;

  return (
    <div className="pb-16">
      <section className="bg-gradient-to-br from-blue-800 via-blue-900 to-slate-900 pt-8 pb-24 text-white sm:pt-12 dark:from-blue-950 dark:via-slate-900 dark:to-slate-950">
        <div className="mx-auto flex w-full max-w-7xl flex-col items-start gap-3 px-4 sm:px-6">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Deal of the Day</h1>
          <p className="max-w-2xl text-base text-white/90">
            One standout price cut from our Edmonton and Calgary lots, picked fresh every day at midnight, plus every other vehicle on sale right now.
          </p>
          <Countdown dealDate={data?.date} nextDealAt={data?.nextDealAt} />
        </div>
      </section>

      <div className="mx-auto -mt-16 w-full max-w-7xl px-4 sm:px-6">
        {isPending && <div className="h-96 animate-pulse rounded-2xl border border-border bg-card shadow-lg" aria-busy="true"><span className="sr-only">Loading today&apos;s deal</span></div>}
        {isError && (
          <div className="rounded-2xl border border-border bg-card p-8 text-center shadow-lg">
            <h2 className="text-xl font-bold">We couldn&apos;t load today&apos;s deals</h2>
            <p className="mt-2 text-muted-foreground">Please try again later, or browse the whole inventory.</p>
            <Button asChild className="mt-4"><Link to="/vehicles">Browse vehicles</Link></Button>
          </div>
        )}
        {data && !deal && (
          <div className="rounded-2xl border border-border bg-card p-8 text-center shadow-lg">
            <h2 className="text-xl font-bold">No vehicles are on sale today</h2>
            <p className="mt-2 text-muted-foreground">Our prices are already sharp: have a look at the whole inventory.</p>
            <Button asChild className="mt-4"><Link to="/vehicles">Browse vehicles</Link></Button>
          </div>
        )}
        {deal && <FeaturedDeal deal={deal} onBook={() => setBooking(true)} />}

        {(isPending || (data && data.others.length > 0)) && (
          <section aria-labelledby="others-title" className="mt-12">
            <h2 id="others-title" className="text-2xl font-extrabold tracking-tight">More vehicles on sale</h2>
            <p className="mt-1 text-sm text-muted-foreground">Biggest savings first.</p>
            <div className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {isPending
                ? Array.from({ length: 6 }, (_, i) => <VehicleCardSkeleton key={i} />)
                : data.others.map((v, i) => <VehicleCard key={v.id} vehicle={v} priority={i < 3 ? 'eager' : false} />)}
            </div>
          </section>
        )}
      </div>

      {deal && <BookingModal open={booking} onOpenChange={setBooking} vehicle={{ id: deal.id, title: vehicleTitle(deal), location: deal.location }} />}
    </div>
  );
}
