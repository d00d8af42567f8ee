// Inventory feeds in (issue 32 part 1; docs/decisions/020-inventory-feeds.md). A run fetches the feed, checks every
// row with the vehicle form's one schema (the import rules, domain/imports.ts), compares it with the units this feed
// created before, downloads the photos it has not stored yet, and applies the whole difference in ONE vehicle-write
// transaction: a crash or kill -9 mid-run leaves the inventory as it was. A run that would take down much of the
// stock is held for an admin instead (domain/inventory-feeds.ts holdReason).
import { createHash } from 'node:crypto';
import { and, count, desc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import {
  CLOSED_FIELDS, DELIMITER_CHARACTERS, REPLACEMENT_CHARACTER, decodeFeedBytes, detectDelimiter, isCertifiedCondition, isYes, settledText,
  type FeedDelimiter, type FeedEncoding, type SettableField,
} from '@domain/feed-reading';
import {
  FEED_FAILURES_BEFORE_NOTICE, FEED_FIELD_LABELS, FEED_FIELD_TO_IMPORT, FEED_FIELDS, FEED_LIMITS, FEED_RECORD_MAPPING, FEED_REQUIRED_FIELDS,
  feedRecord, holdReason, ignoredHeaderReason, missingDecodable, odometerUnitOf, splitPhotoUrls, suggestFeedMapping, unfilledRequired,
  type Feed, type FeedField, type FeedInput, type FeedLock, type FeedMapping, type FeedPreview, type FeedReading, type FeedRecord, type FeedRun,
  type RunDiff, type RunMessage,
} from '@domain/inventory-feeds';
import { parseCell, rowToInput, type ExistingVehicle, type ImportField } from '@domain/imports';
import type { VinDecodeResult } from '@domain/vin-decode';
import { MAX_UPLOAD_BYTES } from '@domain/media';
import type { VehicleValues } from '@domain/vehicle-input';
import { checkVin, normalizeVin } from '@domain/vin';
import type { Db } from '../../db/client';
import { inventoryFeedPhotos, inventoryFeedRuns, inventoryFeeds, inventoryFeedUnits, vehiclePhotos, vehicles } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { recordAudit, type AuditActor } from '../audit/record';
import { decryptPii, encryptPii, type PiiKeys } from '../crypto/pii';
import { parseCsv, type ParsedCsv } from '../imports/csv';
import type { Mailer } from '../mail/mailer';
import { deleteImage, processImage, storeImage, variantKey, type SavedImage } from '../media/pipeline';
import { deleteUnusedPhotoFiles, insertPhotosInWrite, removePhotosInWrite } from '../media/service';
import type { Storage } from '../media/storage';
import type { VehicleCommands, VehicleRow } from '../vehicles/commands';
import type { VinDecoder } from '../vin/decoder';
import { pacer, yieldToRequests } from '../../lib/yielding';
import { readListingJson } from '../vehicles/listing-json';
import { fetchLimited, FetchError, isCsvContentType } from './fetch';
import type { Deps } from '../../deps';
import { bindFirst } from '../../lib/bind';

/** What a feed needs from the app: one shape for every caller (routes, the scheduler, tests). */
export interface FeedContext {
  db: Db;
  vehicles: VehicleCommands;
  storage: Storage;
  mailer: Mailer;
  piiKeys: PiiKeys;
  /** Feeds may reach private and loopback addresses (always outside production; FEED_ALLOW_PRIVATE_HOSTS). */
  allowPrivateHosts: boolean;
  dealerEmail: string;
  publicUrl: string;
  log: { info(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
  /** Completes rows that lack specifications (issue 54 §1): the app's one offline decoder. */
  vin: Pick<VinDecoder, 'decode'>;
  /** Photo downloads at once (issue 32: "limited concurrency"). */
  photoConcurrency?: number;
  fetchTimeoutMs?: number;
}

/** The feed module's dependencies, from the app's (its service's, a test's or a script's). */
export const feedContextOf = (
  deps: Pick<Deps, 'db' | 'vehicleCommands' | 'storage' | 'mailer' | 'config' | 'log'> & { services?: { vin: { decoder: VinDecoder } } },
  vin: Pick<VinDecoder, 'decode'> | undefined = deps.services?.vin.decoder,
): FeedContext => ({
  db: deps.db, vehicles: deps.vehicleCommands, storage: deps.storage, mailer: deps.mailer, piiKeys: deps.config.pii,
  vin: vin ?? (() => { throw new Error('feedContextOf: the app\'s VIN decoder is required'); })(),
  allowPrivateHosts: deps.config.feedAllowPrivateHosts, dealerEmail: deps.config.mail.dealerAddress, publicUrl: deps.config.publicUrl, log: deps.log,
});

/** Who a scheduled run acts as in the audit log. */
const FEED_ACTOR: AuditActor = { id: null, name: 'inventory feed' };
/** Vehicles created per INSERT by a feed run (issue 30: short statements on the embedded database). */
const FEED_INSERT_BATCH = 25;

/**
 * A running run's process writes its heartbeat this often; a run whose heartbeat is older than STALE_RUN_MS (three
 * missed beats) was cut off (a crash, a kill -9) and its transaction never committed. Reading the feeds or their runs
 * sweeps such runs, and so does the scheduler's tick: the page, which reads every 15 s, shows the run failed within a
 * minute of its process's death (issue 54 §2).
 */
export const HEARTBEAT_MS = 10_000;
export const STALE_RUN_MS = 30_000;
const PASSWORD_CONTEXT = 'inventory_feeds.password';
const PHOTO_TIMEOUT_MS = 30_000;
const PREVIEW_ROWS = 5;

type FeedRow = typeof inventoryFeeds.$inferSelect;
type RunRow = typeof inventoryFeedRuns.$inferSelect;

// ---------------------------------------------------------------------------------------------------------------
// Feeds

export function toRun(r: RunRow): FeedRun {
  return {
    id: r.id, feedId: r.feedId, status: r.status, trigger: r.trigger, startedAt: r.startedAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null, durationMs: r.durationMs, rows: r.rows, created: r.created, updated: r.updated,
    removed: r.removed, unchanged: r.unchanged, returned: r.returned, adopted: r.adopted, notModified: r.notModified,
    progress: r.status === 'running' ? r.progress ?? { phase: 'fetching', rowsRead: 0, photosFetched: 0, photosTotal: 0 } : null,
    photosDownloaded: r.photosDownloaded, warnings: r.warnings, errors: r.errors,
    heldReason: r.heldReason, diff: r.diff ?? null,
  };
}

async function toFeeds(ctx: FeedContext, rows: FeedRow[]): Promise<Feed[]> {
  if (!rows.length) return [];
  const ids = rows.map((f) => f.id);
  const units = await ctx.db.select({ feedId: inventoryFeedUnits.feedId, n: count() }).from(inventoryFeedUnits)
    .innerJoin(vehicles, eq(vehicles.id, inventoryFeedUnits.vehicleId))
    .where(and(inArray(inventoryFeedUnits.feedId, ids), ne(vehicles.status, 'sold'))).groupBy(inventoryFeedUnits.feedId);
  const lastRuns = await ctx.db.selectDistinctOn([inventoryFeedRuns.feedId]).from(inventoryFeedRuns)
    .where(inArray(inventoryFeedRuns.feedId, ids)).orderBy(inventoryFeedRuns.feedId, desc(inventoryFeedRuns.id));
  return rows.map((f) => {
    const last = lastRuns.find((r) => r.feedId === f.id);
    return {
      id: f.id, name: f.name, url: f.url, format: f.format, intervalMinutes: f.intervalMinutes, mapping: f.mapping,
      username: f.username, hasPassword: f.passwordSealed !== null, goneAction: f.goneAction,
      removalThresholdPercent: f.removalThresholdPercent, enabled: f.enabled, encoding: f.encoding, delimiter: f.delimiter,
      odometerUnit: f.odometerUnit ?? null, defaults: f.defaults, translations: f.translations, units: units.find((u) => u.feedId === f.id)?.n ?? 0,
      consecutiveFailures: f.consecutiveFailures, lastRun: last ? toRun(last) : null,
      nextRunAt: f.enabled ? (f.nextRunAt ?? f.createdAt).toISOString() : null, createdAt: f.createdAt.toISOString(),
    };
  });
}

export async function listFeeds(ctx: FeedContext): Promise<Feed[]> {
  await failCutOffRuns(ctx);
  return toFeeds(ctx, await ctx.db.select().from(inventoryFeeds).orderBy(inventoryFeeds.id));
}

async function feedRow(ctx: FeedContext, id: number): Promise<FeedRow> {
  const [row] = await ctx.db.select().from(inventoryFeeds).where(eq(inventoryFeeds.id, id));
  if (!row) throw notFound(`Inventory feed ${id} not found`);
  return row;
}

export async function getFeed(ctx: FeedContext, id: number): Promise<Feed> {
  return (await toFeeds(ctx, [await feedRow(ctx, id)]))[0]!;
}

/** A saved mapping may only name our fields, and must name the columns a unit is matched by. */
function checkMapping(mapping: FeedMapping): void {
  const missing = FEED_REQUIRED_FIELDS.filter((f) => !mapping[f]);
  if (missing.length) throw badRequest(`The mapping must name the feed's column for ${missing.map((f) => `${f} (${FEED_FIELD_LABELS[f]})`).join(' and ')}`);
  const seen = new Map<string, FeedField>();
  for (const f of FEED_FIELDS) {
    const col = mapping[f];
    if (!col) continue;
    if (seen.has(col)) throw badRequest(`The column "${col}" is mapped to both ${seen.get(col)} and ${f}`);
    seen.set(col, f);
  }
}

type ReadingKey = 'encoding' | 'delimiter' | 'odometerUnit' | 'defaults' | 'translations';
/** A feed as a caller saves it: the route's parsed body, or a script's object without the reading settings (their defaults). */
export type FeedSave = Omit<FeedInput, ReadingKey> & Partial<Pick<FeedInput, ReadingKey>>;

/** How a feed's file is read, as stored and audited. */
const readingOf = (f: Partial<Pick<FeedInput, ReadingKey>>) => ({
  encoding: f.encoding ?? 'auto', delimiter: f.delimiter ?? 'auto', odometerUnit: f.odometerUnit ?? null, defaults: f.defaults ?? {}, translations: f.translations ?? {},
});
const readingChanged = (a: Parameters<typeof readingOf>[0], b: Parameters<typeof readingOf>[0]) => JSON.stringify(readingOf(a)) !== JSON.stringify(readingOf(b));

const sealPassword = (ctx: FeedContext, password: string | null | undefined) =>
  password ? encryptPii(ctx.piiKeys, password, PASSWORD_CONTEXT) : null;

export async function createFeed(ctx: FeedContext, actor: AuditActor, input: FeedSave): Promise<Feed> {
  let mapping = input.mapping;
  if (!mapping) {
    // issue 32: "Without a mapping, the suggested one is used": read the feed's header now, so a wrong URL or
    // credentials are said at once rather than at the first scheduled run.
    const preview = await previewFeed(ctx, { ...readingOf(input), url: input.url, username: input.username ?? null, password: input.password ?? null });
    mapping = preview.suggested;
  }
  checkMapping(mapping);
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx.insert(inventoryFeeds).values({
      name: input.name, url: input.url, format: input.format, intervalMinutes: input.intervalMinutes, mapping,
      username: input.username || null, passwordSealed: sealPassword(ctx, input.password), goneAction: input.goneAction,
      removalThresholdPercent: input.removalThresholdPercent, enabled: input.enabled, nextRunAt: new Date(), ...readingOf(input),
    }).returning();
    await recordAudit(tx, actor, { action: 'feed.create', entityType: 'inventory_feed', entityId: created!.id, summary: `Added the inventory feed ${input.name}`, after: { name: input.name, url: input.url, intervalMinutes: input.intervalMinutes } });
    return created!;
  });
  return (await toFeeds(ctx, [row]))[0]!;
}

export async function updateFeed(ctx: FeedContext, actor: AuditActor, id: number, input: FeedSave): Promise<Feed> {
  const before = await feedRow(ctx, id);
  const mapping = input.mapping ?? before.mapping;
  checkMapping(mapping);
  const urlChanged = input.url !== before.url;
  // The stored password was given for the old origin: another one must be told it again (or told none).
  if (before.passwordSealed && input.password === undefined && !sameOrigin(before.url, input.url)) {
    const message = 'The feed moved to another site: enter its password again (or remove it), so the old one is not sent to the new address';
    throw badRequest(message, { password: message });
  }
  const [row] = await ctx.db.transaction(async (tx) => {
    const updated = await tx.update(inventoryFeeds).set({
      name: input.name, url: input.url, format: input.format, intervalMinutes: input.intervalMinutes, mapping,
      username: input.username === undefined ? before.username : input.username || null,
      // An omitted password keeps the stored one; null or '' removes it.
      passwordSealed: input.password === undefined ? before.passwordSealed : sealPassword(ctx, input.password),
      goneAction: input.goneAction, removalThresholdPercent: input.removalThresholdPercent, enabled: input.enabled, ...readingOf(input),
      // Another address, or another way of reading it, is another body: fetch it whole next time.
      ...(urlChanged || input.mapping || readingChanged(before, input) ? { etag: null, lastModified: null } : {}),
      updatedAt: new Date(),
    }).where(eq(inventoryFeeds.id, id)).returning();
    await recordAudit(tx, actor, { action: 'feed.update', entityType: 'inventory_feed', entityId: id, summary: `Changed the inventory feed ${input.name}`, before: { name: before.name, url: before.url, mapping: before.mapping, ...readingOf(before) }, after: { name: input.name, url: input.url, mapping, ...readingOf(input) } });
    return updated;
  });
  return (await toFeeds(ctx, [row!]))[0]!;
}

/** The feed goes; the vehicles it brought stay, as hand-kept stock. */
export async function deleteFeed(ctx: FeedContext, actor: AuditActor, id: number): Promise<void> {
  const before = await feedRow(ctx, id);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(inventoryFeeds).where(eq(inventoryFeeds.id, id));
    await recordAudit(tx, actor, { action: 'feed.delete', entityType: 'inventory_feed', entityId: id, summary: `Removed the inventory feed ${before.name}; its vehicles stay`, before: { name: before.name, url: before.url } });
  });
}

