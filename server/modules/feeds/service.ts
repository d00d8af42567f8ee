// The vehicle feeds (issue 19): Google's vehicle ads feed (RSS 2.0 with the g: namespace) and the marketplace
// inventory CSV, built from the database. What goes in and in which shape is domain/feeds.ts; this file reads the
// dealer stock, writes the formats, and keeps the answers in the inventory cache, which every committed vehicle or
// photo change empties (modules/vehicles/commands.ts publishes after the commit; app.ts invalidates the cache on each
// event, and on PostgreSQL also on other instances' changes): a sold unit has left the next fetch, and a feed
// fetched twice between changes is built once.
import { stringify } from 'csv-stringify/sync';
import { defuseFormula } from '@domain/csv';
import { and, asc, count, eq, inArray, not } from 'drizzle-orm';
import { disclosuresIncomplete, readDisclosures, unansweredDisclosures } from '@domain/amvic-disclosures';
import XMLBuilder from 'fast-xml-builder';
import {
  FEED_PATHS, googleEntry, INVENTORY_CSV_COLUMNS, INVENTORY_CSV_STATUSES, inventoryCsvRow, type FeedContext, type FeedStatus, type GoogleItem,
} from '@domain/feeds';
import { DEALERSHIP } from '@domain/settings';
import { vehicleTitle, type Vehicle } from '@domain/vehicle';
import type { Db } from '../../db/client';
import { vehicles } from '../../db/schema';
import type { InventoryCache } from '../vehicles/cache';
import { toVehicle, vehicleDetailColumns } from '../vehicles/mapper';
import { disclosuresIncompleteSql } from '../vehicles/disclosures-sql';
import { getDealerSettings } from '../dealer-settings/service';
import type { Deps } from '../../deps';
import { bindFirst } from '../../lib/bind';

/** Why a vehicle is out of the feeds under the AMVIC rule (issue 34 §5), as the back office's feed page lists it. */
export const disclosureReason = (n: number) => `AMVIC disclosures not answered (${n}): the dealer settings keep such used vehicles out of the feeds`;

export interface FeedsContext {
  db: Db;
  cache: InventoryCache;
  publicUrl: string;
}

const feedContext = (publicUrl: string): FeedContext => ({
  publicUrl,
  storeCodes: Object.fromEntries(DEALERSHIP.addresses.map((a) => [a.city, a.storeCode])),
});

/**
 * Dealer vehicles in the given statuses, oldest first (a stable order: two fetches of an unchanged lot are the
 * same file). Private-seller listings never: the dealership does not advertise what it does not sell.
 */
async function dealerVehicles(db: Db, statuses: readonly Vehicle['status'][]): Promise<(Vehicle & { unanswered: number })[]> {
  const rows = await db.select(vehicleDetailColumns).from(vehicles)
    .where(and(eq(vehicles.sellerType, 'dealer'), inArray(vehicles.status, [...statuses])))
    .orderBy(asc(vehicles.id));
  return rows.map((r) => {
    const v = toVehicle(r);
    // Unanswered AMVIC disclosures (issue 34 §5): counted only where they are required (used dealer vehicles).
    const answers = readDisclosures(r.amvicDisclosures);
    return { ...v, unanswered: disclosuresIncomplete({ ...v, amvicDisclosures: answers }) ? unansweredDisclosures(answers).length : 0 };
  });
}

/**
 * The dealer setting (issue 34 §5, off by default): keep used vehicles with unanswered AMVIC disclosures out of the
 * Google feed and the inventory CSV. Read at each request and part of the cache keys, so turning it on or off
 * changes the feeds at once on every instance.
 */
const requireDisclosures = async (db: Db) => (await getDealerSettings(db)).feedsRequireDisclosures;

interface GoogleFeed { items: GoogleItem[]; status: FeedStatus['google'] }

/** Google's items and the vehicles left out, with why. Only available units: a pending (held) one is not for sale today. */
async function loadGoogle(ctx: FeedsContext): Promise<GoogleFeed> {
  const rule = await requireDisclosures(ctx.db);
  return ctx.cache.get(`feeds:google:${rule}`, async () => {
    const fc = feedContext(ctx.publicUrl);
    const stock = await dealerVehicles(ctx.db, ['available']);
    const items: GoogleItem[] = [];
    const excluded: FeedStatus['google']['excluded'] = [];
    for (const v of stock) {
      if (rule && v.unanswered > 0) {
        excluded.push({ id: v.id, stockNumber: v.stockNumber, title: vehicleTitle(v), location: v.location, reasons: [disclosureReason(v.unanswered)] });
        continue;
      }
      const entry = googleEntry(v, fc);
      if (entry.ok) items.push(entry.item);
      else excluded.push({ id: v.id, stockNumber: v.stockNumber, title: vehicleTitle(v), location: v.location, reasons: entry.reasons });
    }
    return {
      items,
      status: { url: `${ctx.publicUrl}${FEED_PATHS.google}`, candidates: stock.length, itemCount: items.length, excluded },
    };
  });
}

