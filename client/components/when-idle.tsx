// Renders its children once the page is interactive and the browser is idle. For site-wide work nobody waits for
// (page views, Core Web Vitals, the exit-intent offer): the server does not render it, so the browser does not load
// its code before it hydrates the page, and the code loads after the page's own (issue 35 §1).
import { useEffect, useState, type ReactNode } from 'react';

export function WhenIdle({ children }: { children: ReactNode }) {
  const [idle, setIdle] = useState(false);
  // Effects run after hydration. The timeout bounds the wait on a browser that is never idle; Safari has no
  // requestIdleCallback, and a short timer there still lets the page's own tasks go first.
  useEffect(() => {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(() => setIdle(true), { timeout: 2000 });
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(() => setIdle(true), 200);
    return () => clearTimeout(timer);
  }, []);
  return idle ? children : null;
}