export async function listRuns(ctx: FeedContext, feedId: number, limit = 50): Promise<FeedRun[]> {
  await feedRow(ctx, feedId);
  await failCutOffRuns(ctx, feedId);
  const rows = await ctx.db.select().from(inventoryFeedRuns).where(eq(inventoryFeedRuns.feedId, feedId)).orderBy(desc(inventoryFeedRuns.id)).limit(limit);
  return rows.map(toRun);
}

// ---------------------------------------------------------------------------------------------------------------
// Fetching and reading a feed

/** Stored credentials belong to the origin (scheme, host, port) of the address they were saved with (issue 56 finding 1). */
const sameOrigin = (a: string, b: string) => new URL(a).origin === new URL(b).origin;

function credentials(ctx: FeedContext, f: { username: string | null; passwordSealed?: string | null; password?: string | null }) {
  if (!f.username) return null;
  const password = f.password ?? (f.passwordSealed ? decryptPii<string>(ctx.piiKeys, f.passwordSealed, PASSWORD_CONTEXT) : '');
  return { username: f.username, password };
}

/** How a feed's file is read: the stored (or previewed) settings. */
interface FileSettings { encoding: FeedEncoding; delimiter: FeedDelimiter }

interface FeedFile {
  parsed: ParsedCsv;
  encoding: ReturnType<typeof decodeFeedBytes>['encoding'];
  delimiter: Exclude<FeedDelimiter, 'auto'>;
  /** Lines whose cell count is not the header's: read, but worth a look (a stray delimiter or quote). */
  warnings: RunMessage[];
}

/** At most this many "wrong number of cells" warnings per run: one is enough to find the problem. */
const MAX_SHAPE_WARNINGS = 20;

/**
 * What a feed's body must look like to be read at all: a text table, not an error page or an empty answer. Its
 * bytes are read in their real encoding and split on their real delimiter (issue 54 §1).
 */
async function readFeedFile(body: Buffer, contentType: string, settings: FileSettings): Promise<FeedFile> {
  const { text, encoding } = decodeFeedBytes(body, settings.encoding);
  if (text.trim() === '') throw badRequest('The feed answered an empty file');
  if (/text\/html/i.test(contentType) || /^\s*<(!doctype|html|\?xml|[a-z]+[\s>])/i.test(text)) {
    throw badRequest('The feed answered an HTML or XML page, not a CSV file (an error page or a login page?)');
  }
  const delimiter = settings.delimiter === 'auto' ? detectDelimiter(text) : settings.delimiter;
  let parsed: ParsedCsv;
  try {
    parsed = await parseCsv(text, { delimiter: DELIMITER_CHARACTERS[delimiter] });
  } catch (err) {
    if (err instanceof AppError) throw badRequest(`The feed is not a CSV we can read: ${err.message}`);
    throw err;
  }
  const warnings: RunMessage[] = [];
  const width = parsed.headers.length;
  for (const r of parsed.records) {
    if (r.width === width || warnings.length >= MAX_SHAPE_WARNINGS) continue;
    warnings.push({ line: r.line, message: `This line has ${r.width} cells where the header has ${width}: ${r.width > width ? 'the extra cells were ignored (a stray delimiter?)' : 'the missing cells were read as blank'}` });
  }
  return { parsed, encoding, delimiter, warnings };
}

const MAX_VALUES_PER_FIELD = 30;

/** What a closed-list cell becomes after the feed's translations: our value, or null when we do not know it. */
function becomes(field: SettableField, cell: string, reading: FeedReading): string | null {
  const { text, source } = settledText(field, cell, {}, reading.translations);
  if (!source) return null;
  if (field === 'certified') return isYes(text) ? 'yes' : /^(n|no|false|0)$/i.test(text.trim()) ? 'no' : null;
  if (field === 'condition' && isCertifiedCondition(text)) return 'certified';
  const r = parseCell(FEED_FIELD_TO_IMPORT[field as Exclude<SettableField, 'certified'>], text);
  return r.ok ? String(r.value) : null;
}

