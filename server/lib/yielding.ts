// Issue 30: long work on the server's own thread (the embedded database runs on it too) gives the event loop back
// often enough that other requests wait at most a few tens of milliseconds for it.

/** One turn of the event loop: timers, sockets and answers waiting behind the current work run first. */
export const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A check to call often in a long loop (each row, each vehicle): it yields once `budgetMs` have passed since the
 * last yield, and costs a clock read otherwise. `await pace()` between steps of work.
 */
export function pacer(budgetMs = 15, clock: () => number = () => performance.now()): () => Promise<void> | undefined {
  let since = clock();
  return () => {
    if (clock() - since < budgetMs) return undefined;
    return yieldToRequests().then(() => { since = clock(); });
  };
}
