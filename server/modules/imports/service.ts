// Inventory imports (admin issue, "Bulk import"): plan what a CSV would do (create or update, matched by VIN, then
// stock number; each row checked by the vehicle form's ONE schema), then write the plan as ONE change (one
// transaction, or journalled steps on the embedded database: decision 031), so a failing row or a dying process
// never leaves half an import behind. The preview is stateless: its token is a hash
// of the file and the column mapping, and commit re-plans against the database as it is then, refusing anything
// other than what the admin reviewed.
import { createHash } from 'node:crypto';
import { or, sql } from 'drizzle-orm';
import {
  type ColumnMapping, type CsvPreview, type ImportField, type ImportMode, type ImportResult, type PreviewRow, REQUIRED_FOR_CREATE,
  resolveMapping, rowToInput, vinWarning, type ExistingVehicle,
} from '@domain/imports';
import type { VehicleValues } from '@domain/vehicle-input';
import { normalizeVin } from '@domain/vin';
import type { Db, Tx } from '../../db/client';
import { vehicles } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { recordAudit, type AuditActor } from '../audit/record';
import type { VehicleCommands } from '../vehicles/commands';
import { stockNumberAllocator } from '../vehicles/stock-numbers';
import { pacer, yieldToRequests } from '../../lib/yielding';
import { parseCsv } from './csv';
import type { Deps } from '../../deps';
import type { VinDecoder } from '../vin/decoder';
import { decodeVinList, publishVehicles } from './quick';
import { vehicleColumns } from '../vehicles/columns';

/**
 * Rows per INSERT: well under PostgreSQL's 65,535 bind parameters (about 25 per vehicle), and small enough that
 * one batch on the embedded database (which runs on this thread, and updates the listing's trigram and feature
 * indexes for each row) holds other requests up for tens of milliseconds, not hundreds (issue 30: batches of 100
 * took 200-330 ms on a loaded machine).
 */
const INSERT_BATCH = 25;

export interface PlannedRow extends PreviewRow {
  values?: VehicleValues;
  existing?: ExistingVehicle;
}

export interface ImportPlan {
  token: string;
  headers: string[];
  mapping: ColumnMapping;
  unmappedHeaders: string[];
  missingFields: ImportField[];
  rows: PlannedRow[];
}

const existingColumns = vehicleColumns('id', 'sellerType', 'vin', 'stockNumber', 'year', 'make', 'model', 'trim', 'price', 'originalPrice', 'mileage', 'bodyType', 'condition', 'status', 'transmission', 'engine', 'drivetrain', 'fuelType', 'exteriorColor', 'interiorColor', 'doors', 'seats', 'location', 'description', 'features');

/** The stored vehicles a set of VINs and stock numbers name, indexed both ways. */
export async function findExisting(db: Db | Tx, vins: string[], stockNumbers: string[]) {
  const byVin = new Map<string, ExistingVehicle>();
  const byStock = new Map<string, ExistingVehicle>();
  if (vins.length || stockNumbers.length) {
    // One array parameter each, not a placeholder per value: a 5,000-row file's query was built and sent with
    // 10,000 parameters in one piece (issue 30 §5).
    const conds = [];
    if (vins.length) conds.push(sql`${vehicles.vin} = any(${sql.param(vins)}::text[])`);
    if (stockNumbers.length) conds.push(sql`${vehicles.stockNumber} = any(${sql.param(stockNumbers)}::text[])`);
    const found = await db.select(existingColumns).from(vehicles).where(or(...conds));
    for (const v of found) {
      const e = v as unknown as ExistingVehicle;
      byVin.set(v.vin, e);
      byStock.set(v.stockNumber, e);
    }
  }
  return { byVin, byStock };
}

export const titleOf = (v: { year: number; make: string; model: string; trim?: string | null }) =>
  [v.year, v.make, v.model, v.trim].filter(Boolean).join(' ');

export function previewToken(csv: string, mapping: ColumnMapping): string {
  const ordered = Object.keys(mapping).sort().map((k) => [k, mapping[k]]);
  return createHash('sha256').update(csv).update('\u0000').update(JSON.stringify(ordered)).digest('hex');
}

