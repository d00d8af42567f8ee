// Tooltips for icon-only buttons (issue 20, spec §9 tooltipDelay 700 ms): shown on hover after the delay and at once
// on keyboard focus, hidden on Escape, never on a tap (a phone has no hover; the button's accessible name already
// says what it does). Tooltips appear after a pointer or focus reaches a button, so the bubble and its positioning
// layer (Radix Tooltip, Popper, Floating UI: tooltip-bubble.tsx) load then, not with the page (issue 35 §1): the hover
// starts the download, which the 700 ms delay hides. The button is the child itself with a few handlers and the
// `data-state` Radix gave it, so the server's HTML and the hydrating render are the same as before.
import { Suspense, cloneElement, useEffect, useRef, useState, type FocusEvent, type MouseEvent, type PointerEvent, type ReactElement } from 'react';
import { TIMING } from '@domain/constants';
import { lazyComponent, preloadComponents } from '@/lib/lazy-component';

const BUBBLE = 'components/ui/tooltip-bubble';
const TooltipBubble = lazyComponent(BUBBLE, () => import('./tooltip-bubble'));

/** Radix's skipDelayDuration: moving from one tip to the next within this shows the next at once. */
const SKIP_DELAY_MS = 300;
let lastClosedAt = -Infinity;

type State = 'closed' | 'delayed-open' | 'instant-open';
type TriggerProps = {
  onPointerMove?: (e: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (e: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (e: PointerEvent<HTMLElement>) => void;
  onFocus?: (e: FocusEvent<HTMLElement>) => void;
  onBlur?: (e: FocusEvent<HTMLElement>) => void;
  onClick?: (e: MouseEvent<HTMLElement>) => void;
};

/** Wraps one button (its own element, or a Radix trigger) and shows `label` beside it. */
export function Tooltip({ label, side = 'top', children }: { label: string; side?: 'top' | 'bottom' | 'left' | 'right'; children: ReactElement }) {
  const [state, setState] = useState<State>('closed');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pointerDown = useRef(false);
  useEffect(() => () => clearTimeout(timer.current), []);

  const open = (el: HTMLElement, instant: boolean) => {
    clearTimeout(timer.current);
    timer.current = undefined;
    setAnchor(el);
    void preloadComponents([BUBBLE]);
    if (instant || performance.now() - lastClosedAt < SKIP_DELAY_MS) setState('instant-open');
    else timer.current = setTimeout(() => { timer.current = undefined; setState('delayed-open'); }, TIMING.tooltipDelay);
  };
  const close = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    setState((s) => { if (s !== 'closed') lastClosedAt = performance.now(); return 'closed'; });
  };

  const own = children.props as TriggerProps;
  const trigger = cloneElement(children as ReactElement<TriggerProps & { 'data-state': State }>, {
    'data-state': state,
    onPointerMove: (e) => {
      own.onPointerMove?.(e);
      if (e.pointerType === 'touch' || state !== 'closed' || timer.current !== undefined || pointerDown.current) return;
      open(e.currentTarget, false);
    },
    onPointerLeave: (e) => { own.onPointerLeave?.(e); close(); },
    onPointerDown: (e) => {
      own.onPointerDown?.(e);
      pointerDown.current = true;
      document.addEventListener('pointerup', () => { pointerDown.current = false; }, { once: true });
      close();
    },
    onFocus: (e) => { own.onFocus?.(e); if (!pointerDown.current) open(e.currentTarget, true); },
    onBlur: (e) => { own.onBlur?.(e); close(); },
    onClick: (e) => { own.onClick?.(e); close(); },
  });
  return (
    <>
      {trigger}
      {state !== 'closed' && anchor && (
        <Suspense fallback={null}>
          <TooltipBubble anchor={anchor} label={label} side={side} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
