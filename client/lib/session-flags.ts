// One-shot flags in sessionStorage that one page leaves for the next.
import { readString, removeItem, writeString } from './storage';

/** spec §2: the home page's "browse without pre-approval" link and search ask the listing to scroll to the top. */
export const SCROLL_TO_TOP_FLAG = 'vehicles-scroll-to-top';

export function setSessionFlag(key: string) {
  writeString(key, '1', { area: 'session' });
}

/** Read and clear a flag: it applies to one arrival only. */
export function takeSessionFlag(key: string): boolean {
  const set = readString(key, { area: 'session' }) === '1';
  if (set) removeItem(key, { area: 'session' });
  return set;
}
