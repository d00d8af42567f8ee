// After a client-side navigation, focus moves to the new page's main heading (issue 21): a screen reader then
// announces the page, and the next Tab starts from its top instead of wherever the old page's link was. A full
// page load needs nothing: the browser starts at the top and reads the new title.
import { useEffect } from 'react';
import { useLocation } from 'react-router';

const FIELD = 'input, textarea, select, [contenteditable="true"]';

/** Someone is busy elsewhere (typing, a dialog, a field the page focused itself): leave focus where it is. */
function focusIsTaken(): boolean {
  const active = document.activeElement;
  if (!active || active === document.body || !active.isConnected) return false;
  if (active.closest('[role="dialog"], [role="alertdialog"]') || active.matches(FIELD)) return true;
  // Inside the page: the page put it there. Outside (the header link that was followed): ours to move.
  return !!active.closest('main');
}

export function useFocusHeadingOnNavigate() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    const here = pathname + hash;
    // The first location of this page load is not a navigation (nor is an effect run again on the same one).
    const before = shown;
    shown = here;
    if (before === undefined || before === here) return;
    // A link to a part of a page (#calculator) goes there instead.
    if (hash) return;
    const tryFocus = () => {
      // A page still loading shows no h1 yet (spinner, skeleton); it is focused when it appears.
      const h1 = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
      if (!h1) return false;
      if (focusIsTaken()) return true;
      if (!h1.hasAttribute('tabindex')) h1.setAttribute('tabindex', '-1');
      // The page decides the scroll position (top, or a list's restored place): focus must not move it.
      h1.focus({ preventScroll: true });
      return true;
    };
    if (tryFocus()) return;
    const observer = new MutationObserver(() => { if (tryFocus()) stop(); });
    const timer = window.setTimeout(() => stop(), 10_000);
    const stop = () => { observer.disconnect(); window.clearTimeout(timer); };
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname, hash]);
}

/** The location the last run saw. */
let shown: string | undefined;
