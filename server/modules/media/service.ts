// Vehicle photos in the back office (admin issue, "Image manager and photos"): upload, order, cover, alt text,
// delete, and which vehicles lack photos. Each change runs in one transaction with its audit entry and drops the
// inventory cache; files are written before the transaction and removed again if it fails, and a deleted photo's
// files go only after its row is gone (and only when no other row still uses them: seeded stock photos are shared).
import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import {
  DEFAULT_MIN_PHOTOS, MAX_PHOTOS_PER_VEHICLE, type AdminPhoto, type MediaVehicle, type MediaVehicleList, type VehiclePhotos,
} from '@domain/media';
import type { Photo } from '@domain/vehicle';
import type { Db, Tx } from '../../db/client';
import { vehiclePhotos, vehicles } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { recordAudit, type AuditActor } from '../audit/record';
import type { VehicleCommands, VehicleWrite } from '../vehicles/commands';
import { deleteImage, variantKey, type SavedImage } from './pipeline';
import type { Storage } from './storage';
import type { Deps } from '../../deps';
import { bindFirst } from '../../lib/bind';
import { acceptPhotoUploads, type IncomingPhoto, type PhotoUpload } from './upload';
import { vehicleColumns } from '../vehicles/columns';

export interface MediaContext { db: Db; storage: Storage; vehicles: VehicleCommands }
export const mediaContextOf = (app: Pick<Deps, 'db' | 'storage' | 'vehicleCommands'>): MediaContext => ({
  db: app.db, storage: app.storage, vehicles: app.vehicleCommands,
});

type PhotoRow = typeof vehiclePhotos.$inferSelect;

/** The default source: the WebP nearest 800 px (the public vehicle API picks the same one, vehicles/mapper.ts). */
const DEFAULT_WIDTH = 800;

export function toPhoto(storage: Storage, row: Pick<PhotoRow, 'id' | 'alt' | 'width' | 'height' | 'storageKey' | 'variants'>): Photo {
  const variants = row.variants.map((v) => ({ url: storage.url(variantKey(row.storageKey, v.width, v.format)), width: v.width, format: v.format }));
  const webp = variants.filter((v) => v.format === 'webp');
  const pool = webp.length ? webp : variants;
  const best = pool.reduce<(typeof pool)[number] | undefined>(
    (acc, v) => (!acc || Math.abs(v.width - DEFAULT_WIDTH) < Math.abs(acc.width - DEFAULT_WIDTH) ? v : acc), undefined);
  return { id: row.id, alt: row.alt, width: row.width, height: row.height, src: best?.url ?? storage.url(row.storageKey), variants };
}

const toAdminPhoto = (storage: Storage, row: PhotoRow): AdminPhoto => ({
  ...toPhoto(storage, row), position: row.position, bytes: row.bytes, storageKey: row.storageKey,
});

const titleOf = (v: { year: number; make: string; model: string; trim: string | null }) =>
  [v.year, v.make, v.model, v.trim].filter(Boolean).join(' ');

const photoVehicleColumns = vehicleColumns('id', 'year', 'make', 'model', 'trim', 'stockNumber', 'vin', 'status');

async function loadVehicle(db: Db | Tx, id: number, lock = false) {
  const q = db.select(photoVehicleColumns).from(vehicles).where(eq(vehicles.id, id));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound(`Vehicle ${id} not found`);
  return row;
}

const photoRows = (db: Db | Tx, vehicleId: number) =>
  db.select().from(vehiclePhotos).where(eq(vehiclePhotos.vehicleId, vehicleId)).orderBy(asc(vehiclePhotos.position), asc(vehiclePhotos.id));

async function photosOf(ctx: MediaContext, db: Db | Tx, vehicleId: number): Promise<VehiclePhotos> {
  const v = await loadVehicle(db, vehicleId);
  const rows = await photoRows(db, vehicleId);
  const photos = rows.map((r) => toAdminPhoto(ctx.storage, r));
  return {
    vehicle: { id: v.id, title: titleOf(v), stockNumber: v.stockNumber, vin: v.vin, status: v.status, photoCount: rows.length, cover: photos[0] ? toPhoto(ctx.storage, rows[0]!) : null },
    photos,
  };
}

export const getVehiclePhotos = (ctx: MediaContext, vehicleId: number) => photosOf(ctx, ctx.db, vehicleId);

