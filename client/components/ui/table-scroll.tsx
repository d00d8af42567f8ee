import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * The box a wide table scrolls sideways in, so the table never widens the page (issue 21: nothing wider than a
 * 360 px phone). It must be positioned: a table's visually hidden labels (`sr-only`, an absolutely positioned
 * 1 px box) otherwise take the page as their containing block, escape this box's clipping and stretch the
 * document to the table's far edge, which made the inventory page 920 px wide on a phone although its table sat
 * in an `overflow-x-auto` box. Every table that may be wider than its column goes in one of these.
 */
export function TableScroll({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('relative max-w-full overflow-x-auto', className)} {...props} />;
}
