// A link to a part of the same page ("#payment-calculator") that scrolls there without a history entry: a native
// hash link pushes one, so leaving the page took two Backs (issue 21). The address is replaced instead, so a copied
// link still lands on the part; focus moves there (tabindex -1 on the target) for keyboard and screen-reader users.
// The part may not be drawn yet: after a client-side navigation a part that waits for the viewport (lazyOnView)
// loads its code first, so the link waits for its target to appear (a few seconds at most) rather than falling back
// to a native hash link. Before hydration, or without JavaScript, it is a plain hash link.
import type { ComponentProps, MouseEvent } from 'react';

const WAIT_FOR_TARGET_MS = 5_000;

function reveal(el: HTMLElement) {
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  el.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
  el.focus({ preventScroll: true });
}

/** Calls `then` with the element once it is in the document, or never if it does not come within the wait. */
function whenPresent(id: string, then: (el: HTMLElement) => void) {
  const found = document.getElementById(id);
  if (found) { then(found); return; }
  let timer = 0;
  const observer = new MutationObserver(() => {
    const el = document.getElementById(id);
    if (!el) return;
    observer.disconnect();
    window.clearTimeout(timer);
    then(el);
  });
  observer.observe(document.body, { childList: true, subtree: true });
  timer = window.setTimeout(() => observer.disconnect(), WAIT_FOR_TARGET_MS);
}

export function InPageLink({ targetId, onClick, ...props }: Omit<ComponentProps<'a'>, 'href'> & { targetId: string }) {
  const go = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    // The router's own state object is kept, so Back and Forward still work as before.
    window.history.replaceState(window.history.state, '', `#${targetId}`);
    whenPresent(targetId, reveal);
  };
  return <a href={`#${targetId}`} onClick={go} {...props} />;
}
