import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { outboxMessages, preApprovalApplications } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test/helpers';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readTrailer } from '../backup/logical-backup';
import { backupInto } from '../backup/service';
import { claimRun, JOBS, refreshEmbeddedStatistics, startJobs } from './scheduler';

let t: TestContext;
beforeAll(async () => { t = await createTestApp({ env: { PRE_APPROVAL_RETENTION_DAYS: '30' } }); });
afterAll(() => t.close());

describe('scheduled retention job', () => {
  it('purges applications older than PRE_APPROVAL_RETENTION_DAYS on its first run, and stops cleanly', async () => {
    const values = (days: number) => ({ pii: 'v1.x.x.x.x', consentText: 'c', consentedAt: new Date(), createdAt: new Date(Date.now() - days * 24 * 3600_000) });
    const [old] = await t.db.insert(preApprovalApplications).values(values(31)).returning();
    const [kept] = await t.db.insert(preApprovalApplications).values(values(29)).returning();

    const job = JOBS.find((j) => j.name === 'pre-approval-retention')!;
    let done!: () => void;
    const ran = new Promise<void>((resolve) => { done = resolve; });
    const stop = startJobs(t.app, [{ ...job, run: async (app) => { const r = await job.run(app); done(); return r; } }], 0);
    await ran;
    stop();

    expect(await t.db.select().from(preApprovalApplications).where(eq(preApprovalApplications.id, old!.id))).toHaveLength(0);
    expect(await t.db.select().from(preApprovalApplications).where(eq(preApprovalApplications.id, kept!.id))).toHaveLength(1);
  });
});

describe('outbox retention job (issue 36 item 1)', () => {
  it('deletes e-mails sent more than OUTBOX_RETENTION_DAYS ago and says how many', async () => {
    const day = 24 * 3600_000;
    const base = { toAddress: 'someone@example.ca', subject: 's', text: 't', category: 'listing_message', status: 'sent' as const };
    await t.db.insert(outboxMessages).values([
      { ...base, subject: 'old', sentAt: new Date(Date.now() - (t.config.outboxRetentionDays + 1) * day) },
      { ...base, subject: 'new', sentAt: new Date(Date.now() - day) },
    ]);
    const job = JOBS.find((j) => j.name === 'outbox-retention')!;
    expect(await job.run(t.app)).toBe(`purged 1 sent e-mail(s) older than ${t.config.outboxRetentionDays} days from the outbox`);
    expect((await t.db.select({ subject: outboxMessages.subject }).from(outboxMessages)).map((r) => r.subject)).toEqual(['new']);
    expect(await job.run(t.app)).toBeNull();
  });
});

describe('planner statistics on the embedded database', () => {
  it('gives the planner the vehicles table\'s row count, which the embedded database never gathers itself', async () => {
    // reltuples is -1 until a table is first analysed (PostgreSQL 14+), then its row count.
    const q = async () => (await t.db.execute(`select c.reltuples::int as estimated, (select count(*)::int from vehicles) as actual from pg_class c where c.relname = 'vehicles'`) as unknown as { rows: { estimated: number; actual: number }[] }).rows[0]!;
    const before = await q();
    const refreshed = await refreshEmbeddedStatistics(t.database);
    expect(refreshed).toBe(t.database.kind === 'pglite');
    // On PostgreSQL autovacuum owns statistics and nothing is run.
    if (refreshed) {
      expect(before.estimated).toBe(-1);
      const after = await q();
      expect(after.estimated).toBe(after.actual);
    }
  });
});

describe('claimRun', () => {
  it('lets one caller run a job per interval, however many ask at once', async () => {
    const now = new Date('2026-11-26T12:00:00Z');
    const claims = await Promise.all(Array.from({ length: 6 }, () => claimRun(t.db, 'claim-test', 3600_000, now)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    // Within the interval: nobody; once it has passed: one again.
    expect(await claimRun(t.db, 'claim-test', 3600_000, new Date(now.getTime() + 30 * 60_000))).toBe(false);
    const later = new Date(now.getTime() + 3600_000);
    const again = await Promise.all([claimRun(t.db, 'claim-test', 3600_000, later), claimRun(t.db, 'claim-test', 3600_000, later)]);
    expect(again.filter(Boolean)).toHaveLength(1);
  });
});

describe('daily backup job', () => {
  it('writes a backup into BACKUP_DIR and keeps the newest BACKUP_KEEP', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'backup-job-'));
    try {
      for (const name of ['backup-20261120T000000Z.jsonl.gz', 'backup-20261121T000000Z.jsonl.gz', 'notes.txt']) await writeFile(path.join(dir, name), 'x');
      const result = await backupInto(t.database, dir, 2, new Date('2026-11-26T03:00:00Z'));
      expect(result.deleted).toEqual(['backup-20261120T000000Z.jsonl.gz']);
      expect((await readdir(dir)).sort()).toEqual(['backup-20261121T000000Z.jsonl.gz', 'backup-20261126T030000Z.jsonl.gz', 'notes.txt']);
      expect((await readTrailer(path.join(dir, 'backup-20261126T030000Z.jsonl.gz'))).some((s) => s.name === 'vehicles')).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('is off with BACKUP_KEEP=0', () => {
    const job = JOBS.find((j) => j.name === 'database-backup')!;
    expect(job.enabled!(t.app)).toBe(true);
    expect(job.enabled!({ ...t.app, config: { ...t.config, backup: { ...t.config.backup, backupKeep: 0 } } } as typeof t.app)).toBe(false);
  });
});
