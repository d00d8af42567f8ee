// The browser's saved list (spec §3: ids plus detail entries), as a React value that follows every change in this
// tab and others. The snapshot is the raw stored text, so React sees a stable value between changes.
import { useMemo, useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@domain/constants';
import { readSavedVehicleDetails, readSavedVehicleIds, SAVED_VEHICLES_CHANGED, type SavedVehicleDetail } from '@/lib/saved-vehicles';

function subscribe(onChange: () => void) {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === STORAGE_KEYS.savedVehicles || e.key === STORAGE_KEYS.savedVehicleDetails) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(SAVED_VEHICLES_CHANGED, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(SAVED_VEHICLES_CHANGED, onChange);
  };
}

const snapshot = () => `${localStorage.getItem(STORAGE_KEYS.savedVehicles) ?? ''}\u0000${localStorage.getItem(STORAGE_KEYS.savedVehicleDetails) ?? ''}`;

/** Saved vehicles, most recently saved first; an id without a detail entry gets one with an unknown price (0). */
export function useSavedEntries(): SavedVehicleDetail[] {
  const raw = useSyncExternalStore(subscribe, snapshot, () => '');
  return useMemo(() => {
    if (!raw) return [];
    const details = readSavedVehicleDetails();
    return readSavedVehicleIds()
      .map(Number)
      .filter((id) => Number.isInteger(id) && id > 0)
      .map((id) => details.find((d) => d.vehicleId === id) ?? { vehicleId: id, savedAt: '', originalPrice: 0 })
      .reverse();
  }, [raw]);
}
