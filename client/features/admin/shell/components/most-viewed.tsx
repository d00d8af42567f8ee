// The dashboard's engagement (issue 6: views per vehicle feed the dashboard): the week's vehicle-page views and the
// most viewed vehicles with their bookings, from our own first-party counts. A plain table, not a chart: ten rows
// read better as numbers, each links to its vehicle, and screen readers get the same table everyone sees.
import { Link } from '@/components/link';
import { Eye } from 'lucide-react';
import type { VehicleEngagement } from '@domain/admin';
import { vehicleTitle } from '@domain/vehicle';
import { Badge } from '@/components/ui/badge';
import { TableScroll } from '@/components/ui/table-scroll';

const STATUS_LABEL = { available: null, pending: 'Pending review', sold: 'Sold' } as const;

export function MostViewed({ engagement: e }: { engagement: VehicleEngagement }) {
  const period = e.days === 7 ? 'this week' : `in the last ${e.days} days`;
  const max = Math.max(1, ...e.topVehicles.map((v) => v.views));
  return (
    <section aria-labelledby="most-viewed-title" className="rounded-2xl border border-border bg-card p-4">
      <div className="mb-1 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="most-viewed-title" className="text-base font-bold">Most viewed vehicles {period}</h2>
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <Eye className="size-4 text-primary" aria-hidden />
          <span><strong className="font-extrabold text-foreground tabular-nums">{e.totalViews.toLocaleString('en-CA')}</strong> vehicle-page views {period}</span>
        </p>
      </div>
      <p className="mb-3 text-xs text-muted-foreground">
        Counted by our own site, anonymously, over the last {e.days} days; browsers that ask not to be tracked are not counted.
      </p>
      {e.topVehicles.length === 0 ? (
        <p className="text-sm text-muted-foreground">No vehicle pages viewed {period} yet.</p>
      ) : (
        <TableScroll>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Most viewed vehicles {period}, with their views and appointments booked</caption>
            <thead className="text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="py-1.5 pr-3 font-semibold">Vehicle</th>
                <th scope="col" className="py-1.5 pr-3 font-semibold">Views</th>
                <th scope="col" className="py-1.5 text-right font-semibold">Appointments</th>
              </tr>
            </thead>
            <tbody>
              {e.topVehicles.map((v) => {
                const status = STATUS_LABEL[v.status];
                return (
                  <tr key={v.id} className="border-t border-border">
                    <th scope="row" className="py-2 pr-3 font-normal">
                      <Link to={`/vehicles/${v.id}`} className="font-semibold underline-offset-4 hover:underline">
                        {vehicleTitle(v)}
                      </Link>
                      <span className="block text-xs text-muted-foreground">
                        Stock # {v.stockNumber}
                        {status && <Badge variant="outline" className="ml-2 align-middle">{status}</Badge>}
                      </span>
                    </th>
                    <td className="py-2 pr-3 sm:w-2/5">
                      <span className="flex items-center gap-2">
                        <span aria-hidden className="relative hidden h-2 flex-1 overflow-hidden rounded-full bg-muted sm:block">
                          <span className="absolute inset-y-0 left-0 rounded-full bg-primary" style={{ width: `${Math.max(4, (v.views / max) * 100)}%` }} />
                        </span>
                        <span className="font-semibold tabular-nums sm:min-w-10 sm:text-right">{v.views.toLocaleString('en-CA')}</span>
                      </span>
                    </td>
                    <td className="py-2 text-right tabular-nums">{v.appointments.toLocaleString('en-CA')}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
