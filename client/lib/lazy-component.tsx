// Components whose code loads on demand (React.lazy), made safe for server rendering and hydration.
// The server renders them in full (it loads every such module before rendering, entry-server.tsx) and notes which
// ones the page used; the browser loads exactly those before it hydrates (main.tsx), so it hydrates the server's
// HTML in one pass. A plain React.lazy would suspend once during hydration, and if its parent re-rendered in the
// meantime (the signed-in header, the listing settling its URL) React would swap the server's HTML for the empty
// fallback and back again: a flash and a layout shift. Parts far down a page wait to be near the viewport instead
// (lazyOnView, below).
import { lazy, memo, Suspense, use, useContext, useEffect, useRef, type ComponentType } from 'react';
import { RenderOutcomeContext } from './render-context';

/** One module's component, shared by every lazy component and part of that id (the /financing calculator is the listing's). */
interface Slot { component: ComponentType<never> | null; preload: () => Promise<void> }
const slots = new Map<string, Slot>();

function slotFor<P>(id: string, load: () => Promise<{ default: ComponentType<P> }>): Slot {
  let slot = slots.get(id);
  if (!slot) {
    let loading: Promise<void> | null = null;
    const created: Slot = { component: null, preload: () => (loading ??= load().then((m) => { created.component = m.default as ComponentType<never>; })) };
    slots.set(id, created);
    slot = created;
  }
  return slot;
}

const components = new Map<string, ComponentType<never>>();

/**
 * A lazily loaded component; `id` names it in the render state, the same on the server and in the browser (the
 * module's path, by convention). The same id gives the same component.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyComponent<P extends Record<string, any>>(id: string, load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const known = components.get(id);
  if (known) return known as ComponentType<P>;
  const slot = slotFor(id, load);
  const loaded = () => slot.component as ComponentType<P> | null;
  const Lazy = lazy(() => slot.preload().then(() => ({ default: loaded()! })));
  function LazyComponent(props: P) {
    const outcome = useContext(RenderOutcomeContext);
    outcome?.modules.add(id);
    const Loaded = loaded();
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  LazyComponent.displayName = `lazy(${id})`;
  components.set(id, LazyComponent as ComponentType<never>);
  return LazyComponent;
}

/** Every waiting part's "load now" (wakeWaitingParts). */
const waiting = new Set<() => void>();

/**
 * Loads every part that still waits to be near the viewport. main.tsx calls it as a navigation starts: React must
 * hydrate a waiting part before it can commit any change of context above it (a new location is one), so its code
 * loads alongside the next page's data instead of after it.
 */
export function wakeWaitingParts(): void {
  for (const want of waiting) want();
}

/**
 * Issue 35 §1-2: a part far enough down a server-rendered page that the browser needs neither its code nor its
 * hydration until the shopper comes near it (the listing's calculator, the footer).
 * - The server renders it in full, like any part (its module is loaded at start), but does not name it in the render
 *   state, so the browser does not load it before it hydrates the page.
 * - In the browser it sits in a Suspense boundary of its own, which keeps the server's HTML while the part waits
 *   (React leaves a dehydrated boundary as it is while it suspends). Its code loads, and React hydrates it, when it
 *   comes within `margin` of the viewport, when something in it is pressed or focused, when a navigation starts
 *   (wakeWaitingParts), or when React tries to hydrate it again for any other change that reaches it.
 * - A tap that lands on it before then is held, and made again on the same element once the part is hydrated: React
 *   alone would drop it (it cannot hydrate a part whose code is not there), and a link would leave the page.
 * - Rendered by the browser itself (a client-side navigation), there is no HTML to keep: it loads at once.
 * - Its wrapper is `div[data-part="<id>"]`, with `data-hydrated` once the part is hydrated; it is hidden while empty.
 * - The data it draws must still be in the query cache when it hydrates, maybe long after the page came: main.tsx
 *   keeps the queries that came with the page.
 * The component is memoised, and its parent must keep the props it passes the same while it waits: new props would
 * make React hydrate it at once, which it cannot do without its code.
 */
