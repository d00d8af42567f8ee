// Scheduled housekeeping (issue 6: "applications older than a configurable retention period are purged by a
// scheduled job"; issue 18: a daily backup). Started by main.ts only, never by buildApp, so tests and scripts run
// no timers. Each job is tried shortly after start (a server that was down for days catches up) and then on its
// interval. With several instances on one PostgreSQL, each run is claimed first (claimRun): one row per job in
// app_meta, updated only when the last run is older than the interval, so exactly one instance runs it.
import { and, lte, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import type { Deps } from '../../deps';
import type { Services } from '../../services';
import type { Metrics } from '../metrics/metrics';
import { appMeta } from '../../db/schema';
import { backupInto } from '../backup/service';
import { PAYLOAD_RETENTION_DAYS } from '../lead-delivery/service';

/** What a job is run with: the app's services and parts (the app itself, in main.ts; a test's app in tests). */
export type JobApp = Pick<Deps, 'db' | 'config' | 'log' | 'mailer'> & { services: Services; database: Database; metrics: Metrics };

export interface Job {
  name: string;
  everyMs: number;
  /** Whether the configuration asks for it (a daily backup can be turned off). */
  enabled?(app: JobApp): boolean;
  run(app: JobApp): Promise<string | null>;
}

const DAY = 24 * 3600_000;

/**
 * The embedded database runs no autovacuum, so without this its planner never has statistics and guesses row
 * counts (the trade appraiser's comparables query picked the status-and-year index, 4.5 ms instead of about 1.4 ms
 * at 10,000 vehicles). PostgreSQL's autovacuum keeps its own statistics. main.ts runs it once at start, after the seed.
 */
export async function refreshEmbeddedStatistics(database: Pick<Database, 'kind' | 'db'>): Promise<boolean> {
  if (database.kind !== 'pglite') return false;
  await database.db.execute(sql`analyze`);
  return true;
}

export const JOBS: Job[] = [
  {
    name: 'pre-approval-retention',
    everyMs: DAY / 4,
    async run(app) {
      const purged = await app.services.preApprovals.purgeExpiredPreApprovals();
      return purged ? `purged ${purged} pre-approval application(s) older than ${app.config.preApprovalRetentionDays} days` : null;
    },
  },
  {
    // Issue 32: the bodies sent to the CRM are a copy of the shopper's contact details; the log keeps the rest.
    name: 'lead-delivery-payload-retention',
    everyMs: DAY,
    async run(app) {
      const cleared = await app.services.leadDelivery.purgeDeliveryPayloads();
      return cleared ? `cleared the sent body of ${cleared} lead delivery(ies) finished more than ${PAYLOAD_RETENTION_DAYS} days ago` : null;
    },
  },
  {
    // issue 36 item 1: sent e-mails (their addresses and what they said) are kept OUTBOX_RETENTION_DAYS, no longer.
    name: 'outbox-retention',
    everyMs: DAY / 4,
    async run(app) {
      const purged = await app.services.mail.purgeSentMail(app.config.outboxRetentionDays);
      return purged ? `purged ${purged} sent e-mail(s) older than ${app.config.outboxRetentionDays} days from the outbox` : null;
    },
  },
  {
    name: 'database-backup',
    everyMs: DAY,
    enabled: (app) => app.config.backup.backupKeep > 0,
    async run(app) {
      const { backupDir, backupKeep } = app.config.backup;
      const r = await backupInto(app.database, backupDir, backupKeep);
      const size = `${(r.bytes / 1e6).toFixed(1)} MB`;
      return `backup written: ${r.file} (${size}, ${r.ms} ms)${r.deleted.length ? `; deleted ${r.deleted.length} older backup(s)` : ''}`;
    },
  },
  {
    name: 'database-statistics',
    everyMs: DAY,
    enabled: (app) => app.database.kind === 'pglite',
    async run(app) {
      return (await refreshEmbeddedStatistics(app.database)) ? 'planner statistics refreshed' : null;
    },
  },
  {
    // issue 32: inventory feeds whose time has come (each feed's own interval, default 60 minutes). Every minute,
    // on every instance: a feed runs once at a time across instances (its running run's unique index), and a run
    // another instance holds is skipped.
    name: 'inventory-feeds',
    everyMs: 60_000,
    async run(app) {
      const runs = await app.services.inventoryFeeds.runDueFeeds();
      return runs.length ? `inventory feeds: ${runs.map((r) => `feed ${r.feedId} ${r.status} (${r.created} created, ${r.updated} updated, ${r.removed} removed)`).join('; ')}` : null;
    },
  },
  {
    // Issue 33 §1: the shopper's reminder the day before a booking (Alberta date). Every 15 minutes, so a booking made
    // for tomorrow still gets one; each booking's reminder is claimed once in the database (queueBookingReminders),
    // so two instances that both run this never send it twice. Queued with its claim, delivered after the commit.
    name: 'booking-reminders',
    everyMs: 15 * 60_000,
    async run(app) {
      const ids = await app.services.appointments.queueBookingReminders(new Date());
      for (const id of ids) await app.mailer.deliver?.(id);
      return ids.length ? `queued ${ids.length} booking reminder(s) for tomorrow` : null;
    },
  },
  {
    // issue 19: a confirmed hold ends by itself 48 hours after the confirmation. Every minute, so a vehicle is
    // back within a minute of its time; the question is a read of a partial index (held vehicles only). Running it
    // on several instances at once is harmless: each vehicle is re-checked under its row lock.
    name: 'vehicle-hold-expiry',
    everyMs: 60_000,
    async run(app) {
      const expired = await app.services.holds.expireHolds(new Date());
      return expired ? `${expired} vehicle hold(s) expired; the vehicles are available again` : null;
    },
  },
];

/**
 * True for the one caller that may run `name` now: its last claimed run is at least `everyMs` old (a tenth of the
 * interval is forgiven, so timers that drift a little still run each interval).
 */
export async function claimRun(db: Db, name: string, everyMs: number, now = new Date()): Promise<boolean> {
  const key = `job:${name}`;
  const claimed = await db.insert(appMeta).values({ key, value: { ranAt: now.toISOString() }, updatedAt: now })
    .onConflictDoUpdate({
      target: appMeta.key,
      set: { value: sql`excluded.value`, updatedAt: sql`excluded.updated_at` },
      setWhere: and(lte(appMeta.updatedAt, new Date(now.getTime() - everyMs * 0.9))),
    })
    .returning({ key: appMeta.key });
  return claimed.length === 1;
}

/** Starts every enabled job; returns a stop function (main.ts calls it on shutdown). */
export function startJobs(app: JobApp, jobs: Job[] = JOBS, firstRunDelayMs = 30_000): () => void {
  const timers: NodeJS.Timeout[] = [];
  for (const job of jobs) {
    if (job.enabled && !job.enabled(app)) continue;
    const tick = async () => {
      try {
        if (!(await claimRun(app.db, job.name, job.everyMs))) {
          app.metrics.jobRuns.inc({ job: job.name, outcome: 'skipped' });
          return;
        }
        const result = await job.run(app);
        app.metrics.jobRuns.inc({ job: job.name, outcome: 'ok' });
        if (result) app.log.info({ job: job.name }, result);
      } catch (err) {
        app.metrics.jobRuns.inc({ job: job.name, outcome: 'failed' });
        app.log.error({ err, job: job.name }, 'scheduled job failed; it runs again on its next interval');
      }
    };
    const first = setTimeout(() => void tick(), firstRunDelayMs);
    const every = setInterval(() => void tick(), job.everyMs);
    first.unref();
    every.unref();
    timers.push(first, every);
  }
  return () => timers.forEach((t) => clearTimeout(t));
}
