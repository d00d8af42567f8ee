// spec §2: card images load lazily, within 150 px of the viewport on desktop and 300 px under 768 px wide.
import { useEffect, useState, type RefObject } from 'react';

export function lazyMargin(width: number): string {
  return width < 768 ? '300px' : '150px';
}

/** The margin for this screen. A media query, not window.innerWidth: reading that while cards mount forces a layout. */
const screenMargin = () => lazyMargin(window.matchMedia?.('(max-width: 767.98px)').matches ? 0 : 768);

/** True once the element has come within the spec's margin of the viewport (then stays true). */
export function useNearViewport(ref: RefObject<Element | null>, enabled: boolean): boolean {
  const [near, setNear] = useState(!enabled);
  useEffect(() => {
    if (!enabled || near) return;
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') { setNear(true); return; }
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) { setNear(true); io.disconnect(); }
    }, { rootMargin: screenMargin() });
    io.observe(el);
    return () => io.disconnect();
  }, [enabled, near, ref]);
  return near;
}