/** The decoded VIN of a row that lacks specifications; null when the VIN is not one the decoder can read. */
async function decodeFor(ctx: FeedContext, vin: string): Promise<VinDecodeResult | null> {
  if (!checkVin(vin).ok) return null;
  try {
    return await ctx.vin.decode(vin);
  } catch (err) {
    ctx.log.error({ err, vin }, 'inventory feed: the VIN decoder failed');
    return null;
  }
}

/** A row as it will be published, completed by the VIN decoder where a new unit lacks specifications. */
async function completeRecord(ctx: FeedContext, cells: Record<string, string>, reading: FeedReading, vin: string, opts: { locked?: ReadonlySet<string>; knownFeatures?: ReadonlyMap<string, string>; create: boolean }): Promise<{ rec: FeedRecord; decoderTried: boolean }> {
  const rec = feedRecord(cells, reading, opts);
  if (!opts.create || !missingDecodable(rec).length) return { rec, decoderTried: false };
  const decoded = await decodeFor(ctx, vin);
  return { rec: decoded ? feedRecord(cells, reading, { ...opts, decoded }) : rec, decoderTried: true };
}

type PreviewBody = { url: string; username?: string | null; password?: string | null; feedId?: number | undefined; mapping?: FeedMapping | undefined } & Omit<FeedReading, 'mapping'> & FileSettings;