/** What the CSV would do to the inventory, row by row. */
export async function planCsvImport(db: Db | Tx, csv: string, given?: ColumnMapping): Promise<ImportPlan> {
  const { headers, records } = await parseCsv(csv);
  const unknownGiven = Object.keys(given ?? {}).filter((h) => !headers.includes(h));
  if (unknownGiven.length) throw badRequest(`The mapping names columns the file does not have: ${unknownGiven.slice(0, 5).join(', ')}`);
  const mapping = resolveMapping(headers, given);
  const columnOf = (f: ImportField) => headers.find((h) => mapping[h] === f);
  const vinCol = columnOf('vin');
  const stockCol = columnOf('stockNumber');
  if (!vinCol) {
    throw badRequest('No column holds the VIN: map one of the columns to "vin" (every imported vehicle is matched by its VIN)');
  }
  const mappedFields = new Set(Object.values(mapping).filter(Boolean));
  const missingFields = REQUIRED_FOR_CREATE.filter((f) => !mappedFields.has(f));
  const unmappedHeaders = headers.filter((h) => !mapping[h]);

  const vinOf = (cells: Record<string, string>) => normalizeVin(cells[vinCol] ?? '');
  const stockOf = (cells: Record<string, string>) => (stockCol ? (cells[stockCol] ?? '').trim().toUpperCase() : '');
  const { byVin, byStock } = await findExisting(
    db,
    [...new Set(records.map((r) => vinOf(r.cells)).filter((v) => /^[A-Z0-9]{17}$/.test(v)))],
    [...new Set(records.map((r) => stockOf(r.cells)).filter((s) => s && s.length <= 20))],
  );

  const vinLines = new Map<string, number>();
  const stockLines = new Map<string, number>();
  // Issue 30: checking 5,000 rows with the form's schema takes about a second on this thread; the check gives the
  // event loop back every few milliseconds, so other requests are served meanwhile (the preview, and the commit,
  // which plans the file again).
  const pace = pacer();
  const rows: PlannedRow[] = [];
  for (const { line, cells, width } of records) {
    await pace();
    rows.push(planRow(line, cells, width));
  }
  return { token: previewToken(csv, mapping), headers, mapping, unmappedHeaders, missingFields, rows };

  function planRow(line: number, cells: Record<string, string>, width: number): PlannedRow {
    const vin = vinOf(cells);
    const stock = stockOf(cells);
    const existing = byVin.get(vin) ?? (stock ? byStock.get(stock) : undefined);
    const errors: string[] = [];
    if (width > headers.length) errors.push(`The row has ${width} cells but the header has ${headers.length} columns (a comma inside an unquoted value?)`);
    if (existing?.sellerType === 'private seller') errors.push('This VIN or stock number belongs to a private seller\'s listing, which imports do not change');
    const { values, errors: rowErrors } = errors.length ? { values: undefined, errors: [] } : rowToInput(cells, mapping, existing);
    errors.push(...rowErrors);
    if (values) {
      const vinLine = vinLines.get(values.vin);
      if (vinLine) errors.push(`The VIN ${values.vin} is also on line ${vinLine}`);
      else vinLines.set(values.vin, line);
      if (values.stockNumber) {
        const stockLine = stockLines.get(values.stockNumber);
        const owner = byStock.get(values.stockNumber);
        if (stockLine) errors.push(`Stock number ${values.stockNumber} is also on line ${stockLine}`);
        else stockLines.set(values.stockNumber, line);
        if (owner && owner.id !== existing?.id) errors.push(`Stock number ${values.stockNumber} belongs to another vehicle (VIN ${owner.vin})`);
      }
      const vinOwner = byVin.get(values.vin);
      if (vinOwner && existing && vinOwner.id !== existing.id) errors.push(`The VIN ${values.vin} belongs to another vehicle (stock ${vinOwner.stockNumber})`);
    }
    const ok = values && errors.length === 0;
    const warning = vinWarning(values?.vin ?? vin);
    return {
      line,
      action: ok ? (existing ? 'update' : 'create') : 'error',
      vin: values?.vin ?? vin,
      stockNumber: values?.stockNumber ?? existing?.stockNumber ?? (stock || null),
      title: values ? titleOf(values) : existing ? titleOf(existing) : '',
      price: values?.price ?? null,
      mileage: values?.mileage ?? null,
      vehicleId: existing?.id ?? null,
      errors,
      warnings: warning ? [warning] : [],
      ...(ok ? { values, ...(existing ? { existing } : {}) } : {}),
    };
  }
}

