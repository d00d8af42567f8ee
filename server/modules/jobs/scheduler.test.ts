import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { preApprovalApplications } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test/helpers';
import { JOBS, startJobs } from './scheduler';

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
