// "Hold this vehicle" on the vehicle page (issue 19). A dealer vehicle for sale offers the hold request; a held one
// says until when it is held, and that it can still be seen and test-driven. Sold vehicles and private sellers'
// listings offer no hold (the dealership cannot hold what a private seller owns). The dialog and the form load on
// first opening (the form brings zod with its schema), and start loading when the pointer reaches the button.
import { Suspense, useEffect, useState } from 'react';
import { CalendarClock, LoaderCircle } from 'lucide-react';
import { HOLD_HOURS, HOLD_NO_PAYMENT_TEXT, isHeld } from '@domain/hold-rules';
import type { Vehicle } from '@domain/vehicle';
import { Button } from '@/components/ui/button';
import { LazyDialog, preloadDialog } from '@/components/ui/lazy-dialog';
import { HeldUntil } from '@/components/held-until';
import { useMyHoldUntil } from '@/lib/api/get-my-holds';
import { lazyComponent } from '@/lib/lazy-component';
import { useHydrated } from '@/lib/use-hydrated';

const loadHoldForm = () => import('./hold-form');
// What this browser asked to hold is read after hydration, so its code loads then, not before the page is usable
// (the vehicle page's script before interaction is at its 170 KiB bar).
const loadHoldRequests = () => import('@/lib/hold-requests');
const HoldForm = lazyComponent('features/vehicles/components/hold-form', loadHoldForm);

export function VehicleHold({ vehicle, title }: { vehicle: Vehicle; title: string }) {
  const [open, setOpen] = useState(false);
  const mine = useMyHoldUntil(vehicle.id) !== null;
  // Issue 57: the requester is told the request is with us, not offered the hold again. Read after hydration and
  // again when the dialog closes on a sent request.
  const hydrated = useHydrated();
  const [pending, setPending] = useState(false);
  const held = isHeld(vehicle);
  useEffect(() => {
    if (!hydrated || open) return;
    let live = true;
    void loadHoldRequests().then((m) => {
      // Held is an answer: once released, the vehicle offers the hold again, to the requester too.
      if (held) m.forgetHoldRequest(vehicle.id);
      else if (live) setPending(m.holdRequestPending(vehicle.id, Date.now()));
    });
    return () => { live = false; };
  }, [hydrated, open, held, vehicle.id]);
  const requested = hydrated && !open && pending;
  if (vehicle.isSold || vehicle.sellerType === 'private seller') return null;
  if (held) {
    return (
      <div role="status" className="flex flex-col gap-2 rounded-lg border border-accent/50 bg-accent/10 p-3 text-sm">
        <HeldUntil vehicle={vehicle} className="bg-transparent px-0 py-0 text-base" />
        {mine ? (
          // Issue 33 §1: the holder is told it is theirs, never that it is held for someone else.
          <p className="text-muted-foreground">
            We are holding this vehicle for you. Book a visit or call us before the hold ends; after it, the vehicle is
            available to everyone again. No payment is taken.
          </p>
        ) : (
          <p className="text-muted-foreground">
            We are holding this vehicle for another shopper. You can still book a test drive or ask us about it; if the hold
            ends without a sale, it is available again.
          </p>
        )}
      </div>
    );
  }
  if (requested) {
    return (
      <div role="status" className="flex flex-col gap-1 rounded-lg border border-border p-3 text-sm" data-testid="hold-requested">
        <p className="font-medium">Your hold request is with us.</p>
        <p className="text-muted-foreground">Staff confirm holds during store hours; until then the vehicle is still for sale. {HOLD_NO_PAYMENT_TEXT}</p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-border p-3">
      <p className="text-sm font-medium">Not ready to decide? Ask us to hold it for you for {HOLD_HOURS} hours.</p>
      <Button variant="outline" onClick={() => setOpen(true)} onPointerEnter={() => { preloadDialog(); void loadHoldForm(); }}>
        <CalendarClock aria-hidden />Hold this vehicle
      </Button>
      <p className="text-xs text-muted-foreground">{HOLD_NO_PAYMENT_TEXT}</p>
      <LazyDialog open={open} onOpenChange={setOpen} title="Hold this vehicle" description={<>The {title}. {HOLD_NO_PAYMENT_TEXT}</>}>
        <Suspense fallback={<p className="flex items-center gap-2 py-6 text-sm text-muted-foreground"><LoaderCircle className="size-4 animate-spin" aria-hidden />Loading the form…</p>}>
          <HoldForm vehicleId={vehicle.id} onDone={() => setOpen(false)} onSent={() => { void loadHoldRequests().then((m) => m.rememberHoldRequest(vehicle.id, Date.now())); }} />
        </Suspense>
      </LazyDialog>
    </div>
  );
}