export async function previewFeed(ctx: FeedContext, body: PreviewBody): Promise<FeedPreview> {
  const stored = body.feedId ? await feedRow(ctx, body.feedId) : null;
  // A saved feed's password is only ever sent to its own origin: a preview of another address goes without it.
  const auth = body.username ? { username: body.username, password: body.password ?? '' }
    : stored && sameOrigin(stored.url, body.url) ? credentials(ctx, stored) : null;
  let res;
  try {
    res = await fetchLimited(body.url, { auth, timeoutMs: ctx.fetchTimeoutMs ?? FEED_LIMITS.fetchTimeoutMs, maxBytes: FEED_LIMITS.maxBytes, allowPrivate: ctx.allowPrivateHosts });
  } catch (err) {
    if (err instanceof FetchError) throw badRequest(`Could not read the feed: ${err.message}`);
    throw err;
  }
  if (res.status === 304) throw badRequest('The feed answered 304 Not Modified to a first request');
  // The preview shows what it read: only a CSV or text answer, so a feed URL cannot read back any other service.
  if (!isCsvContentType(res.contentType)) {
    throw badRequest(`The feed answered ${res.contentType ? `"${res.contentType.split(';')[0]!.trim()}"` : 'without a content type'}, not a CSV file: its server must send text/csv (or text/plain)`);
  }
  const file = await readFeedFile(res.body, res.contentType, body);
  const { headers, records } = file.parsed;
  const suggested = suggestFeedMapping(headers);
  // The page's mapping where its columns exist in this file; the suggestion otherwise.
  const mapping = body.mapping ? Object.fromEntries(Object.entries(body.mapping).filter(([, col]) => !col || headers.includes(col))) as FeedMapping : suggested;
  const reading: FeedReading = { mapping, defaults: body.defaults, translations: body.translations, odometerUnit: body.odometerUnit };

  // issue 54 §1: "a preview of the first rows after translation", as a run would publish them.
  const translated: FeedPreview['translated'] = [];
  for (const r of records.slice(0, PREVIEW_ROWS)) {
    const vin = normalizeVin(mapping.vin ? r.cells[mapping.vin] ?? '' : '');
    const { rec, decoderTried } = await completeRecord(ctx, r.cells, reading, vin, { create: true });
    const { errors } = rowToInput({ ...rec.record, vin }, FEED_RECORD_MAPPING);
    const values: Partial<Record<FeedField, string>> = { stock_number: mapping.stock_number ? (r.cells[mapping.stock_number] ?? '').trim() : '', vin };
    for (const f of FEED_FIELDS) {
      if (f === 'stock_number' || f === 'vin' || f === 'photo_urls' || f === 'certified') continue;
      const v = rec.record[FEED_FIELD_TO_IMPORT[f]];
      if (!v) continue;
      // What will be published: the parsed value ("TOYOTA" is "Toyota", "U" is "used"), else the text as read.
      const parsed = parseCell(FEED_FIELD_TO_IMPORT[f], v);
      values[f] = !parsed.ok ? v : Array.isArray(parsed.value) ? parsed.value.join(', ') : String(parsed.value);
    }
    if (rec.sources.certified) values.certified = 'yes';
    const missing = unfilledRequired(rec, decoderTried);
    translated.push({ line: r.line, values, sources: rec.sources, errors: [...new Set([...rec.errors, ...missing, ...errors.filter((e) => !/ is required$/.test(e)).map(inFeedWords)])] });
  }

  // Every value of a closed-list column in the file, so the page asks for a translation of each one we do not know.
  const values: FeedPreview['values'] = [];
  for (const field of CLOSED_FIELDS) {
    const col = mapping[field];
    if (!col) continue;
    const counts = new Map<string, number>();
    for (const r of records) {
      const v = (r.cells[col] ?? '').trim();
      if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
    }
    for (const [value, rows] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, MAX_VALUES_PER_FIELD)) {
      values.push({ field, value, rows, becomes: becomes(field, value, reading) });
    }
  }
  const ignoredColumns = headers.flatMap((header) => {
    const reason = ignoredHeaderReason(header);
    return reason ? [{ header, reason }] : [];
  });
  return {
    headers,
    rows: records.slice(0, PREVIEW_ROWS).map((r) => r.cells),
    rowCount: records.length,
    suggested,
    fields: FEED_FIELDS.map((field) => ({ field, label: FEED_FIELD_LABELS[field], required: FEED_REQUIRED_FIELDS.includes(field) })),
    encoding: file.encoding,
    delimiter: file.delimiter,
    odometerUnit: odometerUnitOf(reading),
    ignoredColumns,
    translated,
    values,
    warnings: file.warnings,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Planning a run

/** One row of the feed, as the run needs it (also what a held run keeps for its approval). */
interface FeedUnitRow { line: number; stock: string; vin: string; cells: Record<string, string>; hash: string; photoUrls: string[] }

interface PlannedCreate { row: FeedUnitRow; values: VehicleValues; adopt: VehicleRow | null; decoded: FeedField[] }
/** What a feed writes on a vehicle: never its stock number (the unit's key) or its status (decided by presence). */
type FeedFields = Partial<Omit<VehicleValues, 'stockNumber' | 'status'>>;
interface PlannedUpdate { row: FeedUnitRow; before: VehicleRow; fields: FeedFields; changes: string[]; photosChanged: boolean }
interface Plan {
  rows: FeedUnitRow[];
  creates: PlannedCreate[];
  updates: PlannedUpdate[];
  /** Units the feed took down and now lists again: re-listed, with what changed meanwhile (issue 54 §2). */
  returns: PlannedUpdate[];
  /** Rows whose unit is unchanged but whose stored hash or photo list must follow (a locked field changed upstream). */
  touches: { vehicleId: number; row: FeedUnitRow }[];
  removals: VehicleRow[];
  unchanged: number;
  errors: RunMessage[];
  warnings: RunMessage[];
  units: number;
}

/**
 * A row's fingerprint: its mapped cells and how the feed reads them. Changing a translation or a default changes
 * every row's, so the next run applies the new reading (field by field: only what really changes is written).
 */
const hashOf = (cells: Record<string, string>, reading: FeedReading) =>
  createHash('sha256').update(JSON.stringify([
    FEED_FIELDS.map((f) => (reading.mapping[f] ? cells[reading.mapping[f]!] ?? '' : null)),
    reading.defaults, reading.translations, odometerUnitOf(reading),
  ])).digest('base64url');

const existingOf = (v: VehicleRow): ExistingVehicle => ({ ...v, trim: v.trim ?? '', engine: v.engine ?? '', drivetrain: v.drivetrain ?? null, interiorColor: v.interiorColor ?? '', description: v.description } as unknown as ExistingVehicle);

/** How a stored feed reads its rows. */
const readingOfFeed = (f: FeedRow): FeedReading => ({ mapping: f.mapping, defaults: f.defaults, translations: f.translations, odometerUnit: f.odometerUnit ?? null });

/** The feed's rows with their keys; the feed's columns must still be there. */
export function unitRowsOf(parsed: { headers: string[]; records: { line: number; cells: Record<string, string> }[] }, reading: FeedReading): FeedUnitRow[] {
  const { mapping } = reading;
  const missing = FEED_FIELDS.filter((f) => mapping[f] && !parsed.headers.includes(mapping[f]!));
  if (missing.length) {
    throw badRequest(`The feed's columns changed: ${missing.map((f) => `"${mapping[f]}" (mapped to ${FEED_FIELD_LABELS[f]})`).join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing. Fix the mapping or the feed`);
  }
  return parsed.records.map(({ line, cells }) => ({
    line,
    stock: (cells[mapping.stock_number!] ?? '').trim().toUpperCase(),
    vin: normalizeVin(cells[mapping.vin!] ?? ''),
    cells,
    hash: hashOf(cells, reading),
    photoUrls: mapping.photo_urls ? splitPhotoUrls(cells[mapping.photo_urls] ?? '') : [],
  }));
}

const titleOf = (v: { year: number; make: string; model: string; trim?: string | null }) => [v.year, v.make, v.model, v.trim].filter(Boolean).join(' ');

/** The import rules' messages name vehicle fields ("location must be one of …"); the run and the preview use the page's labels. */
const IMPORT_FIELD_LABEL = new Map(Object.entries(FEED_FIELD_TO_IMPORT).map(([feed, field]) => [field, FEED_FIELD_LABELS[feed as FeedField]]));
function inFeedWords(message: string): string {
  const m = /^(\w+) (.*)$/s.exec(message);
  const label = m ? IMPORT_FIELD_LABEL.get(m[1] as ImportField) : undefined;
  return label ? `${label} ${m![2]}` : message;
}

/** The spellings of features already on the lot, by their lower case: a feed's "heated seats" joins "Heated Seats". */
async function knownFeatures(db: Db): Promise<Map<string, string>> {
  const rows = await db.execute<{ f: string }>(sql`select distinct unnest(${vehicles.features}) as f from ${vehicles}`);
  const out = new Map<string, string>();
  for (const { f } of rows.rows) if (!out.has(f.toLowerCase())) out.set(f.toLowerCase(), f);
  return out;
}

/** Text fields of a vehicle a feed writes: where a lost character (U+FFFD) would be published. */
const TEXT_FIELDS = ['make', 'model', 'trim', 'engine', 'exteriorColor', 'interiorColor', 'description'] as const;

function lostCharacters(values: Partial<VehicleValues>, line: number): RunMessage[] {
  const out: RunMessage[] = [];
  for (const k of TEXT_FIELDS) {
    const v = values[k];
    if (typeof v === 'string' && v.includes(REPLACEMENT_CHARACTER)) out.push({ line, message: `${IMPORT_LABEL[k]} reads "${v.length > 60 ? `${v.slice(0, 57)}…` : v}": a character was lost in the file's encoding. Set the feed's text encoding (Windows-1252 for most Windows DMSs)` });
  }
  if (values.features?.some((f) => f.includes(REPLACEMENT_CHARACTER))) out.push({ line, message: 'A feature has a character lost in the file\'s encoding. Set the feed\'s text encoding' });
  return out;
}
const IMPORT_LABEL: Record<(typeof TEXT_FIELDS)[number], string> = {
  make: FEED_FIELD_LABELS.make, model: FEED_FIELD_LABELS.model, trim: FEED_FIELD_LABELS.trim, engine: FEED_FIELD_LABELS.engine,
  exteriorColor: FEED_FIELD_LABELS.exterior_color, interiorColor: FEED_FIELD_LABELS.interior_color, description: FEED_FIELD_LABELS.description,
};

/** What a run would do, against the database as it is now. */
async function planRun(ctx: FeedContext, feed: FeedRow, rows: FeedUnitRow[]): Promise<Plan> {
  const plan: Plan = { rows, creates: [], updates: [], returns: [], touches: [], removals: [], unchanged: 0, errors: [], warnings: [], units: 0 };
  const reading = readingOfFeed(feed);
  const features = await knownFeatures(ctx.db);
  const mine = await ctx.db.select({ v: vehicles, u: inventoryFeedUnits }).from(inventoryFeedUnits)
    .innerJoin(vehicles, eq(vehicles.id, inventoryFeedUnits.vehicleId)).where(eq(inventoryFeedUnits.feedId, feed.id));
  const byStock = new Map(mine.map((m) => [m.v.stockNumber, m]));
  const byVin = new Map(mine.map((m) => [m.v.vin, m]));
  plan.units = mine.filter((m) => m.v.status !== 'sold').length;

  // Vehicles elsewhere in the inventory that rows name: adopted when the dealer keeps them by hand, refused otherwise.
  const otherUnits = new Map((await ctx.db.select({ vehicleId: inventoryFeedUnits.vehicleId, feedId: inventoryFeedUnits.feedId }).from(inventoryFeedUnits)
    .where(ne(inventoryFeedUnits.feedId, feed.id))).map((u) => [u.vehicleId, u.feedId]));
  const outside = await lookupOutside(ctx.db, rows, new Set(mine.map((m) => m.v.id)));

  const seenStock = new Map<string, number>();
  const seenVin = new Map<string, number>();
  const seenUnits = new Set<number>();
  const pace = pacer();
  for (const row of rows) {
    await pace();
    const error = (message: string) => plan.errors.push({ line: row.line, message: inFeedWords(message) });
    const known = byStock.get(row.stock) ?? byVin.get(row.vin);
    if (known) seenUnits.add(known.v.id);
    if (!row.stock) { error('No stock number'); continue; }
    // issue 32: every row's VIN is checked, its check digit included (the form's schema checks only its shape).
    const vinCheck = checkVin(row.vin);
    if (!vinCheck.ok) { error(`VIN ${row.vin || '(empty)'}: ${vinCheck.message}`); continue; }
    if (seenStock.has(row.stock)) { error(`Stock number ${row.stock} is also on line ${seenStock.get(row.stock)}`); continue; }
    seenStock.set(row.stock, row.line);
    if (seenVin.has(row.vin)) { error(`The VIN ${row.vin} is also on line ${seenVin.get(row.vin)}`); continue; }
    seenVin.set(row.vin, row.line);

    if (known) {
      const locked = new Set(known.u.lockedFields);
      if (locked.has('*')) { plan.unchanged += 1; continue; }
      const soldByHand = known.v.status === 'sold' && !known.u.removedByFeedAt;
      if (soldByHand) {
        // issue 54 §2: the dealer sold it on the site; the DMS has not caught up. It stays sold, and the run says so.
        plan.warnings.push({ line: row.line, message: `Stock ${known.v.stockNumber} is in the feed but sold on the site (marked sold by hand): it stays sold` });
        plan.unchanged += 1;
        continue;
      }
      const returning = known.v.status === 'sold';
      const photosChanged = !sameList(known.u.photoUrls, row.photoUrls) && !locked.has('photo_urls') && Boolean(feed.mapping.photo_urls);
      if (!returning && known.u.rowHash === row.hash && !photosChanged) { plan.unchanged += 1; continue; }
      const { rec } = await completeRecord(ctx, row.cells, reading, row.vin, { locked, knownFeatures: features, create: false });
      if (rec.errors.length) { rec.errors.forEach(error); continue; }
      const { values, errors } = rowToInput(locked.has('vin') ? rec.record : { ...rec.record, vin: row.vin }, FEED_RECORD_MAPPING, existingOf(known.v));
      if (!values) { errors.forEach(error); continue; }
      if (values.vin !== known.v.vin && byVin.has(values.vin)) { error(`The VIN ${values.vin} belongs to another of this feed's units`); continue; }
      plan.warnings.push(...lostCharacters(values, row.line));
      const fields = changedValues(known.v, values);
      const changes = Object.keys(fields);
      const planned = { row, before: known.v, fields, changes: photosChanged ? [...changes, 'photos'] : changes, photosChanged };
      if (returning) { plan.returns.push(planned); continue; }
      if (!changes.length && !photosChanged) { plan.touches.push({ vehicleId: known.v.id, row }); plan.unchanged += 1; continue; }
      plan.updates.push(planned);
      continue;
    }

    const other = outside.byVin.get(row.vin) ?? outside.byStock.get(row.stock);
    if (other) {
      if (other.sellerType !== 'dealer') { error(`The VIN or stock number belongs to a private seller's listing`); continue; }
      if (otherUnits.has(other.id)) { error(`Stock ${other.stockNumber} (VIN ${other.vin}) comes from another inventory feed`); continue; }
      if (other.vin !== row.vin || other.stockNumber !== row.stock) {
        error(other.vin === row.vin ? `The VIN ${row.vin} is in stock as ${other.stockNumber}, not ${row.stock}` : `Stock number ${row.stock} belongs to another vehicle (VIN ${other.vin})`);
        continue;
      }
    }
    const { rec, decoderTried } = await completeRecord(ctx, row.cells, reading, row.vin, { knownFeatures: features, create: !other });
    const unfilled = other ? [] : unfilledRequired(rec, decoderTried);
    if (rec.errors.length || unfilled.length) { [...rec.errors, ...unfilled].forEach(error); continue; }
    const { values, errors } = rowToInput({ ...rec.record, vin: row.vin }, FEED_RECORD_MAPPING, other ? existingOf(other) : undefined);
    if (!values) { errors.forEach(error); continue; }
    plan.warnings.push(...lostCharacters(values, row.line));
    if (other) plan.warnings.push({ line: row.line, message: `Stock ${other.stockNumber} was already in the inventory, kept by hand; the feed keeps it from now on` });
    const decoded = (Object.entries(rec.sources) as [FeedField, string][]).filter(([, src]) => src === 'decoded').map(([f]) => f);
    plan.creates.push({ row, values: { ...values, stockNumber: row.stock }, adopt: other ?? null, decoded });
  }

  // issue 32: a unit gone from the feed is marked sold (or deleted); a row the run could not read keeps its unit as
  // it was, and a vehicle locked whole is the dealer's to end.
  for (const m of mine) {
    if (seenUnits.has(m.v.id) || m.v.status === 'sold' || m.u.lockedFields.includes('*')) continue;
    plan.removals.push(m.v);
  }
  return plan;
}

async function lookupOutside(db: Db, rows: FeedUnitRow[], mine: Set<number>) {
  const vins = [...new Set(rows.map((r) => r.vin).filter((v) => /^[A-Z0-9]{17}$/.test(v)))];
  const stocks = [...new Set(rows.map((r) => r.stock).filter((s) => s && s.length <= 20))];
  const byVin = new Map<string, VehicleRow>();
  const byStock = new Map<string, VehicleRow>();
  for (let i = 0; i < Math.max(vins.length, stocks.length); i += 1000) {
    const v = vins.slice(i, i + 1000);
    const s = stocks.slice(i, i + 1000);
    const conds = [...(v.length ? [inArray(vehicles.vin, v)] : []), ...(s.length ? [inArray(vehicles.stockNumber, s)] : [])];
    if (!conds.length) continue;
    for (const found of await db.select().from(vehicles).where(or(...conds))) {
      if (mine.has(found.id)) continue;
      byVin.set(found.vin, found);
      byStock.set(found.stockNumber, found);
    }
  }
  return { byVin, byStock };
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

const COMPARED: (keyof FeedFields)[] = [
  'vin', 'year', 'make', 'model', 'trim', 'price', 'originalPrice', 'mileage', 'bodyType', 'condition', 'transmission', 'engine',
  'drivetrain', 'fuelType', 'exteriorColor', 'interiorColor', 'doors', 'seats', 'location', 'description', 'features',
];

/** The fields a row changes on a stored vehicle (status is the feed's to decide by presence, never a column). */
function changedValues(before: VehicleRow, after: VehicleValues): FeedFields {
  const out: FeedFields = {};
  for (const k of COMPARED) {
    const a = (before as unknown as Record<string, unknown>)[k] ?? null;
    const b = (after as unknown as Record<string, unknown>)[k] ?? null;
    const same = Array.isArray(a) && Array.isArray(b) ? sameList(a as string[], b as string[]) : (a === '' ? null : a) === (b === '' ? null : b);
    if (!same) (out as Record<string, unknown>)[k] = b;
  }
  return out;
}

const FIELD_OF: Partial<Record<keyof VehicleValues, FeedField>> = Object.fromEntries(
  (Object.entries(FEED_FIELD_TO_IMPORT) as [FeedField, ImportField][]).map(([feed, field]) => [field, feed]),
);

function diffOf(plan: Plan): RunDiff {
  const unit = (v: { id?: number | null; stockNumber: string; year: number; make: string; model: string; trim?: string | null; price: number }) =>
    ({ vehicleId: v.id ?? null, stockNumber: v.stockNumber, title: titleOf(v), price: v.price });
  return {
    create: plan.creates.map((c) => unit({ ...c.values, stockNumber: c.row.stock, id: c.adopt?.id ?? null })),
    update: plan.updates.map((u) => ({ ...unit({ ...u.before, ...u.fields }), changes: u.changes.map((c) => FIELD_OF[c as keyof VehicleValues] ?? c) })),
    returned: plan.returns.map((u) => unit({ ...u.before, ...u.fields })),
    remove: plan.removals.map((v) => unit(v)),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Photos: downloaded and processed before the transaction (minutes for a whole lot); their rows go in with it

interface FetchedPhoto { vehicleKey: string; url: string; alt: string; image: SavedImage; etag: string | null; lastModified: string | null }
/** A feed photo whose bytes are a photo the vehicle already has (our own export read back): kept once, not stored again. */
interface MatchedPhoto { vehicleKey: string; url: string; photoId: number; etag: string | null; lastModified: string | null }

/** Content hashes of a vehicle's stored photo files (every variant) → the photo: how an adopted unit's photos are recognised. */
async function storedPhotoHashes(ctx: FeedContext, vehicleId: number): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const photos = await ctx.db.select({ id: vehiclePhotos.id, storageKey: vehiclePhotos.storageKey, variants: vehiclePhotos.variants }).from(vehiclePhotos).where(eq(vehiclePhotos.vehicleId, vehicleId));
  for (const p of photos) {
    for (const v of p.variants) {
      const bytes = await ctx.storage.get(variantKey(p.storageKey, v.width, v.format));
      if (bytes) out.set(sha256(bytes), p.id);
    }
  }
  return out;
}
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function downloadPhotos(
  ctx: FeedContext, wanted: { key: string; line: number; alt: string; urls: string[]; known?: Map<string, number> }[], warnings: RunMessage[],
  onPhoto: () => void = () => {},
): Promise<{ fetched: FetchedPhoto[]; matched: MatchedPhoto[] }> {
  const jobs = wanted.flatMap((w) => w.urls.map((url) => ({ ...w, url })));
  const fetched: FetchedPhoto[] = [];
  const matched: MatchedPhoto[] = [];
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      try {
        const res = await fetchLimited(job.url, { timeoutMs: PHOTO_TIMEOUT_MS, maxBytes: MAX_UPLOAD_BYTES, allowPrivate: ctx.allowPrivateHosts, accept: 'image/avif,image/webp,image/jpeg,image/png,*/*;q=0.5' });
        if (res.status === 304) continue;
        // issue 54 §2: re-reading our own export must not store every photo twice.
        const same = job.known?.get(sha256(res.body));
        if (same !== undefined) {
          matched.push({ vehicleKey: job.key, url: job.url, photoId: same, etag: res.etag, lastModified: res.lastModified });
          continue;
        }
        // The image pipeline checks the type by content, the size and the pixel count, with the feed's lower limit
        // for formats decoded whole (media/pipeline.ts, issue 56 §9).
        const image = await storeImage(ctx.storage, await processImage(res.body, { kind: 'vehicle', origin: 'feed' }), 'vehicles/feeds');
        fetched.push({ vehicleKey: job.key, url: job.url, alt: job.alt, image, etag: res.etag, lastModified: res.lastModified });
      } catch (err) {
        warnings.push({ line: job.line, message: `Photo ${job.url} was not added: ${(err as Error).message}` });
      } finally {
        onPhoto();
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(ctx.photoConcurrency ?? 4, jobs.length) }, worker));
  return { fetched, matched };
}

// ---------------------------------------------------------------------------------------------------------------
// Runs

const CUT_OFF_MESSAGE = 'The run was cut off (the server stopped or restarted); nothing of it was applied';

/**
 * Runs whose process is gone (no heartbeat for STALE_RUN_MS) are failed, so the feed can run again and the history
 * tells the truth (issue 54 §2). The scheduler sweeps every tick; starting a run sweeps its feed first.
 */
export async function failCutOffRuns(ctx: Pick<FeedContext, 'db'>, feedId?: number, now = new Date()): Promise<number> {
  const cut = await ctx.db.update(inventoryFeedRuns).set({ status: 'failed', finishedAt: now, progress: null, errors: [{ line: null, message: CUT_OFF_MESSAGE }] })
    .where(and(eq(inventoryFeedRuns.status, 'running'), lt(inventoryFeedRuns.heartbeatAt, new Date(now.getTime() - STALE_RUN_MS)), ...(feedId ? [eq(inventoryFeedRuns.feedId, feedId)] : [])))
    .returning({ id: inventoryFeedRuns.id });
  return cut.length;
}

async function startRun(ctx: FeedContext, feedId: number, trigger: 'schedule' | 'manual'): Promise<RunRow> {
  await failCutOffRuns(ctx, feedId);
  if (trigger === 'manual') {
    // issue 54 §2: a second "Run now" while a run waits for approval replaced it unseen. Decide on that one first.
    const [held] = await ctx.db.select({ id: inventoryFeedRuns.id }).from(inventoryFeedRuns).where(and(eq(inventoryFeedRuns.feedId, feedId), eq(inventoryFeedRuns.status, 'held')));
    if (held) throw conflict('A run of this feed is waiting for your approval: approve or discard it first');
  }
  try {
    const [run] = await ctx.db.insert(inventoryFeedRuns).values({ feedId, status: 'running', trigger, progress: { phase: 'fetching', rowsRead: 0, photosFetched: 0, photosTotal: 0 } }).returning();
    return run!;
  } catch (err) {
    const code = (err as { code?: unknown; cause?: { code?: unknown } }).cause?.code ?? (err as { code?: unknown }).code;
    if (code === '23505') throw conflict('This feed is already running; wait for that run to finish');
    throw err;
  }
}

/**
 * The running run's heartbeat and progress: written every HEARTBEAT_MS, and at most once a second as the run
 * advances, so the page shows rows read and photos fetched instead of zeros.
 */
function trackRun(ctx: FeedContext, runId: number) {
  const progress: NonNullable<FeedRun['progress']> = { phase: 'fetching', rowsRead: 0, photosFetched: 0, photosTotal: 0 };
  let writing: Promise<unknown> | null = null;
  let again = false;
  let lastWrite = 0;
  const write = () => {
    // One write at a time; what changed meanwhile is written as soon as it is done.
    if (writing) { again = true; return; }
    lastWrite = Date.now();
    writing = ctx.db.update(inventoryFeedRuns).set({ heartbeatAt: new Date(), progress: { ...progress } })
      .where(and(eq(inventoryFeedRuns.id, runId), eq(inventoryFeedRuns.status, 'running')))
      .catch((err: unknown) => ctx.log.error({ err, runId }, 'inventory feed: the run heartbeat could not be written'))
      .finally(() => {
        writing = null;
        if (again) { again = false; write(); }
      });
  };
  const timer = setInterval(write, HEARTBEAT_MS);
  timer.unref();
  return {
    progress,
    update(p: Partial<typeof progress>) {
      const phaseChanged = p.phase !== undefined && p.phase !== progress.phase;
      Object.assign(progress, p);
      if (phaseChanged || Date.now() - lastWrite >= 1_000) write();
    },
    async stop() {
      clearInterval(timer);
      again = false;
      await writing;
    },
  };
}
type RunTracker = ReturnType<typeof trackRun>;

async function finishFailed(ctx: FeedContext, feed: FeedRow, run: RunRow, message: string, started: number, extra: { warnings?: RunMessage[]; errors?: RunMessage[] } = {}): Promise<FeedRun> {
  // Two scheduled failures in a row e-mail the dealer. A run started by hand fails in front of the admin who
  // started it: it neither counts nor resets the count (a double click once sent a false "failed 2 times" notice).
  const counts = run.trigger === 'schedule';
  const failures = counts ? feed.consecutiveFailures + 1 : feed.consecutiveFailures;
  const [done] = await ctx.db.transaction(async (tx) => {
    if (counts) await tx.update(inventoryFeeds).set({ consecutiveFailures: failures }).where(eq(inventoryFeeds.id, feed.id));
    return tx.update(inventoryFeedRuns).set({
      status: 'failed', finishedAt: new Date(), durationMs: Math.round(performance.now() - started), progress: null,
      errors: [{ line: null, message }, ...(extra.errors ?? [])], warnings: extra.warnings ?? [],
    }).where(eq(inventoryFeedRuns.id, run.id)).returning();
  });
  if (counts && failures === FEED_FAILURES_BEFORE_NOTICE) {
    // issue 32 "Two failures in a row e-mail the dealer"; the mail module keeps it in the outbox if SMTP is down.
    await ctx.mailer.send({
      to: ctx.dealerEmail, category: 'feed_failure',
      subject: `Inventory feed "${feed.name}" failed ${failures} times in a row`,
      text: `The inventory feed "${feed.name}" (${feed.url}) failed ${failures} runs in a row. Nothing it would have changed was applied.\n\nLast error: ${message}\n\nRun history: ${ctx.publicUrl}/admin/inventory-feeds\n`,
    }).catch((err: unknown) => ctx.log.error({ err, feedId: feed.id }, 'inventory feed: the failure notice could not be stored'));
  }
  return toRun(done!);
}

/**
 * Runs a feed now: fetch, plan, hold or apply. Answers with the run (also for a failed or held one); 409 when the
 * feed is already running, or when a run started by hand finds one waiting for approval.
 */
export async function runFeed(ctx: FeedContext, feedId: number, opts: { trigger: 'schedule' | 'manual'; actor?: AuditActor }): Promise<FeedRun> {
  const feed = await feedRow(ctx, feedId);
  const run = await startRun(ctx, feedId, opts.trigger);
  const tracker = trackRun(ctx, run.id);
  try {
    const started = performance.now();
    const nextRunAt = new Date(Date.now() + feed.intervalMinutes * 60_000);
    await ctx.db.update(inventoryFeeds).set({ nextRunAt }).where(eq(inventoryFeeds.id, feedId));
    let rows: FeedUnitRow[];
    let validators: { etag: string | null; lastModified: string | null };
    const fileWarnings: RunMessage[] = [];
    try {
      const res = await fetchLimited(feed.url, {
        auth: credentials(ctx, feed), etag: feed.etag, lastModified: feed.lastModified,
        timeoutMs: ctx.fetchTimeoutMs ?? FEED_LIMITS.fetchTimeoutMs, maxBytes: FEED_LIMITS.maxBytes, allowPrivate: ctx.allowPrivateHosts,
      });
      if (res.status === 304) return await finishUnchanged(ctx, feed, run, started);
      const file = await readFeedFile(res.body, res.contentType, feed);
      fileWarnings.push(...file.warnings);
      rows = unitRowsOf(file.parsed, readingOfFeed(feed));
      tracker.update({ phase: 'planning', rowsRead: rows.length });
      validators = { etag: res.etag, lastModified: res.lastModified };
    } catch (err) {
      if (err instanceof FetchError || (err instanceof AppError && err.status < 500)) return await finishFailed(ctx, feed, run, (err as Error).message, started);
      ctx.log.error({ err, feedId }, 'inventory feed: the run failed');
      return await finishFailed(ctx, feed, run, 'The run failed on our side; nothing was applied (see the server log)', started);
    }
    return await applyRows(ctx, feed, run, rows, { ...opts, validators, started, safety: true, tracker, fileWarnings });
  } finally {
    await tracker.stop();
  }
}

async function finishUnchanged(ctx: FeedContext, feed: FeedRow, run: RunRow, started: number): Promise<FeedRun> {
  const [units] = await ctx.db.select({ n: count() }).from(inventoryFeedUnits).innerJoin(vehicles, eq(vehicles.id, inventoryFeedUnits.vehicleId))
    .where(and(eq(inventoryFeedUnits.feedId, feed.id), ne(vehicles.status, 'sold')));
  const [done] = await ctx.db.transaction(async (tx) => {
    await tx.update(inventoryFeeds).set({ consecutiveFailures: 0 }).where(eq(inventoryFeeds.id, feed.id));
    // issue 54 §2: a 304 is "unchanged file", not a warning.
    return tx.update(inventoryFeedRuns).set({
      status: 'succeeded', finishedAt: new Date(), durationMs: Math.round(performance.now() - started), rows: feed.lastRows ?? 0, unchanged: units?.n ?? 0,
      notModified: true, progress: null,
    }).where(eq(inventoryFeedRuns.id, run.id)).returning();
  });
  return toRun(done!);
}

interface ApplyOptions {
  trigger: 'schedule' | 'manual';
  actor?: AuditActor | undefined;
  validators: { etag: string | null; lastModified: string | null };
  started: number;
  /** false when an admin approved a held run: the safety rule has had its say. */
  safety: boolean;
  tracker: RunTracker;
  /** What reading the file found (lines with the wrong number of cells). */
  fileWarnings: RunMessage[];
}

async function applyRows(ctx: FeedContext, feed: FeedRow, run: RunRow, rows: FeedUnitRow[], opts: ApplyOptions): Promise<FeedRun> {
  let plan: Plan;
  try {
    plan = await planRun(ctx, feed, rows);
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return finishFailed(ctx, feed, run, err.message, opts.started);
    throw err;
  }
  plan.warnings.unshift(...opts.fileWarnings);
  // A row can fail for several reasons: count rows, not messages (a file whose 30 rows each lacked three fields
  // once reported "succeeded" with 90 errors and nothing created).
  const badLines = new Set(plan.errors.map((e) => e.line)).size;
  if (rows.length > 0 && badLines >= rows.length) {
    return finishFailed(ctx, feed, run, `No row of the feed is valid: nothing was applied (line ${plan.errors[0]!.line}: ${plan.errors[0]!.message})`, opts.started, { errors: plan.errors.slice(0, 500), warnings: plan.warnings });
  }
  const diff = diffOf(plan);
  const adopted = plan.creates.filter((c) => c.adopt).length;
  const counts = { created: plan.creates.length - adopted, adopted, updated: plan.updates.length, returned: plan.returns.length, removed: plan.removals.length, unchanged: plan.unchanged };
  const reason = opts.safety ? holdReason({ units: plan.units, removals: plan.removals.length, rows: rows.length, lastRows: feed.lastRows, thresholdPercent: feed.removalThresholdPercent }) : null;
  if (reason) {
    const [held] = await ctx.db.transaction(async (tx) => {
      // One held run waits at a time: a newer one replaces it.
      await tx.update(inventoryFeedRuns).set({ status: 'discarded', plan: null }).where(and(eq(inventoryFeedRuns.feedId, feed.id), eq(inventoryFeedRuns.status, 'held'), ne(inventoryFeedRuns.id, run.id)));
      await tx.update(inventoryFeeds).set({ consecutiveFailures: 0 }).where(eq(inventoryFeeds.id, feed.id));
      return tx.update(inventoryFeedRuns).set({
        status: 'held', finishedAt: new Date(), durationMs: Math.round(performance.now() - opts.started), rows: rows.length, ...counts, progress: null,
        warnings: plan.warnings, errors: plan.errors, heldReason: reason, diff, plan: { rows, validators: opts.validators },
      }).where(eq(inventoryFeedRuns.id, run.id)).returning();
    });
    await ctx.mailer.send({
      to: ctx.dealerEmail, category: 'feed_held', subject: `Inventory feed "${feed.name}" is waiting for your approval`,
      text: `A run of the inventory feed "${feed.name}" changed nothing and waits for an admin: ${reason}.\n\nReview it: ${ctx.publicUrl}/admin/inventory-feeds\n`,
    }).catch((err: unknown) => ctx.log.error({ err, feedId: feed.id }, 'inventory feed: the held-run notice could not be stored'));
    return toRun(held!);
  }

  // Photos first, outside the transaction; files of a run that does not commit are removed again.
  const warnings = [...plan.warnings];
  const wanted: { key: string; line: number; alt: string; urls: string[]; known?: Map<string, number> }[] = [];
  const storedFor = new Map<number, Set<string>>();
  const photoUpdates = [...plan.updates, ...plan.returns].filter((u) => u.photosChanged);
  const updateIds = photoUpdates.map((u) => u.before.id);
  const adoptIds = plan.creates.flatMap((c) => (c.adopt ? [c.adopt.id] : []));
  for (const p of updateIds.length || adoptIds.length ? await ctx.db.select({ vehicleId: inventoryFeedPhotos.vehicleId, url: inventoryFeedPhotos.url }).from(inventoryFeedPhotos).where(inArray(inventoryFeedPhotos.vehicleId, [...updateIds, ...adoptIds])) : []) {
    if (!storedFor.has(p.vehicleId)) storedFor.set(p.vehicleId, new Set());
    storedFor.get(p.vehicleId)!.add(p.url);
  }
  for (const c of plan.creates) {
    const have = c.adopt ? storedFor.get(c.adopt.id) ?? new Set<string>() : new Set<string>();
    const urls = c.row.photoUrls.filter((u) => !have.has(u));
    // An adopted vehicle already has photos (uploaded by hand, or the very files our export points at): a feed
    // photo with the same bytes is that photo (issue 54 §2 "matches its photos by content hash").
    const known = c.adopt && urls.length ? await storedPhotoHashes(ctx, c.adopt.id) : undefined;
    wanted.push({ key: `stock:${c.row.stock}`, line: c.row.line, alt: titleOf(c.values), urls, ...(known ? { known } : {}) });
  }
  for (const u of photoUpdates) {
    const have = storedFor.get(u.before.id) ?? new Set<string>();
    wanted.push({ key: `stock:${u.row.stock}`, line: u.row.line, alt: titleOf({ ...u.before, ...u.fields }), urls: u.row.photoUrls.filter((x) => !have.has(x)) });
  }
  const toFetch = wanted.filter((w) => w.urls.length);
  opts.tracker.update({ phase: 'photos', photosTotal: toFetch.reduce((n, w) => n + w.urls.length, 0) });
  const { fetched: photos, matched } = await downloadPhotos(ctx, toFetch, warnings, () => opts.tracker.update({ photosFetched: opts.tracker.progress.photosFetched + 1 }));
  const photosOf = (key: string, urls: string[]) => urls.flatMap((url) => photos.filter((p) => p.vehicleKey === key && p.url === url));
  opts.tracker.update({ phase: 'applying' });

  const actor = opts.actor ?? FEED_ACTOR;
  let removedPhotoRows: Awaited<ReturnType<typeof removePhotosInWrite>> = [];
  const createdIds: number[] = [];
  const unusedImages: SavedImage[] = [];
  try {
    const finished = await ctx.vehicles.transaction(actor, async (w) => {
      const { tx } = w;
      // Creates (and adoptions), in batches through the write path: price history, events, deal ratings.
      const fresh = plan.creates.filter((c) => !c.adopt);
      const created: VehicleRow[] = [];
      // Issue 30: on the embedded database every statement runs on the server's own thread; short statements and
      // a turn of the event loop between them let other requests through (a batch of 500 ran over a second).
      const pace = pacer();
      for (let i = 0; i < fresh.length; i += FEED_INSERT_BATCH) {
        if (i > 0) await yieldToRequests();
        created.push(...await w.create(fresh.slice(i, i + FEED_INSERT_BATCH).map((c) => ({ ...c.values, stockNumber: c.row.stock, status: 'available' as const, sellerType: 'dealer' as const })), { audit: false }));
      }
      createdIds.push(...created.map((v) => v.id));
      const vehicleOf = new Map(created.map((v) => [v.stockNumber, v]));
      for (const c of plan.creates.filter((x) => x.adopt)) {
        const [before] = await w.lock([c.adopt!.id]);
        if (!before) throw notFound(`Vehicle ${c.adopt!.id} was deleted during the run`);
        vehicleOf.set(c.row.stock, (await w.update(before, { ...changedValues(before, c.values), ...(before.status === 'sold' ? { status: 'available' as const } : {}) }, { audit: false })) ?? before);
      }
      for (const c of plan.creates) {
        await pace();
        const v = vehicleOf.get(c.row.stock)!;
        const unit = { feedId: feed.id, rowHash: c.row.hash, photoUrls: c.row.photoUrls, decodedFields: c.decoded, removedByFeedAt: null };
        await tx.insert(inventoryFeedUnits).values({ vehicleId: v.id, ...unit })
          .onConflictDoUpdate({ target: inventoryFeedUnits.vehicleId, set: { ...unit, updatedAt: new Date() } });
        await attachPhotos(w, v.id, photosOf(`stock:${c.row.stock}`, c.row.photoUrls), unusedImages);
        const same = matched.filter((m) => m.vehicleKey === `stock:${c.row.stock}`);
        if (same.length) await tx.insert(inventoryFeedPhotos).values(same.map((m) => ({ vehicleId: v.id, photoId: m.photoId, url: m.url, etag: m.etag, lastModified: m.lastModified }))).onConflictDoNothing();
      }

      // Updates, and units that come back: each vehicle locked, only what changed written (a price change is price
      // history and an alert). A returning unit is listed again: its page, search and the Google feed follow the
      // status through the write path's events (issue 54 §2).
      const changing = [...plan.updates, ...plan.returns];
      const locked = await w.lock(changing.map((u) => u.before.id));
      const returning = new Set(plan.returns.map((u) => u.before.id));
      for (const u of changing) {
        await pace();
        const before = locked.find((v) => v.id === u.before.id);
        if (!before) continue; // deleted meanwhile: nothing to update
        const fields = changedValues(before, { ...existingOf(before), ...u.fields } as unknown as VehicleValues);
        let current = before;
        if (Object.keys(fields).length) current = (await w.update(before, fields, { audit: false })) ?? before;
        if (returning.has(before.id) && current.status === 'sold') await w.setStatus(current, 'available', { audit: false });
        if (u.photosChanged) {
          const stored = await tx.select().from(inventoryFeedPhotos).where(eq(inventoryFeedPhotos.vehicleId, before.id));
          const gone = stored.filter((p) => !u.row.photoUrls.includes(p.url));
          removedPhotoRows = removedPhotoRows.concat(await removePhotosInWrite(w, before.id, gone.map((p) => p.photoId)));
          await attachPhotos(w, before.id, photosOf(`stock:${u.row.stock}`, u.row.photoUrls), unusedImages);
        }
        await tx.update(inventoryFeedUnits).set({ rowHash: u.row.hash, photoUrls: u.row.photoUrls, removedByFeedAt: null, updatedAt: new Date() }).where(eq(inventoryFeedUnits.vehicleId, before.id));
      }
      for (const t of plan.touches) {
        await pace();
        await tx.update(inventoryFeedUnits).set({ rowHash: t.row.hash, updatedAt: new Date() }).where(eq(inventoryFeedUnits.vehicleId, t.vehicleId));
      }

      // Units gone from the feed leave search at once, on every instance (the write path's events). The feed
      // remembers it took them down, so they come back if it lists them again; a unit sold by hand stays sold.
      const leaving = await w.lock(plan.removals.map((v) => v.id));
      if (feed.goneAction === 'delete') await w.remove(leaving, { audit: false });
      else {
        for (const v of leaving) if (v.status !== 'sold') await w.setStatus(v, 'sold', { audit: false });
        if (leaving.length) await tx.update(inventoryFeedUnits).set({ removedByFeedAt: new Date() }).where(inArray(inventoryFeedUnits.vehicleId, leaving.map((v) => v.id)));
      }

      const summary = `Inventory feed ${feed.name}: ${counts.created} created, ${counts.adopted ? `${counts.adopted} adopted, ` : ''}${counts.updated} updated, ${counts.returned ? `${counts.returned} returned to the site, ` : ''}${counts.removed} ${feed.goneAction === 'delete' ? 'deleted' : 'marked sold'}, ${counts.unchanged} unchanged${badLines ? `, ${badLines} rows skipped` : ''}`;
      await recordAudit(tx, actor, {
        action: 'feed.run', entityType: 'inventory_feed', entityId: feed.id, summary,
        after: {
          runId: run.id, created: created.map((v) => v.id), adopted: adoptIds, updated: plan.updates.map((u) => u.before.id),
          returned: plan.returns.map((u) => u.before.id), removed: plan.removals.map((v) => v.id), skippedLines: [...new Set(plan.errors.map((e) => e.line))],
        },
      });
      for (const u of plan.returns) {
        await recordAudit(tx, actor, { action: 'feed.return', entityType: 'vehicle', entityId: u.before.id, summary: `Listed again: stock ${u.before.stockNumber} is back in the inventory feed ${feed.name}` });
      }
      await tx.update(inventoryFeeds).set({ etag: opts.validators.etag, lastModified: opts.validators.lastModified, lastRows: rows.length, consecutiveFailures: 0 }).where(eq(inventoryFeeds.id, feed.id));
      // A run that applied supersedes any run still waiting for approval.
      await tx.update(inventoryFeedRuns).set({ status: 'discarded', plan: null }).where(and(eq(inventoryFeedRuns.feedId, feed.id), eq(inventoryFeedRuns.status, 'held')));
      // The run's own record commits with what it did.
      const [done] = await tx.update(inventoryFeedRuns).set({
        status: opts.safety ? 'succeeded' : 'approved', finishedAt: new Date(), durationMs: Math.round(performance.now() - opts.started), rows: rows.length,
        ...counts, photosDownloaded: photos.length, warnings, errors: plan.errors, diff, plan: null, progress: null,
      }).where(eq(inventoryFeedRuns.id, run.id)).returning();
      return done!;
    });
    // issue 32 "Ready at once": the listing JSON of every vehicle the run created or changed is serialised and stored
    // now (the index's own entries were patched by the commit's events), not on the first shopper's read.
    const touched = [...(finished.diff?.create ?? []), ...(finished.diff?.update ?? []), ...(finished.diff?.returned ?? [])].map((u) => u.vehicleId).filter((id): id is number => id !== null);
    const changedIds = [...new Set([...touched, ...createdIds])];
    for (let i = 0; i < changedIds.length; i += 100) {
      if (i > 0) await yieldToRequests();
      await readListingJson(ctx.db, changedIds.slice(i, i + 100));
    }
    await deleteUnusedPhotoFiles(ctx, removedPhotoRows);
    await Promise.allSettled(unusedImages.map((img) => deleteImage(ctx.storage, img.storageKey, img.variants)));
    return toRun(finished);
  } catch (err) {
    await Promise.allSettled(photos.map((p) => deleteImage(ctx.storage, p.image.storageKey, p.image.variants)));
    if (err instanceof AppError && err.status < 500) return finishFailed(ctx, feed, run, err.message, opts.started);
    ctx.log.error({ err, feedId: feed.id, runId: run.id }, 'inventory feed: applying the run failed; nothing was applied');
    return finishFailed(ctx, feed, run, 'Applying the run failed; nothing was applied (see the server log)', opts.started);
  }
}

async function attachPhotos(w: Parameters<typeof insertPhotosInWrite>[0], vehicleId: number, photos: FetchedPhoto[], unused: SavedImage[]) {
  if (!photos.length) return;
  // The vehicle's title as alt text, as an upload without one gets (WCAG 1.1.1); the admin can change it.
  const ids = await insertPhotosInWrite(w, vehicleId, photos.map((p) => ({ ...p.image, alt: p.alt })));
  const rows = photos.flatMap((p, i) => (ids[i] ? [{ vehicleId, photoId: ids[i]!, url: p.url, etag: p.etag, lastModified: p.lastModified }] : []));
  photos.forEach((p, i) => { if (!ids[i]) unused.push(p.image); });
  if (rows.length) await w.tx.insert(inventoryFeedPhotos).values(rows).onConflictDoNothing();
}

/** Applies a held run as it was planned (the rows it read), against the inventory as it is now. */
export async function approveRun(ctx: FeedContext, actor: AuditActor, feedId: number, runId: number): Promise<FeedRun> {
  const feed = await feedRow(ctx, feedId);
  await failCutOffRuns(ctx, feedId);
  let held: RunRow | undefined;
  try {
    [held] = await ctx.db.update(inventoryFeedRuns).set({ status: 'running', startedAt: new Date(), heartbeatAt: new Date(), progress: { phase: 'applying', rowsRead: 0, photosFetched: 0, photosTotal: 0 } })
      .where(and(eq(inventoryFeedRuns.id, runId), eq(inventoryFeedRuns.feedId, feedId), eq(inventoryFeedRuns.status, 'held'))).returning();
  } catch (err) {
    const code = (err as { code?: unknown; cause?: { code?: unknown } }).cause?.code ?? (err as { code?: unknown }).code;
    if (code === '23505') throw conflict('This feed is running now; approve the held run when that run has finished');
    throw err;
  }
  if (!held) {
    const [run] = await ctx.db.select({ status: inventoryFeedRuns.status }).from(inventoryFeedRuns).where(and(eq(inventoryFeedRuns.id, runId), eq(inventoryFeedRuns.feedId, feedId)));
    if (!run) throw notFound(`Run ${runId} of feed ${feedId} not found`);
    throw conflict(`Run ${runId} is ${run.status}, not held: only a held run can be approved`);
  }
  const saved = held.plan as { rows: FeedUnitRow[]; validators: { etag: string | null; lastModified: string | null } };
  const tracker = trackRun(ctx, held.id);
  tracker.update({ phase: 'applying', rowsRead: saved.rows.length });
  try {
    return await applyRows(ctx, feed, held, saved.rows, { trigger: held.trigger, actor, validators: saved.validators, started: performance.now(), safety: false, tracker, fileWarnings: [] });
  } finally {
    await tracker.stop();
  }
}

export async function discardRun(ctx: FeedContext, actor: AuditActor, feedId: number, runId: number): Promise<FeedRun> {
  const [run] = await ctx.db.transaction(async (tx) => {
    const updated = await tx.update(inventoryFeedRuns).set({ status: 'discarded', plan: null })
      .where(and(eq(inventoryFeedRuns.id, runId), eq(inventoryFeedRuns.feedId, feedId), eq(inventoryFeedRuns.status, 'held'))).returning();
    if (updated.length) await recordAudit(tx, actor, { action: 'feed.discard', entityType: 'inventory_feed', entityId: feedId, summary: `Discarded held run ${runId} of inventory feed ${feedId}` });
    return updated;
  });
  if (!run) {
    const [found] = await ctx.db.select({ status: inventoryFeedRuns.status }).from(inventoryFeedRuns).where(and(eq(inventoryFeedRuns.id, runId), eq(inventoryFeedRuns.feedId, feedId)));
    if (!found) throw notFound(`Run ${runId} of feed ${feedId} not found`);
    throw conflict(`Run ${runId} is ${found.status}, not held: only a held run can be discarded`);
  }
  return toRun(run);
}

// ---------------------------------------------------------------------------------------------------------------
// Hand edits and the schedule

export async function getLock(ctx: FeedContext, vehicleId: number): Promise<FeedLock> {
  const [unit] = await ctx.db.select().from(inventoryFeedUnits).where(eq(inventoryFeedUnits.vehicleId, vehicleId));
  if (!unit) {
    const [v] = await ctx.db.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.id, vehicleId));
    if (!v) throw notFound(`Vehicle ${vehicleId} not found`);
    return { vehicleId, feedId: null, locked: [], decoded: [] };
  }
  return { vehicleId, feedId: unit.feedId, locked: unit.lockedFields.includes('*') ? 'all' : unit.lockedFields as FeedField[], decoded: unit.decodedFields as FeedField[] };
}