/** Vehicles and their photo counts, fewest first: the /admin/photos list and the image manager's picker. */
export async function listMediaVehicles(ctx: MediaContext, q: { search?: string | undefined; fewerThan: number; includeSold: boolean; limit: number }): Promise<MediaVehicleList> {
  const photoCount = sql<number>`(select count(*)::int from ${vehiclePhotos} p where p.vehicle_id = ${vehicles}.id)`;
  const conditions = [];
  if (!q.includeSold) conditions.push(sql`${vehicles.status} <> 'sold'`);
  if (q.search) {
    const term = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const words = q.search.split(/\s+/).filter(Boolean).slice(0, 5);
    conditions.push(or(
      ilike(vehicles.stockNumber, term), ilike(vehicles.vin, term),
      // "2021 ford f-150": every word must appear somewhere in the title.
      and(...words.map((w) => ilike(sql`concat_ws(' ', ${vehicles.year}, ${vehicles.make}, ${vehicles.model}, ${vehicles.trim})`, `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`))),
    )!);
  }
  if (q.fewerThan > 0) conditions.push(sql`${photoCount} < ${q.fewerThan}`);
  const where = conditions.length ? and(...conditions) : undefined;

  const [rows, [{ total } = { total: 0 }], [{ none } = { none: 0 }]] = await Promise.all([
    ctx.db.select({ ...photoVehicleColumns, photoCount }).from(vehicles).where(where)
      .orderBy(sql`${photoCount} asc`, asc(vehicles.createdAt), asc(vehicles.id)).limit(q.limit),
    ctx.db.select({ total: count() }).from(vehicles).where(where),
    ctx.db.select({ none: count() }).from(vehicles)
      .where(and(sql`${vehicles.status} <> 'sold'`, sql`not exists (select 1 from ${vehiclePhotos} p where p.vehicle_id = ${vehicles}.id)`)),
  ]);
  const covers = rows.length
    ? await ctx.db.select().from(vehiclePhotos).where(and(inArray(vehiclePhotos.vehicleId, rows.map((r) => r.id)),
      sql`${vehiclePhotos.id} = (select p.id from ${vehiclePhotos} p where p.vehicle_id = ${vehiclePhotos.vehicleId} order by p.position, p.id limit 1)`))
    : [];
  const coverOf = new Map(covers.map((c) => [c.vehicleId, c]));
  const list: MediaVehicle[] = rows.map((r) => {
    const cover = coverOf.get(r.id);
    return { id: r.id, title: titleOf(r), stockNumber: r.stockNumber, vin: r.vin, status: r.status, photoCount: r.photoCount, cover: cover ? toPhoto(ctx.storage, cover) : null };
  });
  return { vehicles: list, total, withoutPhotos: none, minPhotos: DEFAULT_MIN_PHOTOS };
}

/** Summary stored in the audit log: enough to tell photos apart without the files. */
const auditPhoto = (r: Pick<PhotoRow, 'id' | 'position' | 'alt' | 'storageKey'>) => ({ id: r.id, position: r.position, alt: r.alt, storageKey: r.storageKey });

/** A caller's own step inside the photo change's transaction (a private listing goes back to review with it). */
export type PhotoChangeStep = (w: VehicleWrite) => Promise<void>;

/**
 * Adds processed, already-stored images to a vehicle after its current photos. The vehicle row is locked so two
 * uploads at once get distinct positions and cannot pass the limit together (the vehicle's, or a caller's lower one:
 * a private seller's 20). A refusal leaves the files to the caller (the upload flow removes them, upload.ts).
 */
export async function addPhotos(ctx: MediaContext, actor: AuditActor, vehicleId: number, images: (SavedImage & { alt: string; name: string })[], { step, max = MAX_PHOTOS_PER_VEHICLE }: { step?: PhotoChangeStep; max?: number } = {}): Promise<VehiclePhotos> {
  // A vehicle write transaction: the caller's step may change the vehicle (a private listing back to review).
  const result = await ctx.vehicles.transaction(actor, async (w) => {
    const { tx } = w;
    await loadVehicle(tx, vehicleId, true);
    const existing = await photoRows(tx, vehicleId);
    if (existing.length + images.length > max) {
      throw conflict(`This vehicle has ${existing.length} photos; adding ${images.length} would pass the limit of ${max}. Delete some first.`);
    }
    const start = existing.reduce((m, r) => Math.max(m, r.position + 1), 0);
    const inserted = await tx.insert(vehiclePhotos).values(images.map((img, i) => ({
      vehicleId, position: start + i, alt: img.alt, storageKey: img.storageKey, width: img.width, height: img.height,
      variants: img.variants.map(({ width, format }) => ({ width, format })), bytes: img.bytes,
    }))).returning();
    await recordAudit(tx, actor, {
      action: 'vehicle.photos_add', entityType: 'vehicle', entityId: vehicleId,
      summary: `Added ${images.length} photo${images.length === 1 ? '' : 's'} (${images.map((i) => i.name).join(', ').slice(0, 200)})`,
      before: { count: existing.length }, after: { count: existing.length + inserted.length, added: inserted.map(auditPhoto) },
    });
    await step?.(w);
    return photosOf(ctx, tx, vehicleId);
  });
  await ctx.vehicles.changedBeside([vehicleId]);
  return result;
}

