// The API answers the server embedded in this page's HTML (domain/page-preload.ts, server/modules/seo/plugin.ts).
// Each stands in for one request, once, and only soon after the page loaded; after that every request goes to
// the server as usual. Two ways in: the API client takes one instead of a fetch, and a query can start with one
// as its initialData (preloadedData), so the page's first render already shows the data.
import { STORAGE_KEYS } from '@domain/constants';
import { API_PRELOAD_ELEMENT_ID, API_PRELOAD_FRESH_MS, preloadKey, type PreloadedAnswer } from '@domain/page-preload';
import { readString } from './storage';

let answers: Map<string, PreloadedAnswer> | null = null;

function read(): Map<string, PreloadedAnswer> {
  const found = new Map<string, PreloadedAnswer>();
  const el = typeof document === 'undefined' ? null : document.getElementById(API_PRELOAD_ELEMENT_ID);
  if (!el?.textContent) return found;
  try {
    const list = JSON.parse(el.textContent) as unknown;
    if (Array.isArray(list)) {
      for (const a of list as PreloadedAnswer[]) {
        if (a && typeof a.url === 'string' && typeof a.status === 'number') found.set(preloadKey(a.url), a);
      }
    }
  } catch {
    // A damaged block only costs the round trips it would have saved.
  }
  el.remove();
  return found;
}

/**
 * The embedded answer for GET `url`, taken (so a refetch asks the server), or undefined. Never while a bearer token
 * is stored (spec §6): the page request that embedded it went without one, so it may not be this caller's answer.
 */
export function takePreloaded(url: string, now = performance.now()): PreloadedAnswer | undefined {
  answers ??= read();
  if (answers.size === 0) return undefined;
  if (now > API_PRELOAD_FRESH_MS || readString(STORAGE_KEYS.adminToken)) {
    answers.clear();
    return undefined;
  }
  const key = preloadKey(url);
  const answer = answers.get(key);
  answers.delete(key);
  return answer;
}

/** A successful embedded answer's body, for a query's initialData; undefined (and nothing taken) otherwise. */
export function preloadedData<T>(url: string, now = performance.now()): T | undefined {
  answers ??= read();
  const key = preloadKey(url);
  const answer = answers.get(key);
  if (!answer || answer.status < 200 || answer.status > 299) return undefined;
  return takePreloaded(url, now)?.body as T | undefined;
}

/** Tests: forget what was read, so the next call reads the document again. */
export function resetPreloaded() {
  answers = null;
}
