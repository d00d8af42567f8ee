// "On hold until …" (issue 19): a vehicle on a confirmed hold stays in search and on its page, marked with the time
// its hold ends, in the dealership's time zone. Renders nothing for a vehicle that is not held, or a copy stored in
// the browser before holds existed (no heldUntil field).
import { Clock } from 'lucide-react';
import { isHeld } from '@domain/holds';
import type { Vehicle } from '@domain/vehicle';
import { cn } from '@/lib/cn';
import { DealershipDate } from './dealership-date';

export function HeldUntil({ vehicle, className }: { vehicle: Pick<Vehicle, 'status'> & { heldUntil?: string | null }; className?: string }) {
  if (!vehicle.heldUntil || !isHeld(vehicle)) return null;
  return (
    <p
      data-testid="held-until"
      className={cn('inline-flex items-start gap-1.5 rounded-md bg-accent/15 px-2 py-1 text-sm font-semibold text-foreground', className)}
    >
      <Clock className="mt-0.5 size-4 shrink-0 text-accent-foreground dark:text-accent" aria-hidden />
      <span>On hold until <DealershipDate iso={vehicle.heldUntil} style="mediumDateTime" /></span>
    </p>
  );
}
