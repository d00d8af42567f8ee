// A link to a part of the same page ("#payment-calculator") that scrolls there without a history entry: a native
// hash link pushes one, so leaving the page took two Backs (issue 21). The address is replaced instead, so a copied
// link still lands on the part; focus moves there (tabindex -1 on the target) for keyboard and screen-reader users.
// Before hydration, or without JavaScript, it is a plain hash link.
import type { ComponentProps, MouseEvent } from 'react';

export function InPageLink({ targetId, onClick, ...props }: Omit<ComponentProps<'a'>, 'href'> & { targetId: string }) {
  const go = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    const el = document.getElementById(targetId);
    if (e.defaultPrevented || !el || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    el.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
    if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
    el.focus({ preventScroll: true });
    // The router's own state object is kept, so Back and Forward still work as before.
    window.history.replaceState(window.history.state, '', `#${targetId}`);
  };
  return <a href={`#${targetId}`} onClick={go} {...props} />;
}
