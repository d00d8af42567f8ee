// The saved-vehicles id list in browser storage (spec §3), read by the header's heart badge.
// The saved feature writes it; after each write it dispatches SAVED_VEHICLES_CHANGED so this tab's
// header updates too ('storage' events only reach other tabs).
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@domain/constants';
import { readJSON, type StorageOptions } from './storage';

export const SAVED_VEHICLES_CHANGED = 'saved-vehicles-changed';

const isIdList = (v: unknown): v is (number | string)[] =>
  Array.isArray(v) && v.every((x) => typeof x === 'number' || typeof x === 'string');

/** spec §8: a corrupt saved list is logged and removed. */
export function readSavedVehicleIds(options: StorageOptions = {}): (number | string)[] {
  return readJSON(STORAGE_KEYS.savedVehicles, [], { ...options, validate: isIdList });
}

/** Tell every listener in this tab that the saved list changed. */
export function notifySavedVehiclesChanged() {
  window.dispatchEvent(new Event(SAVED_VEHICLES_CHANGED));
}

function subscribe(onChange: () => void) {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === STORAGE_KEYS.savedVehicles) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(SAVED_VEHICLES_CHANGED, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(SAVED_VEHICLES_CHANGED, onChange);
  };
}

export function useSavedVehicleCount(): number {
  return useSyncExternalStore(subscribe, () => readSavedVehicleIds().length, () => 0);
}
