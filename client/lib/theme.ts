// Light/dark theme (spec §2 "Theme", §4: light by default, dark adds a `dark` class to the page root).
// The choice lives in browser storage (spec) and is mirrored in a cookie (THEME_COOKIE), so the server renders the
// page in the visitor's theme (client/entry-server.tsx) and nothing flashes. public/theme-init.js applies a stored
// choice the cookie does not carry yet before first paint; this module keeps both in sync afterwards.
import { createContext, useContext, useSyncExternalStore } from 'react';
import { THEME_COOKIE } from '@domain/page-render';
import { STORAGE_KEYS } from '@domain/constants';
import { readString, writeString } from './storage';

export type Theme = 'light' | 'dark';
const CHANGED = 'theme-changed';

/** theme-color of the browser UI, matching the header background of each theme (styles.css). */
const THEME_COLOR: Record<Theme, string> = { light: '#ffffff', dark: '#0b1220' };

export function readTheme(): Theme {
  // Tolerates a JSON-quoted value in case another writer used JSON.
  const raw = readString(STORAGE_KEYS.theme);
  if (raw !== null) return raw === 'dark' || raw === '"dark"' ? 'dark' : 'light';
  // Storage cleared but the cookie kept: the server rendered the cookie's theme, so that is the choice.
  const cookie = typeof document === 'undefined' ? null : new RegExp(`(?:^|; )${THEME_COOKIE}=(dark|light)`).exec(document.cookie);
  return cookie?.[1] === 'dark' ? 'dark' : 'light';
}

export function applyTheme(theme: Theme) {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLOR[theme]);
}

/** The theme the server rendered the page in: what the first (hydrating) render must show too. */
export const RenderedThemeContext = createContext<Theme>('light');

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
      applyTheme(readTheme());
      onChange();
    }
  };
  window.addEventListener(CHANGED, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

export function useTheme(): [Theme, (t: Theme) => void] {
  const rendered = useContext(RenderedThemeContext);
  const theme = useSyncExternalStore(subscribe, readTheme, () => rendered);
  return [theme, setTheme];
}
