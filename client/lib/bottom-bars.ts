// The compare bar's share of the bottom of the screen, published as a CSS variable (styles.css "bars fixed to the
// bottom"), so the chat button, the toasts and the listing's sticky filter buttons sit above it instead of under it
// (issue 21). Its height changes with its text and the screen's width, hence a ResizeObserver.

/**
 * A callback ref: while the element is mounted, `name` on the page root is its height plus `gap`; removed when it
 * unmounts. Made once per bar at module level, so React does not re-attach it on every render.
 */
export function publishHeight(name: string, gap: string) {
  return (el: HTMLElement | null) => {
    if (!el) return;
    const root = document.documentElement;
    const update = () => root.style.setProperty(name, `calc(${el.offsetHeight}px + ${gap})`);
    const observer = new ResizeObserver(update);
    observer.observe(el);
    update();
    return () => {
      observer.disconnect();
      root.style.removeProperty(name);
    };
  };
}
