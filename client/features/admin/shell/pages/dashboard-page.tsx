// /admin and /admin/dashboard (spec §2; issue 4, "Dashboard"): the figures an inventory manager opens the day with,
// all live from the database — in stock, sold this month, average days on the lot, inventory value, vehicles
// without photos, aged units — with charts (recharts, loaded after the figures), the week's most viewed vehicles
// (issue 6), recent activity from the audit log and a link to every back-office tool (ADMIN_NAV, the one list).
import { Suspense, type ReactNode } from 'react';
import { Link } from '@/components/link';
import { CalendarClock, Camera, Car, DollarSign, Hourglass, ListChecks, ShieldAlert, TrendingUp } from 'lucide-react';
import { AGED_DAYS, type AuditEntry } from '@domain/admin';
import { formatPrice } from '@/lib/format';
import { formatRelativeTime } from '@/lib/relative-time';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ADMIN_NAV } from '../nav';
import { adminNavGroups } from '../components/admin-layout';
import { useDashboard } from '../api/get-dashboard';
import { MostViewed } from '../components/most-viewed';
import { lazyComponent } from '@/lib/lazy-component';
import { DealRatingBands } from '../components/deal-rating-bands';
import { formatDealershipDate } from '@/components/dealership-date';
import { ALBERTA_TIME_LABEL } from '@domain/alberta-time';

const DashboardCharts = lazyComponent('features/admin/shell/components/dashboard-charts', () => import('../components/dashboard-charts'));

export default function AdminDashboardPage() {
  const { data, isPending, isError, refetch } = useDashboard();

  return (
    <div className="grid gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Dashboard</h1>
          <p className="text-muted-foreground">Live figures from the inventory. Stock counts are the dealership&apos;s own vehicles.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild><Link to="/admin/add-vehicle">Add vehicle</Link></Button>
          <Button asChild variant="outline"><Link to="/admin/inventory">Open inventory</Link></Button>
        </div>
      </header>

      {isError ? (
        <div role="alert" className="rounded-xl border border-destructive/40 bg-destructive/10 p-6">
          <p className="font-semibold">The dashboard could not be loaded.</p>
          <Button variant="outline" className="mt-3" onClick={() => void refetch()}>Try again</Button>
        </div>
      ) : (
        <section aria-label="Key figures" className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
          <Stat icon={<Car />} label="In stock" value={data?.inStock.toLocaleString('en-CA')} to="/admin/inventory?status=available" />
          <Stat icon={<TrendingUp />} label="Sold this month" value={data?.soldThisMonth.toLocaleString('en-CA')} to="/admin/inventory?status=sold&sort=updatedAt" />
          <Stat icon={<CalendarClock />} label="Average days on lot" value={data ? (data.averageDaysOnLot === null ? '—' : data.averageDaysOnLot.toLocaleString('en-CA')) : undefined} />
          <Stat icon={<DollarSign />} label="Inventory value" value={data ? formatPrice(data.inventoryValue) : undefined} hint="Sum of advertised prices in stock" />
          <Stat icon={<Camera />} label="Without photos" value={data?.withoutPhotos.toLocaleString('en-CA')} to="/admin/inventory?status=available&noPhotos=true" warn={!!data?.withoutPhotos} />
          <Stat icon={<Hourglass />} label={`Aged over ${AGED_DAYS} days`} value={data?.agedUnits.toLocaleString('en-CA')} to="/admin/inventory?aged=true&sort=daysOnLot" warn={!!data?.agedUnits} />
        </section>
      )}

      {data && data.pendingListings > 0 && (
        <p className="flex items-center gap-2 rounded-xl border border-border bg-card px-4 py-3 text-sm">
          <ListChecks className="size-4 text-primary" aria-hidden />
          {data.pendingListings} private {data.pendingListings === 1 ? 'listing is' : 'listings are'} waiting for review.
          <Link to="/admin/listings" className="font-semibold underline underline-offset-4">Review</Link>
        </p>
      )}

      {data && data.disclosuresIncomplete.count > 0 && (
        <section aria-labelledby="disclosures-flag-title" className="rounded-xl border border-amber-500/50 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-50" data-testid="disclosures-flag">
          <h2 id="disclosures-flag-title" className="flex items-center gap-2 font-semibold">
            <ShieldAlert className="size-4 shrink-0" aria-hidden />
            {data.disclosuresIncomplete.count} used {data.disclosuresIncomplete.count === 1 ? 'vehicle has' : 'vehicles have'} AMVIC disclosures not answered
          </h2>
          <p className="mt-1">AMVIC requires them in writing before a used sale. Answer them on each vehicle&apos;s form.</p>
          <ul className="mt-2 grid gap-1">
            {data.disclosuresIncomplete.vehicles.map((v) => (
              <li key={v.id} className="min-w-0">
                <Link to={`/admin/edit-vehicle/${v.id}`} className="font-semibold underline underline-offset-4">{v.title}</Link>
                {' '}<span className="whitespace-nowrap">· Stock {v.stockNumber} · {v.unanswered} not answered</span>
              </li>
            ))}
          </ul>
          {data.disclosuresIncomplete.count > data.disclosuresIncomplete.vehicles.length && (
            <p className="mt-1">And {data.disclosuresIncomplete.count - data.disclosuresIncomplete.vehicles.length} more, oldest on the lot listed first.</p>
          )}
        </section>
      )}

      {data ? (
        <Suspense fallback={<Skeleton className="h-72 w-full rounded-2xl" aria-label="Loading charts" />}>
          <DashboardCharts data={data} />
        </Suspense>
      ) : isPending ? <Skeleton className="h-72 w-full rounded-2xl" /> : null}

      {data && <DealRatingBands counts={data.dealRatings} />}

      {data && <MostViewed engagement={data.engagement} />}

      <div className="grid gap-4 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="activity-title" className="rounded-2xl border border-border bg-card p-4">
          <div className="mb-3 flex items-baseline justify-between gap-2">
            <h2 id="activity-title" className="text-base font-bold">Recent activity</h2>
            <Link to="/admin/audit-log" className="text-sm underline underline-offset-4">Full audit log</Link>
          </div>
          {isPending ? (
            <div className="grid gap-2">{[0, 1, 2].map((i) => <Skeleton key={i} className="h-10 w-full" />)}</div>
          ) : !data || data.recentActivity.length === 0 ? (
            <p className="text-sm text-muted-foreground">No admin changes yet.</p>
          ) : (
            <ul className="grid gap-1">
              {data.recentActivity.map((e) => <ActivityItem key={e.id} entry={e} />)}
            </ul>
          )}
        </section>

        <nav aria-labelledby="tools-title" className="rounded-2xl border border-border bg-card p-4">
          <h2 id="tools-title" className="mb-3 text-base font-bold">Every tool</h2>
          <div className="grid gap-4">
            {adminNavGroups(ADMIN_NAV.filter((i) => i.to !== '/admin/dashboard')).map(({ group, items }) => (
              <div key={group}>
                <h3 className="mb-1.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{group}</h3>
                <ul className="grid grid-cols-1 gap-1.5 sm:grid-cols-2">
                  {items.map((item) => {
                    const Icon = item.icon;
                    return (
                      <li key={item.to}>
                        <Link to={item.to} className="flex min-h-10 items-center gap-2 rounded-lg border border-border px-3 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring">
                          <Icon className="size-4 shrink-0 text-primary" aria-hidden />{item.label}
                        </Link>
                      </li>
                    );
                  })}
                </ul>
              </div>
            ))}
          </div>
        </nav>
      </div>
    </div>
  );
}

