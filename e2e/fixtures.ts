// The test and expect every spec imports. Pages arrive server-rendered (issue 14): the HTML is on screen before
// React has hydrated it, and a click on a button before then does nothing. So a page load here is done when the
// app says it has hydrated (html[data-hydrated], set by the root layout's first effect), a state, not a delay.
// Contexts with JavaScript turned off get the plain page load.
//
// Every test owns its data (issue 55): tests run in any order, two at a time (each worker has an app server and a
// database of its own, playwright.config.ts), and a test repeated with --repeat-each meets its own earlier run's
// leftovers. So names and VINs come from `unique` below, never from the clock, and the seeded demo inventory is
// read-only: a test that changes a vehicle, a lead or a setting makes its own first (support.ts: createVehicle).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { test as base, type Page, type TestInfo } from '@playwright/test';
import { e2ePort } from './servers';

export { expect } from '@playwright/test';
export type { APIRequestContext, Locator, Page } from '@playwright/test';

export async function waitForHydration(page: Page) {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/**
 * Makes the page's goto and reload wait for hydration. The test's own page gets it from the fixture below; a page
 * a test opens itself (a second context: an admin beside a shopper) must be passed through it, or a click can land
 * on server HTML before React has taken it over (a form then submits natively).
 */
export function waitingForHydration(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== 'commit') await waitForHydration(page);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    if (options?.waitUntil !== 'commit') await waitForHydration(page);
    return response;
  };
  return page;
}

/**
 * Names, e-mails, VIN serials and addresses no other test and no other run of this test uses on its server. No clock,
 * no randomness, so a failure reproduces with the same data.
 * - Names and tokens carry the worker's index (unique within a run: a restarted worker gets a new one) and a count
 *   the worker keeps.
 * - Serials and addresses have only a few digits to spare, and the worker's index grows past them in a long run (a
 *   reversed run starts a worker per spec file and project). They carry the worker's slot instead (its parallel
 *   index, 0 … workers - 1, which a restarted worker takes over, with its server) and a count kept in a file per slot,
 *   so a restarted worker goes on from its predecessor's count.
 */
export interface Unique {
  /** "Casey w3n12": a name with the worker and the count, for people, listings and searches. */
  name(prefix: string): string;
  /** Six digits, for a VIN's serial (positions 12-17) or any number field that must not repeat. */
  serial(): string;
  /** A lower-case token for usernames and e-mail local parts. */
  token(prefix: string): string;
  /**
   * An IPv4 address of the test's own, for `X-Forwarded-For` (the app servers trust the loopback proxy,
   * playwright.config.ts): per-address limits (sign-ups, leads, appraisals, bookings) then count this test alone.
   */
  address(): string;
}

let counter = 0;

const COUNTS = `.tmp/e2e-unique-${e2ePort}`;
/** The slot's next count, from its file: one worker at a time holds a slot, so a read and a write suffice. */
function nextSlotCount(parallelIndex: number): number {
  const file = `${COUNTS}/slot-${parallelIndex}`;
  let n = 0;
  try {
    n = Number(readFileSync(file, 'utf8')) || 0;
  } catch {
    mkdirSync(COUNTS, { recursive: true });
  }
  writeFileSync(file, String(n + 1));
  return n + 1;
}

export function uniqueFor(info: Pick<TestInfo, 'workerIndex' | 'parallelIndex'>): Unique {
  const next = () => `w${info.workerIndex}n${++counter}`;
  return {
    name: (prefix) => `${prefix} ${next()}`,
    // One digit of slot, five of count: 100,000 a slot before it wraps, and e2e.mjs starts each run afresh.
    serial: () => `${info.parallelIndex % 10}${String(nextSlotCount(info.parallelIndex) % 100_000).padStart(5, '0')}`,
    token: (prefix) => `${prefix}${next()}`.toLowerCase(),
    address: () => {
      const n = nextSlotCount(info.parallelIndex);
      return `10.${info.parallelIndex % 256}.${(n >> 8) & 255}.${n & 255}`;
    },
  };
}

export const test = base.extend<{ unique: Unique }>({
  page: async ({ page, javaScriptEnabled }, use) => {
    await use(javaScriptEnabled === false ? page : waitingForHydration(page));
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  unique: async ({}, use, testInfo) => {
    await use(uniqueFor(testInfo));
  },
});