export async function setLock(ctx: FeedContext, actor: AuditActor, vehicleId: number, locked: 'all' | FeedField[]): Promise<FeedLock> {
  const fields = locked === 'all' ? ['*'] : [...new Set(locked)];
  const [unit] = await ctx.db.transaction(async (tx) => {
    const updated = await tx.update(inventoryFeedUnits).set({ lockedFields: fields, updatedAt: new Date() }).where(eq(inventoryFeedUnits.vehicleId, vehicleId)).returning();
    if (updated.length) {
      await recordAudit(tx, actor, { action: 'feed.lock', entityType: 'vehicle', entityId: vehicleId, summary: locked === 'all' ? 'Kept the whole vehicle from its inventory feed' : fields.length ? `Kept ${fields.join(', ')} from the inventory feed` : 'The inventory feed updates every field again', after: { locked: fields } });
    }
    return updated;
  });
  if (!unit) {
    await getLock(ctx, vehicleId);
    throw badRequest(`Vehicle ${vehicleId} does not come from an inventory feed: there is nothing to keep it from`);
  }
  return getLock(ctx, vehicleId);
}

/**
 * The scheduler's tick: every enabled feed whose time has come and that has no run waiting for approval. Each feed
 * runs at most once at a time across instances (the running run's unique index); a feed another instance is
 * running is skipped.
 */