/**
 * Inside a caller's vehicle write (an inventory feed run, issue 32: one transaction for the whole run): adds
 * already-stored images after the vehicle's current photos, up to the per-vehicle limit, and returns the new rows'
 * ids in the order given (null for an image the limit left out, whose files the caller removes).
 */
export async function insertPhotosInWrite(w: VehicleWrite, vehicleId: number, images: readonly (SavedImage & { alt: string })[]): Promise<(number | null)[]> {
  if (!images.length) return [];
  const existing = await photoRows(w.tx, vehicleId);
  const room = Math.max(0, MAX_PHOTOS_PER_VEHICLE - existing.length);
  const start = existing.reduce((m, r) => Math.max(m, r.position + 1), 0);
  const kept = images.slice(0, room);
  const inserted = kept.length ? await w.tx.insert(vehiclePhotos).values(kept.map((img, i) => ({
    vehicleId, position: start + i, alt: img.alt, storageKey: img.storageKey, width: img.width, height: img.height,
    variants: img.variants.map(({ width, format }) => ({ width, format })), bytes: img.bytes,
  }))).returning({ id: vehiclePhotos.id }) : [];
  w.events.push({ type: 'changed', vehicleIds: [vehicleId] });
  return images.map((_, i) => inserted[i]?.id ?? null);
}

/**
 * Inside a caller's vehicle write: removes photo rows and renumbers what is left. Returns the removed rows so the
 * caller deletes their files after the commit (files of a rolled-back removal must stay).
 */
export async function removePhotosInWrite(w: VehicleWrite, vehicleId: number, photoIds: readonly number[]): Promise<PhotoRow[]> {
  if (!photoIds.length) return [];
  const removed = await w.tx.delete(vehiclePhotos).where(and(eq(vehiclePhotos.vehicleId, vehicleId), inArray(vehiclePhotos.id, [...photoIds]))).returning();
  await writeOrder(w.tx, (await photoRows(w.tx, vehicleId)).map((r) => r.id));
  w.events.push({ type: 'changed', vehicleIds: [vehicleId] });
  return removed;
}

/** Deletes the files of removed photo rows that no other row still uses (seeded stock photos are shared). */
export async function deleteUnusedPhotoFiles(ctx: Pick<MediaContext, 'db' | 'storage'>, rows: readonly Pick<PhotoRow, 'storageKey' | 'variants'>[]): Promise<void> {
  for (const r of rows) {
    const [still] = await ctx.db.select({ n: count() }).from(vehiclePhotos).where(eq(vehiclePhotos.storageKey, r.storageKey));
    if (!still?.n) await deleteImage(ctx.storage, r.storageKey, r.variants).catch(() => undefined);
  }
}

/** Renumbers positions 0..n-1 in the given order (0 is the cover). */
async function writeOrder(tx: Tx, ids: number[]) {
  for (const [position, id] of ids.entries()) {
    await tx.update(vehiclePhotos).set({ position }).where(eq(vehiclePhotos.id, id));
  }
}

export async function reorderPhotos(ctx: MediaContext, actor: AuditActor, vehicleId: number, photoIds: number[]): Promise<VehiclePhotos> {
  const result = await ctx.db.transaction(async (tx) => {
    await loadVehicle(tx, vehicleId, true);
    const rows = await photoRows(tx, vehicleId);
    const have = new Set(rows.map((r) => r.id));
    const unknown = photoIds.filter((id) => !have.has(id));
    if (unknown.length) throw badRequest(`Photo ${unknown.join(', ')} does not belong to vehicle ${vehicleId}`, { photoIds: 'contains a photo of another vehicle' });
    if (photoIds.length !== rows.length) {
      throw badRequest(`photoIds must list all ${rows.length} photos of the vehicle (got ${photoIds.length})`, { photoIds: 'must list every photo of the vehicle' });
    }
    await writeOrder(tx, photoIds);
    await recordAudit(tx, actor, {
      action: 'vehicle.photos_reorder', entityType: 'vehicle', entityId: vehicleId, summary: 'Reordered photos',
      before: { order: rows.map((r) => r.id) }, after: { order: photoIds },
    });
    return photosOf(ctx, tx, vehicleId);
  });
  await ctx.vehicles.changedBeside([vehicleId]);
  return result;
}

