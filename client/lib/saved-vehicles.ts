// The saved-vehicles id list in browser storage (spec §3), read by the header's heart badge.
// The saved feature writes it; after each write it dispatches SAVED_VEHICLES_CHANGED so this tab's
// header updates too ('storage' events only reach other tabs).
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@domain/constants';
import type { SavedVehiclesResponse } from '@domain/saved';
import { apiGet, apiPost } from './api-client';
import { readJSON, writeJSON, type StorageOptions } from './storage';

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

// --- Saving and unsaving (spec §3/§4) -------------------------------------------------------------

export interface SavedVehicleDetail {
  vehicleId: number;
  /** ISO timestamp of the save. */
  savedAt: string;
  /** The price when saved (spec §3: default 0), so the saved page can show the change since. */
  originalPrice: number;
}

const isDetailList = (v: unknown): v is SavedVehicleDetail[] =>
  Array.isArray(v) && v.every((d) => d && typeof d === 'object' && 'vehicleId' in d);

export function readSavedVehicleDetails(): SavedVehicleDetail[] {
  return readJSON(STORAGE_KEYS.savedVehicleDetails, [], { validate: isDetailList });
}

/**
 * spec §7: POST /api/saved-vehicles/sync on every change; a failure is only logged (spec §8). The detail entries
 * ride along so the server keeps each save time and the price then (issue 5: price change since saved).
 */
async function syncSaved(ids: (number | string)[], details: SavedVehicleDetail[]) {
  try {
    await apiPost('/api/saved-vehicles/sync', { savedVehicles: ids, savedVehicleDetails: details.filter((d) => ids.some((id) => Number(id) === d.vehicleId)) });
  } catch (err) {
    console.error('Could not sync saved vehicles', err);
  }
}

function writeSaved(ids: (number | string)[], details: SavedVehicleDetail[], sync = true) {
  writeJSON(STORAGE_KEYS.savedVehicles, ids);
  writeJSON(STORAGE_KEYS.savedVehicleDetails, details);
  notifySavedVehiclesChanged();
  if (sync) void syncSaved(ids, details);
}

/**
 * issue 5: at login the browser's list and the account's list are merged (the union, each vehicle keeping its
 * earliest save), stored here and synced back. Once per user per browser session; failures are only logged.
 */
export async function mergeSavedOnLogin(userId: number): Promise<void> {
  const flag = `saved-merged-${userId}`;
  try {
    if (sessionStorage.getItem(flag)) return;
    // Loaded here, not at the top: this module is in every page's header, the merge runs once per sign-in.
    const [server, { mergeSavedLists }] = await Promise.all([apiGet<SavedVehiclesResponse>('/api/saved-vehicles'), import('@domain/saved')]);
    // From here on no await until the write: a heart tapped while the merge was loading is read, not overwritten.
    const localIds = readSavedVehicleIds().map(Number).filter((n) => Number.isInteger(n) && n > 0);
    const localDetails = readSavedVehicleDetails();
    // Ids saved before detail entries existed get one now, with the price unknown (spec §3 default 0).
    const local = localIds.map((id) => localDetails.find((d) => d.vehicleId === id) ?? { vehicleId: id, savedAt: new Date().toISOString(), originalPrice: 0 });
    const merged = mergeSavedLists(local, server.savedVehicleDetails);
    const ids = merged.map((d) => d.vehicleId);
    const same = ids.length === server.savedVehicles.length && ids.every((id) => server.savedVehicles.includes(id));
    writeSaved(ids, merged, !same);
    sessionStorage.setItem(flag, '1');
  } catch (err) {
    console.error('Could not merge saved vehicles', err);
  }
}

/** spec §4: toggles the vehicle; returns whether it is now saved. */
export function toggleSavedVehicle(vehicle: { id: number; price?: number }, now: Date = new Date()): boolean {
  const ids = readSavedVehicleIds();
  const details = readSavedVehicleDetails();
  const saved = ids.some((id) => Number(id) === vehicle.id);
  if (saved) {
    writeSaved(ids.filter((id) => Number(id) !== vehicle.id), details.filter((d) => d.vehicleId !== vehicle.id));
    return false;
  }
  writeSaved([...ids, vehicle.id], [...details, { vehicleId: vehicle.id, savedAt: now.toISOString(), originalPrice: vehicle.price ?? 0 }]);
  return true;
}

/**
 * At logout the list stays with the account, not the browser: otherwise the next person to sign in on this browser
 * would have it merged into theirs. No sync (the server keeps the account's list); the merge runs again next login.
 */
export function forgetSavedVehiclesLocally() {
  writeSaved([], [], false);
  try {
    for (const key of Object.keys(sessionStorage)) if (key.startsWith('saved-merged-')) sessionStorage.removeItem(key);
  } catch { /* storage unavailable: nothing to forget */ }
}

/** spec §4: the clear-all action. */
export function clearSavedVehicles() {
  writeSaved([], []);
}

export function useIsSaved(vehicleId: number): boolean {
  return useSyncExternalStore(subscribe, () => readSavedVehicleIds().some((id) => Number(id) === vehicleId), () => false);
}
