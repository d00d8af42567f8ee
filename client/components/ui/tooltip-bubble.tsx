// The open tooltip (components/ui/tooltip.tsx), loaded on the first hover or focus of a button that has one: Radix
// Tooltip with its positioning layer (Popper and Floating UI, about 13 KiB gzipped) stays out of every page's entry
// (issue 35 §1). Radix places the bubble, flips it at the viewport's edges and closes it on Escape, on a press
// elsewhere and on scroll; it is anchored to a box laid over the button at the moment it opens, so the button
// itself never changes and the server's HTML stays as it was.
import { createPortal } from 'react-dom';
import { Tooltip as TooltipPrimitive } from 'radix-ui';

export interface TooltipBubbleProps {
  anchor: HTMLElement;
  label: string;
  side: 'top' | 'bottom' | 'left' | 'right';
  onClose: () => void;
}

export default function TooltipBubble({ anchor, label, side, onClose }: TooltipBubbleProps) {
  const r = anchor.getBoundingClientRect();
  return (
    <TooltipPrimitive.Provider delayDuration={0}>
      <TooltipPrimitive.Root open onOpenChange={(open) => { if (!open) onClose(); }}>
        {createPortal(
          <TooltipPrimitive.Trigger asChild>
            <span aria-hidden style={{ position: 'fixed', left: r.left, top: r.top, width: r.width, height: r.height, pointerEvents: 'none' }} />
          </TooltipPrimitive.Trigger>,
          document.body,
        )}
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
    </TooltipPrimitive.Provider>
  );
}
