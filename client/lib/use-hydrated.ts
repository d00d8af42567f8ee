// Browser-only state (storage, media queries) must not change a page's first render in the browser: that render
// hydrates the server's HTML and has to match it (issue 14 item 5). useHydrated is false on the server and during
// hydration, true in every render after it (and at once in parts mounted later, on client-side navigation).
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}
