// Renders its children right after the page's first paint, in a transition React splits into short tasks, instead
// of in the same long task as the first screen (issue 3, Lighthouse "total blocking time" on a mid-range phone).
// For sections below the fold: they are there before anyone scrolls to them, and the first screen is not held up.
// A server-rendered page has them in its HTML already (specs, features, similar vehicles are content crawlers and
// shoppers without JavaScript read), so on the server and while hydrating they render at once; only a page the
// browser renders itself (client-side navigation) defers them.
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { useHydrated } from '@/lib/use-hydrated';

export function Deferred({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  const [shown, setShown] = useState(!hydrated);
  useEffect(() => {
    if (!shown) startTransition(() => setShown(true));
  }, [shown]);
  return shown ? children : null;
}