export async function runDueFeeds(ctx: FeedContext, now = new Date()): Promise<FeedRun[]> {
  // Every tick (a minute) also fails the runs whose process is gone: the history never shows a dead run as running.
  await failCutOffRuns(ctx);
  const due = await ctx.db.select({ id: inventoryFeeds.id }).from(inventoryFeeds)
    .where(and(eq(inventoryFeeds.enabled, true), or(isNull(inventoryFeeds.nextRunAt), lt(inventoryFeeds.nextRunAt, sql`${now.toISOString()}::timestamptz + interval '1 second'`)),
      sql`not exists (select 1 from ${inventoryFeedRuns} r where r.feed_id = ${inventoryFeeds.id} and r.status = 'held')`));
  const runs: FeedRun[] = [];
  for (const { id } of due) {
    try {
      runs.push(await runFeed(ctx, id, { trigger: 'schedule' }));
    } catch (err) {
      if (err instanceof AppError && err.status === 409) continue;
      ctx.log.error({ err, feedId: id }, 'inventory feed: the scheduled run failed');
    }
  }
  return runs;
}

/** The inventory-feeds service as the app holds it (server/services.ts): the back office's feeds and the scheduled runs. */
export function inventoryFeedsService(deps: Deps, vin: Pick<VinDecoder, 'decode'>) {
  return bindFirst(feedContextOf(deps, vin), {
    listFeeds, previewFeed, createFeed, getFeed, updateFeed, deleteFeed, runFeed, listRuns, approveRun, discardRun,
    getLock, setLock, runDueFeeds,
  });
}
