// First-party analytics from the browser (issue 6; spec §7): form funnel events, the exit-intent beacon and page
// views go to our own endpoints, never a third party. Nothing personal is sent: a form name, a step name, a random
// per-tab session id, a path. With Global Privacy Control on, nothing is sent at all (the server also drops any
// request carrying Sec-GPC: 1).
import type { FormEventKind, FormTrackBody, TrackedForm } from '@domain/analytics';
import { cleanPath } from '@domain/analytics-rules';
import { readString, writeString } from './storage';

const SESSION_KEY = 'analytics-session-id';

/** Global Privacy Control (navigator.globalPrivacyControl), the browser's "do not sell or share" signal. */
export function privacySignal(): boolean {
  return typeof navigator !== 'undefined' && (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;
}

/** A random id for this tab's visit: it ties one visit's form events together and dies with the tab. */
export function analyticsSessionId(): string {
  let id = readString(SESSION_KEY, { area: 'session' });
  if (!id || !/^[A-Za-z0-9_-]{8,64}$/.test(id)) {
    id = (crypto.randomUUID?.() ?? `${Date.now()}${Math.random()}`).replace(/[^A-Za-z0-9]/g, '').slice(0, 32);
    writeString(SESSION_KEY, id, { area: 'session' });
  }
  return id;
}

/**
 * Sends a small JSON body that survives the page unloading (sendBeacon, else fetch keepalive). Failures are ignored:
 * analytics never gets in a shopper's way.
 */
export function beacon(url: string, body: unknown): void {
  if (privacySignal()) return;
  const json = JSON.stringify(body);
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, new Blob([json], { type: 'application/json' }))) return;
  } catch { /* fall through to fetch */ }
  void fetch(url, { method: 'POST', body: json, headers: { 'Content-Type': 'application/json' }, keepalive: true, credentials: 'same-origin' }).catch(() => {});
}

export function trackFormEvent(form: TrackedForm, event: FormEventKind, extra: { step?: string; durationMs?: number } = {}): void {
  const body: FormTrackBody = { form, event, sessionId: analyticsSessionId(), ...extra };
  beacon('/api/form-analytics/track', body);
}

export function trackPageView(path: string): void {
  beacon('/api/analytics/page-view', { path: cleanPath(path) });
}
