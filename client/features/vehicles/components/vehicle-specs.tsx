// Key specs table and features list of the vehicle page. Stock number and VIN are always shown (AMVIC).
import { CheckCircle2 } from 'lucide-react';
import type { Vehicle } from '@domain/vehicle';
import { formatKm } from '@/lib/format';

const or = (v: string | number | null | undefined, fallback = 'Not specified') => (v === null || v === undefined || v === '' ? fallback : String(v));

function specRows(v: Vehicle): [string, string][] {
  return [
    ['Year', String(v.year)],
    ['Make', v.make],
    ['Model', v.model],
    ['Trim', v.trim ?? 'Base'],
    ['Body type', v.bodyType],
    ['Condition', v.condition === 'new' ? 'New' : 'Used'],
    ['Kilometres', formatKm(v.mileage)],
    ['Transmission', v.transmission],
    ['Engine', or(v.engine)],
    ['Drivetrain', or(v.drivetrain)],
    ['Fuel', v.fuelType],
    ['Exterior colour', v.exteriorColor],
    ['Interior colour', or(v.interiorColor)],
    ['Doors', or(v.doors)],
    ['Seats', or(v.seats)],
    ['Location', v.location],
    ['Stock number', v.stockNumber],
    ['VIN', v.vin],
  ];
}

function SpecsTable({ vehicle }: { vehicle: Vehicle }) {
  return (
    <section aria-labelledby="specs-title">
      <h2 id="specs-title" className="text-xl font-bold tracking-tight">Key specs</h2>
      <dl className="mt-3 grid overflow-hidden rounded-xl border border-border bg-card sm:grid-cols-2" data-testid="specs">
        {specRows(vehicle).map(([label, value]) => (
          <div key={label} className="flex items-baseline justify-between gap-4 border-b border-border px-4 py-2.5 text-sm sm:[&:nth-last-child(-n+2)]:border-b-0 last:border-b-0 sm:odd:border-r">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className={label === 'VIN' || label === 'Stock number' ? 'font-mono font-semibold break-all text-right' : 'text-right font-semibold'}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function FeaturesList({ features }: { features: string[] }) {
  if (!features.length) return null;
  return (
    <section aria-labelledby="features-title">
      <h2 id="features-title" className="text-xl font-bold tracking-tight">Features</h2>
      <ul className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-2">
        {features.map((f) => (
          <li key={f} className="flex items-start gap-2 text-sm">
            <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />{f}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The key specs and the features: one part of the vehicle page, hydrated when near the viewport (lazyOnView). */
export function VehicleSpecs({ vehicle }: { vehicle: Vehicle }) {
  return (
    <>
      <SpecsTable vehicle={vehicle} />
      <FeaturesList features={vehicle.features} />
    </>
  );
}
