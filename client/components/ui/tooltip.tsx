// Tooltips for icon-only buttons (issue 20, spec §9 tooltipDelay 700 ms), on Radix Tooltip: shown on hover after
// the delay and at once on keyboard focus, hidden on Escape, never on a tap (a phone has no hover; the button's
// accessible name already says what it does). One TooltipProvider sits at the app's root (app/providers.tsx).
// The content renders only while open, in a portal, so the server's HTML and the first render are the same.
import type { ReactElement, ReactNode } from 'react';
import { Tooltip as TooltipPrimitive } from 'radix-ui';
import { TIMING } from '@domain/constants';

export function TooltipProvider({ children }: { children: ReactNode }) {
  return <TooltipPrimitive.Provider delayDuration={TIMING.tooltipDelay}>{children}</TooltipPrimitive.Provider>;
}

/** Wraps one button (its own element, or a Radix trigger with asChild semantics) and shows `label` beside it. */
export function Tooltip({ label, side = 'top', children }: { label: string; side?: 'top' | 'bottom' | 'left' | 'right'; children: ReactElement }) {
  return (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          side={side}
          sideOffset={6}
          collisionPadding={8}
          className="z-[70] max-w-64 rounded-md bg-foreground px-2.5 py-1.5 text-xs font-medium text-background shadow-md print:hidden"
        >
          {label}
          <TooltipPrimitive.Arrow className="fill-foreground" />
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
}
