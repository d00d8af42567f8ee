// The comparison list (spec §3/§4): full vehicle objects kept in browser storage; rules in domain/compare.ts.
import { STORAGE_KEYS } from '@domain/constants';
import { addToCompare, removeFromCompare, toggleCompare } from '@domain/compare';
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
export const addCompare = (v: Vehicle) => compareStore.set((l) => addToCompare(l, v));
export const removeCompare = (id: number) => compareStore.set((l) => removeFromCompare(l, id));
export const toggleCompareVehicle = (v: Vehicle) => compareStore.set((l) => toggleCompare(l, v));
export const clearCompare = () => compareStore.set([]);
