// The comparison dialog of spec §2: up to 3 vehicles side by side, best values marked (green and in words,
// so colour is never the only cue), remove and View Details per vehicle. Rows line up across columns
// (CSS subgrid); on phones the columns scroll sideways with snap points.
import { useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Award, ImageOff, Trash2 } from 'lucide-react';
import { ageText, bestValues, featureSummary } from '@domain/compare';
import { COMPARE_MAX } from '@domain/constants';
import { vehicleTitle, type Vehicle } from '@domain/vehicle';
import { cn } from '@/lib/cn';
import { removeCompare, useCompareList } from '@/lib/compare';
import { formatKm, formatPrice } from '@/lib/format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { RefObject } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { VehiclePhoto } from '@/components/vehicle-photo';

/** Rows per column: photo, heading, price, mileage, age, engine, drivetrain, features, actions. */
const ROWS = 9;

export function CompareDialog({ open, onOpenChange, returnFocus }: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opened without a Radix trigger, the dialog gives focus back here on closing (keyboard users keep their place). */
  returnFocus?: RefObject<HTMLElement | null>;
}) {
  const list = useCompareList();
  const shown = list.slice(0, COMPARE_MAX);
  // A single vehicle has nothing to beat: mark best values only when there is a comparison.
  const best = shown.length > 1 ? bestValues(shown) : null;
  const count = list.length;
  const title = useRef<HTMLHeadingElement>(null);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-5xl gap-5 p-4 sm:p-6"
        closeLabel="Close comparison"
        // Focus starts at the title, at the top of what is read: Radix would pick the first button, the first
        // column's View Details, below the fold of a phone and scrolled past the photo and specs (issue 21).
        onOpenAutoFocus={(e) => { e.preventDefault(); title.current?.focus(); }}
        onCloseAutoFocus={(e) => { if (returnFocus?.current?.isConnected) { e.preventDefault(); returnFocus.current.focus(); } }}
      >
        <DialogHeader>
          <div className="flex flex-wrap items-center gap-2">
            <DialogTitle ref={title} tabIndex={-1} className="text-xl outline-none">Vehicle Comparison</DialogTitle>
            <Badge variant="secondary">{count} {count === 1 ? 'vehicle' : 'vehicles'}</Badge>
          </div>
          <DialogDescription className={cn(count === 0 && 'sr-only')}>
            Best values are marked in green: lowest price, lowest mileage and newest year.
          </DialogDescription>
        </DialogHeader>

        {count === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-border px-4 py-12 text-center">
            <p className="text-lg font-semibold">No Vehicles to Compare</p>
            <p className="text-sm text-muted-foreground">Select vehicles from the inventory to start comparing</p>
          </div>
        ) : (
          <>
            {count > COMPARE_MAX && (
              <p role="status" className="rounded-md border border-accent bg-accent/15 px-3 py-2 text-sm font-medium">
                Showing first {COMPARE_MAX} vehicles. Remove some to compare others.
              </p>
            )}
            {shown.length > 1 && (
              <p className="-mt-2 text-xs text-muted-foreground md:hidden">Scroll sideways to see every vehicle.</p>
            )}
            <div className="-mx-4 overflow-x-auto overscroll-x-contain px-4 pb-2 sm:mx-0 sm:px-0 snap-x snap-mandatory scroll-px-4">
              <ul
                aria-label="Vehicles compared"
                className="grid gap-x-3 md:gap-x-4"
                style={{
                  gridTemplateColumns: `repeat(${shown.length}, minmax(15rem, 1fr))`,
                  gridTemplateRows: `repeat(${ROWS}, auto)`,
                }}
              >
                {shown.map((v) => (
                  <CompareColumn key={v.id} vehicle={v} best={best} onViewDetails={() => onOpenChange(false)} />
                ))}
              </ul>
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function CompareColumn({
  vehicle: v,
  best,
  onViewDetails,
}: {
  vehicle: Vehicle;
  best: ReturnType<typeof bestValues> | null;
  onViewDetails: () => void;
}) {
  const navigate = useNavigate();
  const name = vehicleTitle(v, { trim: false });
  const features = featureSummary(v.features);
  const cover = v.photos[0];
  const image = v.images[0];

  return (
    <li
      className="row-span-9 grid snap-start grid-rows-subgrid gap-y-0 overflow-hidden rounded-xl border border-border bg-card"
      aria-label={name}
    >
      <div className="relative aspect-[16/9] overflow-hidden bg-muted">
        {cover ? (
          <VehiclePhoto photo={cover} alt={name} sizes="(min-width: 768px) 320px, 80vw" className="size-full" />
        ) : image ? (
          <img src={image} alt={name} className="size-full object-cover" loading="lazy" />
        ) : (
          <div className="flex size-full flex-col items-center justify-center gap-1 text-muted-foreground">
            <ImageOff className="size-8" aria-hidden />
            <span className="text-sm font-medium">No Image</span>
          </div>
        )}
      </div>
      <div className="px-4 pt-3">
        <h3 className="text-base leading-snug font-bold">{name}</h3>
        <p className="text-sm text-muted-foreground">{v.trim || 'Base'}</p>
        <p className="mt-0.5 text-xs text-muted-foreground">Stock # <span className="font-mono">{v.stockNumber}</span></p>
      </div>
      <Spec label="Price" bestLabel="Lowest price" isBest={!!best?.price.has(v.id)}>
        <span className="text-lg font-extrabold">{formatPrice(v.price)}</span>
      </Spec>
      <Spec label="Mileage" bestLabel="Lowest mileage" isBest={!!best?.mileage.has(v.id)}>
        {formatKm(v.mileage)}
      </Spec>
      <Spec label="Age" bestLabel="Newest" isBest={!!best?.year.has(v.id)}>
        {ageText(v.year)} <span className="font-normal opacity-90">({v.year})</span>
      </Spec>
      <Spec label="Engine">{v.engine || 'Not specified'}</Spec>
      <Spec label="Drivetrain">{v.drivetrain || 'Not specified'}</Spec>
      <div className="border-t border-border px-4 py-2.5">
        <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Features</p>
        {features.empty ? (
          <p className="mt-1 text-sm text-muted-foreground">{features.empty}</p>
        ) : (
          <ul className="mt-1.5 flex flex-wrap gap-1.5">
            {features.shown.map((f) => (
              <li key={f} className="rounded-full bg-secondary px-2 py-0.5 text-xs text-secondary-foreground">{f}</li>
            ))}
            {features.more && <li className="px-1 py-0.5 text-xs font-semibold text-muted-foreground">{features.more}</li>}
          </ul>
        )}
      </div>
      <div className="flex items-end gap-2 border-t border-border p-3">
        <Button
          className="flex-1"
          aria-label={`View Details: ${name}`}
          onClick={() => {
            onViewDetails();
            navigate(`/vehicles/${v.id}`);
          }}
        >
          View Details
        </Button>
        <Button variant="outline" size="icon" onClick={() => removeCompare(v.id)} aria-label={`Remove ${name} from comparison`} title="Remove from comparison">
          <Trash2 aria-hidden />
        </Button>
      </div>
    </li>
  );
}

function Spec({ label, bestLabel, isBest = false, children }: { label: string; bestLabel?: string; isBest?: boolean; children: ReactNode }) {
  return (
    <div className={cn('border-t border-border px-4 py-2.5', isBest && 'bg-success-soft text-success-soft-foreground')}>
      <p className={cn('flex items-center justify-between gap-2 text-xs font-semibold tracking-wide uppercase', isBest ? 'text-success-soft-foreground' : 'text-muted-foreground')}>
        {label}
        {isBest && bestLabel && (
          <span className="inline-flex items-center gap-1 normal-case tracking-normal">
            <Award className="size-3.5" aria-hidden />
            {bestLabel}
          </span>
        )}
      </p>
      <p className="mt-0.5 text-sm font-medium">{children}</p>
    </div>
  );
}