export function toPreview(plan: ImportPlan): CsvPreview {
  const count = (a: PreviewRow['action']) => plan.rows.filter((r) => r.action === a).length;
  const invalid = count('error');
  return {
    token: plan.token,
    headers: plan.headers,
    mapping: plan.mapping,
    unmappedHeaders: plan.unmappedHeaders,
    missingFields: plan.missingFields,
    counts: {
      total: plan.rows.length, valid: plan.rows.length - invalid, invalid, create: count('create'), update: count('update'),
      warned: plan.rows.filter((r) => r.warnings.length > 0).length,
    },
    rows: plan.rows.map(({ values: _v, existing: _e, ...row }) => row),
  };
}

/** Refuses a commit the admin did not review, or one whose mode cannot be honoured; returns the rows to write. */
export function rowsToCommit(plan: ImportPlan, token: string, mode: ImportMode): PlannedRow[] {
  if (plan.token !== token) {
    throw conflict('The file or the column mapping changed since the preview: preview it again before importing');
  }
  const bad = plan.rows.filter((r) => r.action === 'error');
  if (mode === 'all-or-nothing' && bad.length) {
    throw new AppError(422, 'import_has_errors', `${bad.length} of ${plan.rows.length} rows have errors, so nothing was imported (first: line ${bad[0]!.line}: ${bad[0]!.errors[0]}). Fix them, or choose to import only the valid rows`);
  }
  const good = plan.rows.filter((r) => r.action !== 'error');
  if (!good.length) throw new AppError(422, 'import_has_errors', 'No row is valid, so nothing was imported');
  return good;
}

/** An import writes vehicles through the write API (modules/vehicles/commands.ts), as the admin who started it. */
export interface WriteContext { db: Db; actor: AuditActor; vehicles: VehicleCommands }

const rowValues = (v: VehicleValues, stockNumber: string) => ({
  vin: v.vin, stockNumber, year: v.year, make: v.make, model: v.model, trim: v.trim, price: v.price,
  originalPrice: v.originalPrice, mileage: v.mileage, bodyType: v.bodyType, condition: v.condition,
  status: v.status, transmission: v.transmission, engine: v.engine, drivetrain: v.drivetrain, fuelType: v.fuelType,
  exteriorColor: v.exteriorColor, interiorColor: v.interiorColor, doors: v.doors, seats: v.seats, location: v.location,
  description: v.description, features: v.features,
});

/**
 * Writes planned creates and updates as one change (all or nothing): batched inserts and updates through the write
 * API (price history, sale times and events are its), and ONE audit entry for the whole import, so the audit log
 * shows an import as the one act it was rather than a line per row (the rows are not audited one by one). Each
 * batch is a step of VehicleCommands.inSteps: its own short transaction on the embedded database, so other
 * requests are served between batches (issue 30 §5), and one transaction on PostgreSQL (decision 031).
 */
