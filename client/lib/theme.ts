// Light/dark theme (spec §2 "Theme", §4: dark adds a `dark` class to the page root).
// The choice lives in browser storage (spec) and is mirrored in a cookie (THEME_COOKIE), so the server renders the
// page in the visitor's theme (client/entry-server.tsx) and nothing flashes. public/theme-init.js applies a stored
// choice the cookie does not carry yet before first paint; this module keeps both in sync afterwards.
// Until the visitor chooses, the page follows the device's preference (issue 21): the root has `theme-system` and
// CSS applies `prefers-color-scheme` (styles.css), and the switch shows whichever theme that gives.
import { createContext, useContext, useSyncExternalStore } from 'react';
import { THEME_COOKIE, type RenderedTheme } from '@domain/page-render';
import { STORAGE_KEYS } from '@domain/constants';
import { readString, writeString } from './storage';

export type Theme = 'light' | 'dark';
const CHANGED = 'theme-changed';
const SYSTEM_CLASS = 'theme-system';
const PREFERS_DARK = '(prefers-color-scheme: dark)';

/** theme-color of the browser UI, matching the header background of each theme (styles.css). */
const THEME_COLOR: Record<Theme, string> = { light: '#ffffff', dark: '#0b1220' };

/** The visitor's own choice, or null while they have made none. */
export function readChoice(): Theme | null {
  // Tolerates a JSON-quoted value in case another writer used JSON.
  const raw = readString(STORAGE_KEYS.theme);
  if (raw !== null) return raw === 'dark' || raw === '"dark"' ? 'dark' : 'light';
  // Storage cleared but the cookie kept: the server rendered the cookie's theme, so that is the choice.
  const cookie = typeof document === 'undefined' ? null : new RegExp(`(?:^|; )${THEME_COOKIE}=(dark|light)`).exec(document.cookie);
  return (cookie?.[1] as Theme | undefined) ?? null;
}

/** The theme on screen: the choice, else the device's preference. */
export function readTheme(): Theme {
  return readChoice() ?? (window.matchMedia(PREFERS_DARK).matches ? 'dark' : 'light');
}

export function applyTheme(theme: Theme) {
  const root = document.documentElement;
  root.classList.remove(SYSTEM_CLASS);
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  // The server writes one theme-color per scheme while no choice is made; a choice makes it one colour.
  for (const meta of document.querySelectorAll('meta[name="theme-color"]')) {
    meta.removeAttribute('media');
    meta.setAttribute('content', THEME_COLOR[theme]);
  }
}

/** The theme the server rendered the page in: what the first (hydrating) render must show too. */
export const RenderedThemeContext = createContext<RenderedTheme>('light');

export function setTheme(theme: Theme) {
  writeString(STORAGE_KEYS.theme, theme);
  document.cookie = `${THEME_COOKIE}=${theme}; path=/; max-age=31536000; samesite=lax`;
  applyTheme(theme);
  window.dispatchEvent(new Event(CHANGED));
}

function subscribe(onChange: () => void) {
  // 'storage' fires when another tab changes the theme: follow it there too.
  const onStorage = (e: StorageEvent) => {
    if (e.key === STORAGE_KEYS.theme) {
      const choice = readChoice();
      if (choice) applyTheme(choice);
      onChange();
    }
  };
  // With no choice the device's preference can change under the page (evening mode): CSS follows it, the switch too.
  const prefers = window.matchMedia(PREFERS_DARK);
  window.addEventListener(CHANGED, onChange);
  window.addEventListener('storage', onStorage);
  prefers.addEventListener('change', onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', onStorage);
    prefers.removeEventListener('change', onChange);
  };
}

export function useTheme(): [Theme, (t: Theme) => void] {
  const rendered = useContext(RenderedThemeContext);
  // The server does not know the device's preference: it renders the switch as light, and the browser's answer
  // follows right after hydration (the page's colours come from CSS at once either way).
  const theme = useSyncExternalStore(subscribe, readTheme, () => (rendered === 'system' ? 'light' : rendered));
  return [theme, setTheme];
}
