// The app's Prometheus metrics (issue 18; docs/OPERATIONS.md "Metrics"; served by ./routes.ts). Each app has its own
// registry, so several apps in one process (tests) never share counters.
import { count, eq, inArray, min } from 'drizzle-orm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/client';
import { leadDeliveries, outboxMessages } from '../../db/schema';
import { LEAD_DELIVERY_STATUSES } from '@domain/lead-delivery';

export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to response, by route pattern (not the raw URL), method and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    // Spec §9's budgets are in the tens of milliseconds for the API and about a second for pages.
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  readonly jobRuns = new Counter({
    name: 'job_runs_total',
    help: 'Scheduled job runs on this instance, by job and outcome (ok, failed; skipped: another instance had claimed the interval)',
    labelNames: ['job', 'outcome'] as const,
    registers: [this.registry],
  });

  constructor(database: Database) {
    collectDefaultMetrics({ register: this.registry });
    const db = database.db;
    new Gauge({
      name: 'outbox_messages_waiting',
      help: 'Messages in the outbox not yet delivered (status stored), by category; growing means SMTP is failing or off',
      labelNames: ['category'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        const rows = await db.select({ category: outboxMessages.category, n: count() }).from(outboxMessages)
          .where(eq(outboxMessages.status, 'stored')).groupBy(outboxMessages.category);
        for (const r of rows) this.set({ category: r.category }, r.n);
      },
    });
    new Gauge({
      name: 'outbox_messages_failed',
      help: 'Outbox messages whose last delivery attempt failed',
      registers: [this.registry],
      async collect() {
        const [r] = await db.select({ n: count() }).from(outboxMessages).where(eq(outboxMessages.status, 'failed'));
        this.set(r?.n ?? 0);
      },
    });
    // Issue 32: lead deliveries to the dealer's CRM. Dead ones mean leads that did not reach it after 24 hours.
    new Gauge({
      name: 'lead_deliveries',
      help: 'Lead deliveries to the CRM by status (pending: waiting for a retry or the next pass; not_sent: the channel cannot send, e.g. no mail server; dead: gave up after 24 h)',
      labelNames: ['status'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const status of LEAD_DELIVERY_STATUSES) this.set({ status }, 0);
        const rows = await db.select({ status: leadDeliveries.status, n: count() }).from(leadDeliveries).groupBy(leadDeliveries.status);
        for (const r of rows) this.set({ status: r.status }, r.n);
      },
    });
    new Gauge({
      name: 'lead_delivery_oldest_pending_seconds',
      help: 'Age of the oldest lead delivery not yet delivered (0 when none waits): how late the CRM is',
      registers: [this.registry],
      async collect() {
        const [r] = await db.select({ oldest: min(leadDeliveries.createdAt) }).from(leadDeliveries).where(inArray(leadDeliveries.status, ['pending', 'sending']));
        this.set(r?.oldest ? Math.max(0, (Date.now() - new Date(r.oldest).getTime()) / 1000) : 0);
      },
    });
    if (database.memoryBytes) {
      const bytes = database.memoryBytes;
      new Gauge({
        name: 'pglite_memory_bytes',
        help: 'Size of the embedded database\'s WebAssembly memory (it grows and never shrinks); part of process_resident_memory_bytes',
        registers: [this.registry],
        collect() { this.set(bytes()); },
      });
    }
    if (database.poolStats) {
      const stats = database.poolStats;
      new Gauge({
        name: 'db_pool_connections',
        help: 'PostgreSQL pool connections by state (total, idle, waiting = queries queued for a connection)',
        labelNames: ['state'] as const,
        registers: [this.registry],
        collect() {
          const s = stats();
          this.set({ state: 'total' }, s.total);
          this.set({ state: 'idle' }, s.idle);
          this.set({ state: 'waiting' }, s.waiting);
        },
      });
    }
  }
}
