// The compare bar's share of the bottom of the screen, published as a CSS variable (styles.css "bars fixed to the
// bottom"), so the chat button, the toasts and the listing's sticky filter buttons sit above it instead of under it
// (issue 21). Its height changes with its text and the screen's width, hence a ResizeObserver.
//
// The variable is set by a rule of its own on the elements that read it (ABOVE_BOTTOM_BARS), not on the page root:
// a custom property set on <html> is inherited by every element, so the browser recalculated the style of the whole
// page (about 2,000 elements on the listing, 111 ms on a 4x throttled phone) in the compare tap's first paint (issue
// 35 §3, interaction delay). A rule for one class makes it restyle those few elements only.

/** The class of the elements placed above the bars at the bottom (styles.css re-derives their offsets from it). */
export const ABOVE_BOTTOM_BARS = 'above-bottom-bars';

/**
 * A callback ref: while the element is mounted, `name` on ABOVE_BOTTOM_BARS elements is its height plus `gap`; the
 * rule goes when it unmounts. Made once per bar at module level, so React does not re-attach it on every render.
 */
export function publishHeight(name: string, gap: string) {
  return (el: HTMLElement | null) => {
    if (!el) return;
    const rule = document.createElement('style');
    document.head.append(rule);
    const update = () => { rule.textContent = `.${ABOVE_BOTTOM_BARS}{${name}:calc(${el.offsetHeight}px + ${gap})}`; };
    const observer = new ResizeObserver(update);
    observer.observe(el);
    update();
    return () => {
      observer.disconnect();
      rule.remove();
    };
  };
}
