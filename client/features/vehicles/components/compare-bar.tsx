// The floating compare bar of spec §2: 'N vehicles selected for comparison' (singular for one: the spec's
// 'vehicle(s)' is its placeholder, issue 21), Compare Now and clear.
// Fixed to the bottom under toasts and dialogs (z-40); an in-flow spacer of its height keeps the end of the page
// reachable on phones. The dialog stays mounted so removing the last vehicle inside it shows the empty state.
// The dialog is its own chunk, fetched when the shopper points at Compare Now or opens it: the listing's first
// download stays inside its budget (issue 3: 150 KiB gzipped).
import { Suspense, useDeferredValue, useRef, useState } from 'react';
import { Scale, X } from 'lucide-react';
import { clearCompare, COMPARE_NOW_ID, useCompareList, useRegisterCompareBar } from '@/lib/compare';
import { Button } from '@/components/ui/button';
import { VehiclePhoto } from '@/components/vehicle-photo';
import { lazyComponent } from '@/lib/lazy-component';
import { publishHeight } from '@/lib/bottom-bars';

// issue 21: the chat button, the toasts and the listing's sticky filter buttons move up by the bar's height.
const publishCompareBar = publishHeight('--compare-bar-space', '1.25rem');

const loadDialog = () => import('./compare-dialog');
const CompareDialog = lazyComponent('features/vehicles/components/compare-dialog', async () => ({ default: (await loadDialog()).CompareDialog }));

export function CompareBar() {
  // The toggle the shopper tapped is painted first; the bar follows in the render after it (a deferred value):
  // mounting the bar in the tap's own render held that paint (issue 35 §3, interaction delay).
  const list = useDeferredValue(useCompareList());
  useRegisterCompareBar();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, then kept (see above).
  const [wanted, setWanted] = useState(false);
  const compareNow = useRef<HTMLButtonElement>(null);
  const n = list.length;
  const openDialog = () => { setWanted(true); setOpen(true); };

  return (
    <>
      {n > 0 && (
        <>
          <div aria-hidden className="h-24" />
          <section
            aria-label="Vehicle comparison"
            ref={publishCompareBar}
            // Above the vehicle page's phone action bar when it shows (styles.css: the bars at the bottom stack).
            className="fixed inset-x-3 bottom-(--compare-bar-bottom) z-40 mx-auto max-w-3xl rounded-xl border border-white/10 bg-brand dark:border-white/25 text-brand-foreground shadow-2xl sm:inset-x-4"
          >
            <div className="flex items-center gap-3 p-2.5 pl-4 sm:gap-4 sm:p-3 sm:pl-5">
              <Scale className="hidden size-5 shrink-0 text-accent sm:block" aria-hidden />
              <ul className="hidden shrink-0 -space-x-3 md:flex" aria-hidden>
                {list.slice(0, 3).map((v) => (
                  <li key={v.id} className="size-10 overflow-hidden rounded-full border-2 border-brand bg-muted">
                    <VehiclePhoto photo={v.photos[0]} alt="" sizes="40px" className="size-full [&_span]:hidden [&_svg]:size-5" />
                  </li>
                ))}
              </ul>
              <p className="min-w-0 flex-1 text-sm leading-tight font-semibold sm:text-base" aria-live="polite">
                {n} {n === 1 ? 'vehicle' : 'vehicles'} selected for comparison
              </p>
              <Button ref={compareNow} id={COMPARE_NOW_ID} variant="accent" onClick={openDialog} onPointerEnter={() => void loadDialog()} onFocus={() => void loadDialog()} aria-haspopup="dialog">
                Compare Now
              </Button>
              <button
                type="button"
                onClick={clearCompare}
                aria-label="Clear comparison list"
                title="Clear comparison list"
                className="inline-flex size-10 shrink-0 cursor-pointer items-center justify-center rounded-md text-brand-foreground/90 hover:bg-white/10 hover:text-brand-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
              >
                <X className="size-5" aria-hidden />
              </button>
            </div>
          </section>
        </>
      )}
      {wanted && <Suspense fallback={null}><CompareDialog open={open} onOpenChange={setOpen} returnFocus={compareNow} /></Suspense>}
    </>
  );
}