export async function writeImport(
  ctx: WriteContext, rows: PlannedRow[], audit: { action: string; summary: string; source: Record<string, unknown> },
  onProgress: (done: number, total: number) => void = () => {},
): Promise<{ created: number[]; updated: number[] }> {
  const total = rows.length;
  const creates = rows.filter((r) => r.action === 'create' && r.values);
  const updates = rows.filter((r) => r.action === 'update' && r.values && r.existing);
  // Numbers the file names are kept from the numbers handed out to its rows without one.
  const reserved = new Set(rows.map((r) => r.values?.stockNumber).filter((s): s is string => Boolean(s)));
  return ctx.vehicles.inSteps(ctx.actor, audit.action, async (steps) => {
    const created: number[] = [];
    const updated: number[] = [];
    let done = 0;
    for (let i = 0; i < creates.length; i += INSERT_BATCH) {
      const batch = creates.slice(i, i + INSERT_BATCH);
      const inserted = await steps.step(async (w) => {
        // Per step, under the stock-number locks: the numbers earlier steps (or anyone else) stored meanwhile count.
        const allocate = await stockNumberAllocator(w.tx, reserved);
        return w.create(batch.map((r) => rowValues(r.values!, r.values!.stockNumber ?? allocate(r.values!.location))), { audit: false });
      });
      created.push(...inserted.map((v) => v.id));
      done += batch.length;
      // A progress line per 100 rows (and at the end of the new vehicles), a turn of the event loop per batch.
      if (done % 100 === 0 || done === creates.length) onProgress(done, total);
      await yieldToRequests();
    }
    for (let i = 0; i < updates.length; i += INSERT_BATCH) {
      const batch = updates.slice(i, i + INSERT_BATCH);
      await steps.step(async (w) => {
        const locked = await w.lock(batch.map((r) => r.existing!.id));
        const pace = pacer();
        for (const r of batch) {
          const before = locked.find((v) => v.id === r.existing!.id);
          if (!before) throw notFound(`Vehicle ${r.existing!.id} was deleted during the import`);
          const v = r.values!;
          await w.update(before, rowValues(v, v.stockNumber ?? before.stockNumber), { audit: false });
          await pace();
        }
      });
      updated.push(...batch.map((r) => r.existing!.id));
      const was = done;
      done += batch.length;
      if (Math.floor(done / 100) > Math.floor(was / 100) || done === total) onProgress(done, total);
      await yieldToRequests();
    }
    return { created, updated };
  }, async (tx, { created, updated }) => {
    await recordAudit(tx, ctx.actor, {
      action: audit.action,
      entityType: 'import',
      summary: audit.summary,
      after: { ...audit.source, created: created.length, updated: updated.length, createdIds: created, updatedIds: updated },
    });
  });
}

export async function commitCsvImport(
  ctx: WriteContext, plan: ImportPlan, good: PlannedRow[], fileName: string | undefined, mode: ImportMode,
  onProgress?: (done: number, total: number) => void,
): Promise<ImportResult> {
  const skipped = plan.rows.length - good.length;
  const name = fileName || 'CSV file';
  const creates = good.filter((r) => r.action === 'create').length;
  const updates = good.length - creates;
  const summary = `Imported ${name}: ${creates} created, ${updates} updated${skipped ? `, ${skipped} row${skipped === 1 ? '' : 's'} with errors skipped` : ''}`;
  const { created, updated } = await writeImport(ctx, good, {
    action: 'import.commit',
    summary,
    source: { kind: 'csv', fileName: name, mode, rows: plan.rows.length, skippedLines: plan.rows.filter((r) => r.action === 'error').map((r) => r.line) },
  }, onProgress);
  return { message: summary, created: created.length, updated: updated.length, skipped, vehicleIds: [...created, ...updated] };
}

/**
 * The imports service as the app holds it (server/services.ts): the CSV plan and commit, and the fast and VIN
 * imports, which decode with the app's one VIN decoder (vin/service.ts). A write is made as the request's actor.
 */
export function importsService(deps: Deps, vin: { decoder: VinDecoder }) {
  const writeCtx = (actor: AuditActor): WriteContext => ({ db: deps.db, actor, vehicles: deps.vehicleCommands });
  return {
    planCsvImport: (csv: string, given?: ColumnMapping) => planCsvImport(deps.db, csv, given),
    commitCsvImport: (
      actor: AuditActor, plan: ImportPlan, good: PlannedRow[], fileName: string | undefined, mode: ImportMode,
      onProgress?: (done: number, total: number) => void,
    ) => commitCsvImport(writeCtx(actor), plan, good, fileName, mode, onProgress),
    decodeVinList: (raw: string[]) => decodeVinList(deps.db, vin.decoder, raw),
    publishVehicles: (actor: AuditActor, source: 'fast-import' | 'vin-import', items: unknown[]) => publishVehicles(writeCtx(actor), source, items),
  };
}
