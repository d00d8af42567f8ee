// Dealer stock numbers (AMVIC: every vehicle ad shows its stock number, DESIGN.md) carry the store's letter, E
// Edmonton and C Calgary, as the seed numbers them. The admin vehicle form and inventory imports both number new
// vehicles here, under the same locks, so the two can never hand out the same number at the same moment.
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { vehicles } from '../../db/schema';

type Store = 'Edmonton' | 'Calgary';

/** Below the seed's range: a lot with no numbered vehicle yet starts at E10001 and C10001. */
const FLOOR = 10_000;

/**
 * Takes both stores' transaction-scoped locks (always C then E, so two callers never wait on each other in a cycle)
 * and returns a function that hands out the next free number of a store, skipping `reserved` (numbers the same
 * transaction is about to write) and adding each number it hands out to it.
 */
export async function stockNumberAllocator(tx: Tx, reserved = new Set<string>()): Promise<(location: Store) => string> {
  for (const prefix of ['C', 'E']) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`stock-number:${prefix}`}))`);
  const rows = await tx.execute<{ prefix: string; n: number | null }>(sql`
    select left(${vehicles.stockNumber}, 1) as prefix, max(substring(${vehicles.stockNumber} from 2)::int) as n
    from ${vehicles} where ${vehicles.stockNumber} ~ '^[EC][0-9]{1,9}$' group by 1`);
  const next: Record<string, number> = { E: FLOOR, C: FLOOR };
  for (const r of rows.rows) next[r.prefix] = Math.max(next[r.prefix] ?? 0, Number(r.n ?? 0));
  return (location) => {
    const prefix = location === 'Edmonton' ? 'E' : 'C';
    let candidate: string;
    do { next[prefix] = next[prefix]! + 1; candidate = `${prefix}${next[prefix]}`; } while (reserved.has(candidate));
    reserved.add(candidate);
    return candidate;
  };
}

/** The next free stock number of one store, for a transaction that adds one vehicle. */
export async function nextStockNumber(tx: Tx, location: Store): Promise<string> {
  return (await stockNumberAllocator(tx))(location);
}
