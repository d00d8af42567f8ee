// Scheduled housekeeping (issue 6: "applications older than a configurable retention period are purged by a
// scheduled job"). Started by main.ts only, never by buildApp, so tests and scripts run no timers. Each job runs
// once shortly after start (a server that was down for days catches up) and then on its interval. Running the
// purge on several instances at once is harmless: a DELETE of expired rows is idempotent.
import type { FastifyInstance } from 'fastify';
import { expireHolds } from '../holds/service';
import { purgeExpiredPreApprovals } from '../pre-approvals/service';

export interface Job {
  name: string;
  everyMs: number;
  run(app: FastifyInstance): Promise<string | null>;
}

const DAY = 24 * 3600_000;

export const JOBS: Job[] = [
  {
    name: 'pre-approval-retention',
    everyMs: DAY / 4,
    async run(app) {
      const purged = await purgeExpiredPreApprovals(app.db, app.config.preApprovalRetentionDays);
      return purged ? `purged ${purged} pre-approval application(s) older than ${app.config.preApprovalRetentionDays} days` : null;
    },
  },
  {
    // issue 19: a confirmed hold ends by itself 48 hours after the confirmation. Every minute, so a vehicle is
    // back within a minute of its time; the question is a read of a partial index (held vehicles only). Running it
    // on several instances at once is harmless: each vehicle is re-checked under its row lock.
    name: 'vehicle-hold-expiry',
    everyMs: 60_000,
    async run(app) {
      const expired = await expireHolds(app, new Date());
      return expired ? `${expired} vehicle hold(s) expired; the vehicles are available again` : null;
    },
  },
];

/** Starts every job; returns a stop function (main.ts calls it on shutdown). */
export function startJobs(app: FastifyInstance, jobs: Job[] = JOBS, firstRunDelayMs = 30_000): () => void {
  const timers: NodeJS.Timeout[] = [];
  for (const job of jobs) {
    const tick = async () => {
      try {
        const result = await job.run(app);
        if (result) app.log.info({ job: job.name }, result);
      } catch (err) {
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
