// Issue 35 §2: what a shopper typed, ticked or picked in a server-rendered form before its part hydrated.
// React 19 leaves each control as the shopper left it when it hydrates, but its state still holds what the server
// drew, and it starts watching the control from the value it finds: the change is never reported, and the next
// render writes the server's value back over the shopper's. Two ways to get there:
// - input made before the app started (a phone fetching the script after the first paint);
// - the input that makes React hydrate a part at once (selective hydration): the part hydrates around the new value,
//   then the event finds nothing changed. On the listing, a price typed into the filters as they hydrate was lost.
// Given to a form's ref, this hands each such control to the form's own change handlers, once the form's part has
// hydrated; a form drawn in the browser has nothing to hand over.

const CONTROLS = 'input, select, textarea';
const NOT_VALUES = new Set(['button', 'file', 'hidden', 'image', 'reset', 'submit']);

/** A ref callback for a server-rendered form, or any element around controls React drew. */
export function keepEarlyInput(root: HTMLElement | null): void {
  if (root) replayEarlyInput(root);
}

/** Reports each control under `root` that differs from what the server drew; returns how many it reported. */
export function replayEarlyInput(root: ParentNode): number {
  let replayed = 0;
  for (const el of root.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(CONTROLS)) {
    if (el.disabled) continue;
    if (el instanceof HTMLSelectElement) {
      if (el.multiple || el.selectedIndex === serverIndex(el)) continue;
      // React reports every change event on a select.
      el.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
      // A radio is reported where it was picked, not where it was left.
      if (el.checked === el.defaultChecked || (el.type === 'radio' && !el.checked)) continue;
      const on = el.checked;
      // Through the element, so React's tracker holds the server's state; the click then makes the shopper's again.
      el.checked = !on;
      el.click();
    } else {
      if (el instanceof HTMLInputElement && NOT_VALUES.has(el.type)) continue;
      if (el.value === serverValue(el)) continue;
      resetTracker(el);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }
    replayed++;
  }
  return replayed;
}

/** The option the server drew as selected: the marked one, or else the first a single select shows. */
function serverIndex(el: HTMLSelectElement): number {
  const options = [...el.options];
  const marked = options.findIndex((o) => o.defaultSelected);
  return marked >= 0 ? marked : options.findIndex((o) => !o.disabled);
}

/** The server's value as the browser holds it (a range or a number is kept within its bounds and step). */
function serverValue(el: HTMLInputElement | HTMLTextAreaElement): string {
  if (el instanceof HTMLTextAreaElement) return el.defaultValue.replace(/\r\n?/g, '\n');
  const probe = document.createElement('input');
  probe.type = el.type;
  for (const name of ['min', 'max', 'step'] as const) if (el.hasAttribute(name)) probe.setAttribute(name, el.getAttribute(name)!);
  probe.value = el.defaultValue;
  return probe.value;
}

/**
 * React watches a control's value through an own `value` property on the element. Set through it, the watcher holds
 * the server's value; set again through the prototype's setter, the page shows the shopper's and React sees a change
 * to report. The caret stays where the shopper left it.
 */
function resetTracker(el: HTMLInputElement | HTMLTextAreaElement): void {
  const live = el.value;
  const focused = el.ownerDocument.activeElement === el;
  const caret = focused ? selection(el) : null;
  el.value = el instanceof HTMLTextAreaElement ? el.defaultValue : serverValue(el);
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el) as object, 'value')?.set?.call(el, live);
  if (caret) {
    try { el.setSelectionRange(caret[0], caret[1]); } catch { /* a type without a caret (number, range) */ }
  }
}

function selection(el: HTMLInputElement | HTMLTextAreaElement): [number, number] | null {
  try {
    return el.selectionStart === null || el.selectionEnd === null ? null : [el.selectionStart, el.selectionEnd];
  } catch {
    return null;
  }
}
