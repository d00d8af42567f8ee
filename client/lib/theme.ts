// Light/dark theme (spec §2 "Theme", §4: light by default, dark adds a `dark` class to the page root).
// public/theme-init.js applies the stored choice before first paint; this module keeps it in sync afterwards.
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@domain/constants';
import { readString, writeString } from './storage';

export type Theme = 'light' | 'dark';
const CHANGED = 'theme-changed';

/** theme-color of the browser UI, matching the header background of each theme (styles.css). */
const THEME_COLOR: Record<Theme, string> = { light: '#ffffff', dark: '#0b1220' };

export function readTheme(): Theme {
  // Tolerates a JSON-quoted value in case another writer used JSON.
  const raw = readString(STORAGE_KEYS.theme);
  return raw === 'dark' || raw === '"dark"' ? 'dark' : 'light';
}

export function applyTheme(theme: Theme) {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLOR[theme]);
}

export function setTheme(theme: Theme) {
  writeString(STORAGE_KEYS.theme, theme);
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
  const theme = useSyncExternalStore(subscribe, readTheme, () => 'light' as Theme);
  return [theme, setTheme];
}
