// Issue 31 §3: every table has one owning module, and only that module writes it; the others call the owner's
// commands (an account's deletion asks each module to forget the user, accounts/profile.ts). The map below is the
// record of who owns what: a new table needs a line here, and a write from anywhere else fails this test, the way
// vehicles/commands.test.ts holds the vehicle tables to commands.ts.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const OWNERS: Record<string, string> = {
  // accounts: the profile and its reset links; users and sessions belong to auth, which creates them.
  passwordResetTokens: 'accounts',
  users: 'auth', sessions: 'auth', adminTwoFactor: 'auth', adminRecoveryCodes: 'auth', twoFactorChallenges: 'auth',
  referralCodes: 'referrals', referrals: 'referrals',
  privateListings: 'private-listings',
  savedVehicles: 'saved',
  savedSearches: 'saved-searches',
  notifications: 'notifications', notificationPreferences: 'notifications', unsubscribeTokens: 'notifications',
  contentCategories: 'content', contentEntries: 'content', contentSlugRedirects: 'content',
  vehicles: 'vehicles', priceHistory: 'vehicles', dealRatings: 'vehicles', vehicleListingJson: 'vehicles', vehicleHolds: 'vehicles', vehicleChangeRuns: 'vehicles', vehicleChangeRunBefores: 'vehicles',
  vehiclePhotos: 'media',
  appMeta: 'jobs',
  appointments: 'appointments',
  approvalCriteria: 'finance',
  dealSettings: 'deal-worksheet', dealWorksheets: 'deal-worksheet',
  dealerSettings: 'dealer-settings',
  preApprovalApplications: 'pre-approvals', preApprovalNotes: 'pre-approvals',
  formEvents: 'analytics', pageViews: 'analytics', webVitals: 'analytics',
  inventoryFeeds: 'inventory-feeds', inventoryFeedRuns: 'inventory-feeds', inventoryFeedUnits: 'inventory-feeds', inventoryFeedPhotos: 'inventory-feeds',
  leadDeliverySettings: 'lead-delivery', leadDeliveries: 'lead-delivery',
  leads: 'leads', leadNotes: 'leads',
  // The appraisal's photos: added with the link its lead was given (appraisal/service.ts).
  leadPhotos: 'appraisal',
  chatMessages: 'assistant', assistantSessions: 'assistant',
  auditLog: 'audit',
  outboxMessages: 'mail',
};

const root = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return ['migrations', 'seed', 'test'].includes(name) ? [] : sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** Every pgTable in server/db/tables: its identifier and its SQL name. */
function tables(): { ident: string; sqlName: string }[] {
  const dir = path.join(root, 'server/db/tables');
  return readdirSync(dir).flatMap((f) => [...readFileSync(path.join(dir, f), 'utf8').matchAll(/export const (\w+) = pgTable\('(\w+)'/g)]
    .map((m) => ({ ident: m[1]!, sqlName: m[2]! })));
}

/** The module a file belongs to ('accounts' for server/modules/accounts/…), else its path. */
const moduleOf = (file: string) => /^server\/modules\/([^/]+)\//.exec(file)?.[1] ?? file;

/** Tables a source text writes: Drizzle calls on the table objects, loops over a list of them, and SQL text. */
function writtenTables(source: string, all: { ident: string; sqlName: string }[]): string[] {
  const found = new Set<string>();
  for (const { ident, sqlName } of all) {
    const drizzle = new RegExp(`\\.(insert|update|delete)\\(\\s*${ident}\\s*\\)`);
    const sqlText = new RegExp(`\\b(insert\\s+into|update|delete\\s+from)\\s+"?${sqlName}"?\\s`, 'i');
    if (drizzle.test(source) || sqlText.test(source)) found.add(ident);
  }
  // `for (const table of [a, b]) await tx.delete(table)…`: each table of the list is written.
  for (const m of source.matchAll(/for \(const (\w+) of \[([^\]]+)\]\)[^;]*\.(insert|update|delete)\(\s*(\w+)\s*\)/g)) {
    if (m[1] !== m[4]) continue;
    for (const ident of m[2]!.split(',').map((s) => s.trim())) if (all.some((t) => t.ident === ident)) found.add(ident);
  }
  return [...found];
}