async function loadPhoto(tx: Tx, vehicleId: number, photoId: number) {
  const [row] = await tx.select().from(vehiclePhotos).where(and(eq(vehiclePhotos.id, photoId), eq(vehiclePhotos.vehicleId, vehicleId)));
  if (!row) throw notFound(`Photo ${photoId} of vehicle ${vehicleId} not found`);
  return row;
}

export async function setCover(ctx: MediaContext, actor: AuditActor, vehicleId: number, photoId: number): Promise<VehiclePhotos> {
  const result = await ctx.db.transaction(async (tx) => {
    await loadVehicle(tx, vehicleId, true);
    const photo = await loadPhoto(tx, vehicleId, photoId);
    const rows = await photoRows(tx, vehicleId);
    const previous = rows[0]!;
    await writeOrder(tx, [photoId, ...rows.map((r) => r.id).filter((id) => id !== photoId)]);
    await recordAudit(tx, actor, {
      action: 'vehicle.photos_cover', entityType: 'vehicle', entityId: vehicleId, summary: `Cover photo set to photo ${photoId}`,
      before: { cover: previous.id }, after: { cover: photo.id },
    });
    return photosOf(ctx, tx, vehicleId);
  });
  await ctx.vehicles.changedBeside([vehicleId]);
  return result;
}

export async function setAlt(ctx: MediaContext, actor: AuditActor, vehicleId: number, photoId: number, alt: string): Promise<VehiclePhotos> {
  const result = await ctx.db.transaction(async (tx) => {
    await loadVehicle(tx, vehicleId, true);
    const photo = await loadPhoto(tx, vehicleId, photoId);
    await tx.update(vehiclePhotos).set({ alt }).where(eq(vehiclePhotos.id, photoId));
    await recordAudit(tx, actor, {
      action: 'vehicle.photos_alt', entityType: 'vehicle', entityId: vehicleId, summary: `Alt text of photo ${photoId} changed`,
      before: { id: photoId, alt: photo.alt }, after: { id: photoId, alt },
    });
    return photosOf(ctx, tx, vehicleId);
  });
  await ctx.vehicles.changedBeside([vehicleId]);
  return result;
}

export async function deletePhoto(ctx: MediaContext, actor: AuditActor, vehicleId: number, photoId: number, step?: PhotoChangeStep): Promise<VehiclePhotos> {
  const { result, removed, stillUsed } = await ctx.vehicles.transaction(actor, async (w) => {
    const { tx } = w;
    await loadVehicle(tx, vehicleId, true);
    const photo = await loadPhoto(tx, vehicleId, photoId);
    await tx.delete(vehiclePhotos).where(eq(vehiclePhotos.id, photoId));
    const rest = await photoRows(tx, vehicleId);
    await writeOrder(tx, rest.map((r) => r.id));
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(vehiclePhotos).where(eq(vehiclePhotos.storageKey, photo.storageKey));
    await recordAudit(tx, actor, {
      action: 'vehicle.photos_delete', entityType: 'vehicle', entityId: vehicleId, summary: `Deleted photo ${photoId}`,
      before: auditPhoto(photo), after: null,
    });
    await step?.(w);
    return { result: await photosOf(ctx, tx, vehicleId), removed: photo, stillUsed: n > 0 };
  });
  await ctx.vehicles.changedBeside([vehicleId]);
  // After the commit: a failed transaction never loses files. A file left behind by a crash here is only disk space.
  if (!stillUsed) await deleteImage(ctx.storage, removed.storageKey, removed.variants).catch(() => {});
  return result;
}

/**
 * The media service as the app holds it (server/services.ts): the image manager's reads and changes, and the one
 * upload flow with the app's storage given (a blog cover, a vehicle's photos).
 */
export function mediaService(deps: Deps) {
  const ctx = mediaContextOf(deps);
  return {
    ...bindFirst(ctx, { listMediaVehicles, getVehiclePhotos, addPhotos, reorderPhotos, setCover, setAlt, deletePhoto }),
    acceptPhotoUploads: <T>(files: AsyncIterable<IncomingPhoto>, upload: Omit<PhotoUpload<T>, 'storage'>) =>
      acceptPhotoUploads(files, { ...upload, storage: deps.storage }),
  };
}
