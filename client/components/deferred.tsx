// Renders its children right after the page's first paint, in a transition React splits into short tasks, instead
// of in the same long task as the first screen (issue 3, Lighthouse "total blocking time" on a mid-range phone).
// For sections below the fold: they are there before anyone scrolls to them, and the first screen is not held up.
import { startTransition, useEffect, useState, type ReactNode } from 'react';

export function Deferred({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    startTransition(() => setShown(true));
  }, []);
  return shown ? children : null;
}
