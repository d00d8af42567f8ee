// Components whose code loads on demand (React.lazy), made safe for server rendering and hydration.
// The server renders them in full (it loads every such module before rendering, entry-server.tsx) and notes which
// ones the page used; the browser loads exactly those before it hydrates (main.tsx), so it hydrates the server's
// HTML in one pass. A plain React.lazy would suspend once during hydration, and if its parent re-rendered in the
// meantime (the signed-in header, the listing settling its URL) React would swap the server's HTML for the empty
// fallback and back again: a flash and a layout shift.
import { lazy, useContext, type ComponentType } from 'react';
import { RenderOutcomeContext } from './render-context';

const registry = new Map<string, () => Promise<void>>();
const components = new Map<string, ComponentType<never>>();

/**
 * A lazily loaded component; `id` names it in the render state, the same on the server and in the browser (the
 * module's path, by convention). The same id gives the same component.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyComponent<P extends Record<string, any>>(id: string, load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const known = components.get(id);
  if (known) return known as ComponentType<P>;
  let Loaded: ComponentType<P> | null = null;
  let loading: Promise<void> | null = null;
  const preload = () => (loading ??= load().then((m) => { Loaded = m.default; }));
  registry.set(id, preload);
  const Lazy = lazy(() => preload().then(() => ({ default: Loaded! })));
  function LazyComponent(props: P) {
    const outcome = useContext(RenderOutcomeContext);
    outcome?.modules.add(id);
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  LazyComponent.displayName = `lazy(${id})`;
  components.set(id, LazyComponent as ComponentType<never>);
  return LazyComponent;
}

/** Loads the named components' code (the ids a server render used); unknown ids are skipped. */
export function preloadComponents(ids: readonly string[]): Promise<unknown> {
  return Promise.all(ids.map((id) => registry.get(id)?.()));
}

/**
 * Loads every registered component's code, and then those the loaded modules registered, until none is left:
 * the server's start, so no render waits for a module.
 */
export async function preloadAllComponents(): Promise<void> {
  const done = new Set<string>();
  for (;;) {
    const next = [...registry.keys()].filter((id) => !done.has(id));
    if (next.length === 0) return;
    for (const id of next) done.add(id);
    await preloadComponents(next);
  }
}