function Stat({ icon, label, value, hint, to, warn }: { icon: ReactNode; label: string; value: string | undefined; hint?: string; to?: string; warn?: boolean }) {
  const body = (
    <>
      <span className="flex items-center gap-2 text-sm text-muted-foreground [&_svg]:size-4">{icon}{label}</span>
      {value === undefined ? <Skeleton className="mt-1 h-8 w-20" /> : (
        <span className={warn ? 'text-2xl font-extrabold tabular-nums text-amber-800 dark:text-amber-200' : 'text-2xl font-extrabold tabular-nums'}>{value}</span>
      )}
      {hint && <span className="text-xs text-muted-foreground">{hint}</span>}
    </>
  );
  const cls = 'flex flex-col gap-1 rounded-2xl border border-border bg-card p-4';
  return to ? <Link to={to} className={`${cls} hover:border-primary focus-visible:outline-2 focus-visible:outline-ring`}>{body}</Link> : <div className={cls}>{body}</div>;
}

function ActivityItem({ entry: e }: { entry: AuditEntry }) {
  const vehicleLink = e.entityType === 'vehicle' && e.entityId && e.action !== 'vehicle.delete' ? `/admin/edit-vehicle/${e.entityId}` : null;
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 rounded-lg px-2 py-1.5 text-sm hover:bg-muted/50">
      <span className="min-w-0">
        {vehicleLink ? <Link to={vehicleLink} className="underline-offset-4 hover:underline">{e.summary || e.action}</Link> : (e.summary || e.action)}
      </span>
      <span className="text-xs text-muted-foreground">
        {e.actorName} · <time dateTime={e.createdAt} title={`${formatDealershipDate(e.createdAt, 'mediumDateTimeSeconds')} ${ALBERTA_TIME_LABEL}`}>{formatRelativeTime(e.createdAt)}</time>
      </span>
    </li>
  );
}
