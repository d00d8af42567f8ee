// The comparison list (spec §3/§4): full vehicle objects kept in browser storage; rules in domain/compare.ts.
import { useEffect, useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@domain/constants';
import { addToCompare, droppedByAdding, removeFromCompare, toggleCompare } from '@domain/compare';
import type { Vehicle } from '@domain/vehicle';
import { createLocalStore } from './local-store';

const isVehicleLike = (v: unknown): v is Vehicle =>
  !!v && typeof v === 'object' && typeof (v as Vehicle).id === 'number' && typeof (v as Vehicle).price === 'number';

export const compareStore = createLocalStore<Vehicle[]>(STORAGE_KEYS.compare, {
  fallback: [],
  parse(raw) {
    if (!Array.isArray(raw) || !raw.every(isVehicleLike)) throw new Error('not a vehicle list');
    return raw;
  },
  onCorrupt(err) {
    // spec §4: an unreadable stored value is discarded with a console warning.
    console.warn('Discarding an unreadable comparison list', err);
    return 'remove';
  },
});

export const useCompareList = () => compareStore.use();
/**
 * Whether one vehicle is in the list. A card reads this, not the list: a tap re-renders the card it changed (and the
 * bar), not all twenty on the page, which is what kept a compare tap's next paint waiting (issue 35 §3).
 */
export const useIsCompared = (id: number) =>
  useSyncExternalStore(compareStore.subscribe, () => compareStore.get().some((v) => v.id === id), () => false);
export const addCompare = (v: Vehicle) => compareStore.set((l) => addToCompare(l, v));
export const removeCompare = (id: number) => compareStore.set((l) => removeFromCompare(l, id));
/** Toggles the vehicle; `dropped` lists the oldest picks a full list let go to make room (spec §4), to tell the shopper. */
export function toggleCompareVehicle(v: Vehicle): { added: boolean; dropped: Vehicle[] } {
  const before = compareStore.get();
  const added = !before.some((x) => x.id === v.id);
  compareStore.set((l) => toggleCompare(l, v));
  return { added, dropped: added ? droppedByAdding(before, v) : [] };
}
export const clearCompare = () => compareStore.set([]);

// --- Is a compare bar on this page? -----------------------------------------------------------------------------
// A card's "Go to the comparison" shortcut is offered only where the bar it leads to is (the listing pages).
export const COMPARE_NOW_ID = 'compare-now';
let bars = 0;
const barListeners = new Set<() => void>();
const subscribeBars = (l: () => void) => { barListeners.add(l); return () => { barListeners.delete(l); }; };

/** Called by the compare bar while it is mounted. */
export function useRegisterCompareBar() {
  useEffect(() => {
    bars++;
    for (const l of barListeners) l();
    return () => {
      bars--;
      for (const l of barListeners) l();
    };
  }, []);
}

export const useCompareBarShown = () => useSyncExternalStore(subscribeBars, () => bars > 0, () => false);
