// The hold requests this browser sent (issue 57): after "Hold this vehicle", the requester's page says "Your hold
// request is with us" instead of offering the hold again, until staff answer (the vehicle then shows as held) or a
// day has passed. Kept in the browser, as visitors can ask for a hold without an account; read after hydration only,
// so the server's HTML (what everyone sees) is the HTML the browser hydrates.
import { readJSON, writeJSON, type StorageOptions } from './storage';

const KEY = 'pmh.holdRequests';
/** Staff answer a hold request within the store's next opening hours; after a day the offer comes back. */
export const HOLD_REQUEST_REMEMBERED_MS = 24 * 60 * 60 * 1000;

type Sent = Record<string, number>;
const isSent = (v: unknown): v is Sent => !!v && typeof v === 'object' && Object.values(v).every((t) => typeof t === 'number');

/** Remembers a request sent now, and forgets those older than a day. */
export function rememberHoldRequest(vehicleId: number, now: number, options: StorageOptions = {}): void {
  const fresh = Object.entries(readJSON<Sent>(KEY, {}, { ...options, validate: isSent })).filter(([, t]) => now - t < HOLD_REQUEST_REMEMBERED_MS);
  writeJSON(KEY, { ...Object.fromEntries(fresh), [vehicleId]: now }, options);
}

/** Whether this browser asked to hold the vehicle within the last day. */
export function holdRequestPending(vehicleId: number, now: number, options: StorageOptions = {}): boolean {
  const t = readJSON<Sent>(KEY, {}, { ...options, validate: isSent })[vehicleId];
  return t !== undefined && now - t >= 0 && now - t < HOLD_REQUEST_REMEMBERED_MS;
}

/** The request is answered: the page saw the vehicle held (confirmed), so a later release offers the hold again. */
export function forgetHoldRequest(vehicleId: number, options: StorageOptions = {}): void {
  const sent = readJSON<Sent>(KEY, {}, { ...options, validate: isSent });
  if (!(vehicleId in sent)) return;
  delete sent[vehicleId];
  writeJSON(KEY, sent, options);
}
