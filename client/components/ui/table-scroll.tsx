import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * The box a wide table scrolls sideways in, so the table never widens the page (issue 21: nothing wider than a
 * 360 px phone). It must be positioned: a table's visually hidden labels (`sr-only`, an absolutely positioned
 * 1 px box) otherwise take the page as their containing block, escape this box's clipping and stretch the
 * document to the table's far edge, which made the inventory page 920 px wide on a phone although its table sat
 * in an `overflow-x-auto` box. Every table that may be wider than its column goes in one of these.
 *
 * While the table is wider than the box, the box is in the tab order, so a keyboard can scroll it too (WCAG 2.1.1;
 * axe's scrollable-region-focusable). Only then: a table that fits adds no tab stop. The server renders it without
 * (it cannot measure), and the first measurement after hydration adds it.
 */
export function TableScroll({ className, ...props }: ComponentProps<'div'>) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => setScrolls(box.scrollWidth > box.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={ref}
      tabIndex={scrolls ? 0 : undefined}
      className={cn('relative max-w-full overflow-x-auto focus-visible:outline-2 focus-visible:outline-ring', className)}
      {...props}
    />
  );
}
