// Issue 35 §2: taps that came before the app had started. public/app-loader.js keeps the taps on buttons only the
// app handles, and the choices made in a select, from the first paint on; once hydrateRoot has put React's
// listeners on the page, they are dispatched again on the same elements (the server's HTML is hydrated in place,
// so they are the elements the app now owns). React answers a click on a part it has not hydrated yet by hydrating
// that part at once (selective hydration), then runs the handler: the tap does what it would have done.

interface EarlyEvent { type: 'click' | 'change'; target: Element; value?: string }

declare global {
  interface Window { __takeEarlyEvents?: () => EarlyEvent[] }
}

/** Stops the keeping and returns what was kept (nothing when the page did not come through app-loader.js). */
function takeEarlyEvents(): EarlyEvent[] {
  return window.__takeEarlyEvents?.() ?? [];
}

/** After hydrateRoot: every kept tap, in order, on its element if it is still on the page. */
export function replayEarlyEvents(): void {
  for (const event of takeEarlyEvents()) {
    if (!event.target.isConnected) continue;
    if (event.type === 'click') {
      event.target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, view: window }));
    } else if (event.target instanceof HTMLSelectElement && event.value !== undefined) {
      // Hydrating a select sets its value from the app's state, which would undo the choice before the app saw it:
      // the focus the shopper gave it comes first (React hydrates the select's part for it), then the choice.
      event.target.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
      event.target.value = event.value;
      event.target.dispatchEvent(new Event('change', { bubbles: true }));
    }
  }
}

/** A page rendered from scratch (no server HTML): taps on the blank page had nothing to land on. */
export function dropEarlyEvents(): void {
  takeEarlyEvents();
}