describe('one owning module per table', () => {
  const all = tables();

  it('the map names every table, and only tables', () => {
    expect(all.length).toBeGreaterThan(40);
    expect(all.map((t) => t.ident).filter((t) => !(t in OWNERS))).toEqual([]);
    expect(Object.keys(OWNERS).filter((t) => !all.some((x) => x.ident === t))).toEqual([]);
  });

  it('no server or script code writes a table its module does not own', () => {
    // Benchmarks build their fixtures directly, as the tests (server/test) and the demo seed (server/db/seed) do.
    const files = [...sourceFiles(path.join(root, 'server')), ...sourceFiles(path.join(root, 'scripts'))]
      .map((f) => path.relative(root, f))
      .filter((f) => !f.startsWith('scripts/bench-'));
    const offenders = files.flatMap((f) => writtenTables(readFileSync(path.join(root, f), 'utf8'), all)
      .filter((t) => OWNERS[t] !== moduleOf(f))
      .map((t) => `${f} writes ${t} (owned by ${OWNERS[t]})`));
    expect(offenders).toEqual([]);
    // And each owner writes its tables somewhere: a module renamed or a table's writes moved leaves no stale line.
    const writers = new Set(files.flatMap((f) => writtenTables(readFileSync(path.join(root, f), 'utf8'), all).map((t) => `${t}@${moduleOf(f)}`)));
    expect(Object.entries(OWNERS).filter(([t, m]) => !writers.has(`${t}@${m}`)).map(([t, m]) => `${m} never writes ${t}`)).toEqual([]);
  });

  it('finds writes where they are (the check above can fail)', () => {
    const t = [{ ident: 'leads', sqlName: 'leads' }, { ident: 'sessions', sqlName: 'sessions' }, { ident: 'users', sqlName: 'users' }];
    expect(writtenTables("await tx.update(leads).set({ status: 'contacted' })", t)).toEqual(['leads']);
    expect(writtenTables('await db.execute(sql`delete from "sessions" where user_id = 1`)', t)).toEqual(['sessions']);
    expect(writtenTables('for (const table of [sessions, users]) await tx.delete(table).where(eq(table.userId, id));', t).sort()).toEqual(['sessions', 'users']);
    expect(writtenTables('await db.select().from(leads)', t)).toEqual([]);
  });

  it('vehicle column lists come from one place: other modules name columns with vehicleColumns (vehicles/columns.ts)', () => {
    // A select (or returning) that writes out two or more `year: vehicles.year` entries: a column list, the kind
    // vehicles/columns.ts exists to hold. A lone `{ id: vehicles.id }` is a key, not a list.
    const handWritten = (source: string) => [...source.matchAll(/\b(?:select|returning|selectDistinct)\(\s*\{([^{}]*)\}/g)]
      .map((m) => [...m[1]!.matchAll(/\b(\w+):\s*vehicles\.(\w+)\b/g)].filter((e) => e[1] === e[2]).map((e) => e[1]!))
      .filter((names) => names.length >= 2)
      .map((names) => names.join(', '));
    expect(handWritten('db.select({ id: vehicles.id, make: vehicles.make, n: count() })')).toEqual(['id, make']);
    expect(handWritten('tx.update(vehicles).set(x).returning({ id: vehicles.id })')).toEqual([]);
    const offenders = sourceFiles(path.join(root, 'server/modules'))
      .map((f) => path.relative(root, f))
      .filter((f) => moduleOf(f) !== 'vehicles')
      .flatMap((f) => handWritten(readFileSync(path.join(root, f), 'utf8')).map((entry) => `${f}: ${entry}`));
    expect(offenders).toEqual([]);
  });
});
