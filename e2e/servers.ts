// Where each worker's app server listens, for playwright.config.ts and for helpers that call the app outside a
// page (support.ts). Worker n (TEST_PARALLEL_INDEX, 0 … workers - 1, kept when a worker restarts) drives the app on
// E2E_PORT + 2n with a data directory of its own; E2E_PORT + 1 is React's development build for the hydration check.
export const e2ePort = Number(process.env.E2E_PORT ?? 3100);

export function appPortOf(parallelIndex: number): number {
  return e2ePort + 2 * parallelIndex;
}

/** This worker's app. The runner, which has no TEST_PARALLEL_INDEX, gets the first. */
export const workerAppURL = `http://localhost:${appPortOf(Number(process.env.TEST_PARALLEL_INDEX ?? 0))}`;
