// The listing's stored sort (spec §4) lives in localStorage and is mirrored in a cookie (SORT_COOKIE), so the
// server renders /vehicles in the visitor's order and the hydrating render matches it (domain/page-render.ts).
import { createContext } from 'react';
import { SORT_COOKIE, sortFromCookie } from '@domain/page-render';
import type { SortKey } from '@domain/constants';

/** The sort the server rendered the page with: what the first (hydrating) render must use too. */
export const RenderedSortContext = createContext<SortKey | null>(null);

/** Keeps the cookie equal to the stored sort (or removes it); a no-op when it already is. */
export function mirrorSortCookie(stored: string | null) {
  // Only a real sort key travels: storage is the visitor's to edit, and a cookie value must not carry ';'.
  const sort = sortFromCookie(stored ?? undefined);
  const current = new RegExp(`(?:^|; )${SORT_COOKIE}=([^;]*)`).exec(document.cookie)?.[1] ?? null;
  if (current === sort) return;
  // max-age=0 removes it (the stored sort was cleared).
  document.cookie = `${SORT_COOKIE}=${sort ?? ''}; path=/; max-age=${sort ? 31536000 : 0}; samesite=lax`;
}
