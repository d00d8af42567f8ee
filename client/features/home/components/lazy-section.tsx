// Below-the-fold sections (spec §2: "lazily loaded sections"): their code and data load only when the shopper
// scrolls near them, which keeps the home page's first download small (Lighthouse target).
import { Suspense, useEffect, useRef, useState, type ComponentType } from 'react';

/** How early to start loading: about a screen ahead, so the section is usually ready when it scrolls in. */
const MARGIN = '600px 0px';

export function LazySection({ component: Component, minHeight, label }: {
  component: ComponentType;
  /** Reserved height while loading, close to the real one. */
  minHeight: number;
  /** What is loading, for screen readers. */
  label: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (typeof IntersectionObserver === 'undefined') { setNear(true); return; }
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) { setNear(true); io.disconnect(); }
    }, { rootMargin: MARGIN });
    io.observe(el);
    return () => io.disconnect();
  }, []);
  // Text rather than aria-label: a plain div may not carry a label (axe aria-prohibited-attr).
  const placeholder = <div style={{ minHeight }} aria-busy="true"><span className="sr-only">Loading {label}</span></div>;
  return (
    <div ref={ref}>
      {near ? <Suspense fallback={placeholder}><Component /></Suspense> : placeholder}
    </div>
  );
}