export function lazyOnView<P extends object>(id: string, load: () => Promise<{ default: ComponentType<P> }>, { margin = '600px 0px' } = {}): ComponentType<P & { className?: string }> {
  const slot = slotFor(id, load);
  const loaded = () => slot.component as ComponentType<P> | null;
  let want!: () => void;
  const wanted = new Promise<void>((resolve) => { want = () => { waiting.delete(want); resolve(); }; }).then(slot.preload);
  waiting.add(want);
  let attempted = false;

  function Part({ props, onHydrated }: { props: P; onHydrated: () => void }) {
    if (loaded()) {
      // The code is here (maybe loaded by another way in, such as the listing's loader): say so on the promise
      // itself, which use() then reads at once. One promise for every render, as use() requires of a render that
      // suspended and resumes.
      Object.assign(wanted, { status: 'fulfilled', value: undefined });
    } else {
      // The first attempt is the page's hydration. Another, with the code still missing, is React hydrating the part
      // for a change that reached it, which it cannot commit without it: load it now.
      if (attempted) want();
      attempted = true;
    }
    use(wanted);
    // Runs once the part's boundary has committed, that is, once it is hydrated.
    useEffect(onHydrated, [onHydrated]);
    const Component = loaded()!;
    return <Component {...props} />;
  }

  function OnView({ className, ...rest }: P & { className?: string }) {
    const props = rest as unknown as P;
    const ref = useRef<HTMLDivElement>(null);
    const hydrated = useRef(false);
    const held = useRef<Element[]>([]);
    const onHydrated = useRef(() => {
      hydrated.current = true;
      // For whoever waits for the part to work (the end-to-end tests); not React's, so no render.
      ref.current?.setAttribute('data-hydrated', '');
      for (const target of held.current.splice(0)) {
        if (target.isConnected) target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, view: window }));
      }
    }).current;
    useEffect(() => {
      const el = ref.current;
      if (!el || hydrated.current) return;
      // No server HTML to keep (a client-side navigation), or no way to tell when it is near: load now.
      if (!el.firstChild || typeof IntersectionObserver === 'undefined') { want(); return; }
      const io = new IntersectionObserver((entries) => { if (entries.some((e) => e.isIntersecting)) want(); }, { rootMargin: margin });
      io.observe(el);
      // On the document, in the capture phase: React's own listener on the root would stop a tap on a part it cannot
      // hydrate yet before the part's own element saw it.
      const inside = (e: Event) => e.target instanceof Node && el.contains(e.target);
      const wake = (e: Event) => { if (inside(e)) want(); };
      const hold = (e: Event) => {
        if (hydrated.current || !inside(e) || !(e.target instanceof Element)) return;
        want();
        e.preventDefault();
        e.stopPropagation();
        held.current.push(e.target);
      };
      document.addEventListener('pointerdown', wake, true);
      document.addEventListener('focusin', wake, true);
      document.addEventListener('click', hold, true);
      return () => {
        io.disconnect();
        document.removeEventListener('pointerdown', wake, true);
        document.removeEventListener('focusin', wake, true);
        document.removeEventListener('click', hold, true);
      };
    }, []);
    return (
      // A part that renders nothing takes no room (no gap of its own in a flex column); Suspense's markers are comments.
      <div ref={ref} className={className ? `empty:hidden ${className}` : 'empty:hidden'} data-part={id}>
        <Suspense fallback={null}><Part props={props} onHydrated={onHydrated} /></Suspense>
      </div>
    );
  }
  OnView.displayName = `lazyOnView(${id})`;
  return memo(OnView) as unknown as ComponentType<P & { className?: string }>;
}

/** Loads the named components' code (the ids a server render used); unknown ids are skipped. */
export function preloadComponents(ids: readonly string[]): Promise<unknown> {
  return Promise.all(ids.map((id) => slots.get(id)?.preload()));
}

/**
 * Loads every registered component's code, and then those the loaded modules registered, until none is left:
 * the server's start, so no render waits for a module.
 */
export async function preloadAllComponents(): Promise<void> {
  const done = new Set<string>();
  for (;;) {
    const next = [...slots.keys()].filter((id) => !done.has(id));
    if (next.length === 0) return;
    for (const id of next) done.add(id);
    await preloadComponents(next);
  }
}
