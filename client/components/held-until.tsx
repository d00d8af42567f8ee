// "On hold until …" (issue 19): a vehicle on a confirmed hold stays in search and on its page, marked with the time
// its hold ends, in the dealership's time zone. Renders nothing for a vehicle that is not held, or a copy stored in
// the browser before holds existed (no heldUntil field). Issue 33 §1: the shopper who holds it reads "Held for you
// until …" instead (their own holds come from GET /api/my-holds after hydration).
import { Clock } from 'lucide-react';
import { HELD_FOR_OTHERS_TEXT, HELD_FOR_YOU_TEXT, isHeld } from '@domain/hold-rules';
import type { Vehicle } from '@domain/vehicle';
import { useMyHoldUntil } from '@/lib/api/get-my-holds';
import { cn } from '@/lib/cn';
import { DealershipDate } from './dealership-date';

export function HeldUntil({ vehicle, className }: { vehicle: Pick<Vehicle, 'status'> & { id?: number; heldUntil?: string | null }; className?: string }) {
  const mine = useMyHoldUntil(vehicle.id);
  if (!vehicle.heldUntil || !isHeld(vehicle)) return null;
  return (
    <p
      data-testid="held-until"
      className={cn('inline-flex items-start gap-1.5 rounded-md bg-accent/15 px-2 py-1 text-sm font-semibold text-foreground', className)}
    >
      <Clock className="mt-0.5 size-4 shrink-0 text-accent-foreground dark:text-accent" aria-hidden />
      <span>{mine ? HELD_FOR_YOU_TEXT : `${HELD_FOR_OTHERS_TEXT} until`} <DealershipDate iso={mine ?? vehicle.heldUntil} style="mediumDateTime" /></span>
    </p>
  );
}