/** A flat item (domain/feeds.ts) as the XML elements Google reads: g:name, repeated elements, and groups. */
function itemXml(item: GoogleItem): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, values] of Object.entries(item)) {
    const [group, sub] = name.split('.') as [string, string | undefined];
    if (sub) {
      const groupKey = `g:${group}`;
      const node = (out[groupKey] ??= {}) as Record<string, unknown>;
      node[`g:${sub}`] = values[0];
    } else {
      out[`g:${name}`] = values.length === 1 ? values[0] : values;
    }
  }
  return out;
}

const builder = new XMLBuilder({ ignoreAttributes: false, format: true, suppressEmptyNode: true });

export async function googleFeedXml(ctx: FeedsContext): Promise<string> {
  const rule = await requireDisclosures(ctx.db);
  return ctx.cache.get(`feeds:google.xml:${rule}`, async () => {
    const feed = await loadGoogle(ctx);
    return builder.build({
      '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
      rss: {
        '@_version': '2.0',
        '@_xmlns:g': 'http://base.google.com/ns/1.0',
        channel: {
          title: `${DEALERSHIP.name} vehicles`,
          link: `${ctx.publicUrl}/vehicles`,
          description: `Dealer vehicles for sale at ${DEALERSHIP.name}, ${DEALERSHIP.addresses.map((a) => a.city).join(' and ')}, Alberta. All-in prices: every fee except GST.`,
          item: feed.items.map(itemXml),
        },
      },
    }) as string;
  });
}

/** The marketplace export: dealer vehicles for sale (available and pending, with their status), one row each. */
export async function inventoryCsv(ctx: FeedsContext): Promise<string> {
  const rule = await requireDisclosures(ctx.db);
  return ctx.cache.get(`feeds:inventory.csv:${rule}`, async () => {
    const fc = { ...feedContext(ctx.publicUrl), dealerName: DEALERSHIP.name };
    const stock = (await dealerVehicles(ctx.db, INVENTORY_CSV_STATUSES)).filter((v) => !rule || v.unanswered === 0);
    // RFC 4180: CRLF between records; a field with a comma, quote or line break is quoted, quotes doubled. Every
    // text field is quoted, so a reader never guesses whether "00123" or "1,2" was text. Text is defused of
    // spreadsheet formulas (domain/csv.ts): feeds bring values from outside the back office (issue 56 finding 3).
    return stringify(stock.map((v) => inventoryCsvRow(v, fc)), {
      header: true,
      cast: { string: defuseFormula },
      columns: INVENTORY_CSV_COLUMNS.map((c) => ({ key: c.key, header: c.key })),
      record_delimiter: 'windows',
      quoted_string: true,
    });
  });
}

export async function feedStatus(ctx: FeedsContext): Promise<FeedStatus> {
  const rule = await requireDisclosures(ctx.db);
  const [google, csvRows] = await Promise.all([
    loadGoogle(ctx),
    ctx.cache.get(`feeds:inventory.count:${rule}`, async () => {
      const [row] = await ctx.db.select({ n: count() }).from(vehicles)
        .where(and(eq(vehicles.sellerType, 'dealer'), inArray(vehicles.status, [...INVENTORY_CSV_STATUSES]), rule ? not(disclosuresIncompleteSql) : undefined));
      return row?.n ?? 0;
    }),
  ]);
  return { google: google.status, inventoryCsv: { url: `${ctx.publicUrl}${FEED_PATHS.inventoryCsv}`, rowCount: csvRows } };
}

/** The feeds service as the app holds it (server/services.ts): the public feed files and the back office's status. */
export function feedsService(deps: Deps) {
  const ctx: FeedsContext = { db: deps.db, cache: deps.inventoryCache, publicUrl: deps.config.publicUrl };
  return bindFirst(ctx, { googleFeedXml, inventoryCsv, feedStatus });
}
