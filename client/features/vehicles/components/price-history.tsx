// Days on the lot and price history ("Price dropped $X on DATE"), newest first, like the best marketplaces show.
import { DealershipDate, formatDealershipDate } from '@/components/dealership-date';
import { CalendarClock, Eye, TrendingDown, TrendingUp } from 'lucide-react';
import { TICKER_MIN_VIEWS } from '@domain/analytics-rules';
import type { PriceChange } from '@domain/vehicle';
import { formatPrice } from '@/lib/format';
import { useRenderTime } from '@/lib/use-render-time';
import { useVehicleViews } from '../api/get-vehicle-views';

const DAY = 24 * 3600_000;

export function daysOnLot(createdAt: string, now: Date = new Date()): number {
  return Math.max(0, Math.floor((now.getTime() - new Date(createdAt).getTime()) / DAY));
}

export function daysOnLotText(days: number): string {
  if (days === 0) return 'Listed today';
  return `${days} ${days === 1 ? 'day' : 'days'} on our lot`;
}

/** Price changes only (the first listing price has no previous price), newest first. */
export function priceChanges(history: PriceChange[]) {
  return [...history]
    .filter((h) => h.previousPrice !== null && h.previousPrice !== h.price)
    .sort((a, b) => b.changedAt.localeCompare(a.changedAt))
    .map((h) => ({ ...h, delta: h.price - h.previousPrice!, date: formatDealershipDate(h.changedAt, 'medium') }));
}

/**
 * issue 6: "viewed N times this week" from our own page-view counts, from the ticker's threshold up: views are not
 * de-duplicated, so a smaller count may be this very shopper coming back (domain/analytics-rules.ts).
 */
export function viewsText(views: number, days: number): string | null {
  if (views < TICKER_MIN_VIEWS) return null;
  const period = days === 7 ? 'this week' : `in the last ${days} days`;
  return `Viewed ${views.toLocaleString('en-CA')} times ${period}`;
}

export function PriceHistory({ vehicleId, createdAt, history, sold }: { vehicleId: number; createdAt: string; history: PriceChange[]; sold: boolean }) {
  const changes = priceChanges(history);
  const days = daysOnLot(createdAt, new Date(useRenderTime()));
  const views = useVehicleViews(vehicleId, !sold);
  const viewed = views.data ? viewsText(views.data.views, views.data.days) : null;
  return (
    <section aria-labelledby="history-title" className="rounded-xl border border-border bg-card p-4 sm:p-5">
      <h2 id="history-title" className="text-lg font-bold tracking-tight">Listing history</h2>
      <ul className="mt-3 flex flex-col gap-2.5 text-sm">
        {!sold && (
          <li className="flex items-center gap-2">
            <CalendarClock className="size-4 text-muted-foreground" aria-hidden />
            <span>{daysOnLotText(days)}</span>
            <span className="text-muted-foreground">(since <DealershipDate iso={createdAt} style="medium" />)</span>
          </li>
        )}
        {viewed && (
          <li className="flex items-center gap-2">
            <Eye className="size-4 text-muted-foreground" aria-hidden />
            <span>{viewed}</span>
          </li>
        )}
        {changes.map((c) => (
          <li key={c.changedAt} className="flex items-center gap-2">
            {c.delta < 0
              ? <TrendingDown className="size-4 text-success" aria-hidden />
              : <TrendingUp className="size-4 text-muted-foreground" aria-hidden />}
            <span>
              {c.delta < 0 ? `Price dropped ${formatPrice(-c.delta)}` : `Price raised ${formatPrice(c.delta)}`} on <time dateTime={c.changedAt} suppressHydrationWarning>{c.date}</time>
              <span className="text-muted-foreground"> ({formatPrice(c.previousPrice!)} → {formatPrice(c.price)})</span>
            </span>
          </li>
        ))}
        {changes.length === 0 && <li className="text-muted-foreground">No price changes since it was listed.</li>}
      </ul>
    </section>
  );
}
