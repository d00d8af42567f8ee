// Gives back the heap a burst of traffic left behind, once the server goes quiet (issue 17). Under 200 connections
// V8's old generation grows to ~250 MB, mostly garbage; V8's own memory reducer returns it only tens of seconds
// later, sometimes not at all while a scraper keeps polling. A full collection in a quiet interval (a few requests
// at most: a metrics scrape or a lone visitor is not load), and only when the heap has grown a quarter since the
// last one, takes ~100 ms when nothing else is waiting.
// Needs node --expose-gc (npm start); without it nothing is done.
export interface IdleCollectorOptions {
  /** A full garbage collection (globalThis.gc under --expose-gc). */
  collect: () => void;
  /** What the heap holds now, in bytes (main.ts: V8's heap and the external memory its objects keep). */
  heapBytes: () => number;
}

/** Requests in an interval that still leave it quiet. */
export const QUIET_REQUESTS = 5;

/**
 * How often the collector looks (main.ts). Short enough that the heap goes back within seconds of the last request
 * (bench:memory reads the steady state 10 s after its load); a collection still needs a quiet interval.
 */
export const IDLE_INTERVAL_MS = 2_000;

/**
 * Monitoring, not traffic: a health check or a metrics scrape every second (a load balancer, bench:memory's
 * sampler) would otherwise keep every interval busy and the heap would never go back.
 */
const MONITORING_ROUTES = new Set(['/metrics', '/api/health']);

export class IdleCollector {
  private requests = 0;
  private seen = 0;
  private heapAfterLast: number;

  constructor(private readonly options: IdleCollectorOptions) {
    this.heapAfterLast = options.heapBytes();
  }

  /** Counts a request to `route` (its pattern): more than QUIET_REQUESTS in an interval make it busy. */
  request(route: string | undefined): void {
    if (route !== undefined && MONITORING_ROUTES.has(route)) return;
    this.requests++;
  }

  /** Called once per interval; collects when the interval was quiet and the heap has grown since. */
  tick(): boolean {
    const quiet = this.requests - this.seen <= QUIET_REQUESTS;
    this.seen = this.requests;
    if (!quiet || this.options.heapBytes() < this.heapAfterLast * 1.25) return false;
    this.options.collect();
    this.heapAfterLast = this.options.heapBytes();
    return true;
  }
}
