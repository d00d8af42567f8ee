// Fast import and VIN import (admin issue): a list of VINs decoded offline and sorted into new vehicles, vehicles
// already in inventory, repeats and unusable VINs; then the admin's completed rows are created in one transaction.
// VIN import saves them as 'pending' (in the back office, not in search) for review; fast import publishes them.
import type { DecodedRow, ImportResult } from '@domain/imports';
import { issuesOf } from '@domain/imports';
import { vehicleInputSchema, type VehicleValues } from '@domain/vehicle-input';
import { vinInputSchema } from '@domain/vin-decode';
import { normalizeVin } from '@domain/vin';
import type { Db } from '../../db/client';
import { AppError, badRequest, conflict } from '../../errors';
import type { VinDecoder } from '../vin/decoder';
import { findExisting, titleOf, writeImport, type PlannedRow, type WriteContext } from './service';

export async function decodeVinList(db: Db, decoder: VinDecoder, raw: string[]): Promise<DecodedRow[]> {
  const vins = raw.map(normalizeVin);
  const { byVin } = await findExisting(db, [...new Set(vins.filter((v) => v.length === 17))], []);
  const firstAt = new Map<string, number>();
  const rows: DecodedRow[] = [];
  for (const [i, vin] of vins.entries()) {
    const shape = vinInputSchema.safeParse(vin);
    if (!shape.success) {
      rows.push({ vin, state: 'invalid', message: shape.error.issues[0]!.message, vehicleId: null, decoded: null });
      continue;
    }
    const earlier = firstAt.get(vin);
    if (earlier !== undefined) {
      rows.push({ vin, state: 'duplicate', message: `Repeats entry ${earlier + 1} of the list`, vehicleId: null, decoded: null });
      continue;
    }
    firstAt.set(vin, i);
    const existing = byVin.get(vin);
    if (existing) {
      rows.push({ vin, state: 'in-inventory', message: `Already in inventory: ${titleOf(existing)} (stock ${existing.stockNumber})`, vehicleId: existing.id, decoded: null });
      continue;
    }
    const decoded = await decoder.decode(vin);
    rows.push({ vin, state: 'new', message: decoded.valid ? null : 'Not in the NHTSA vPIC data: enter the details by hand', vehicleId: null, decoded });
  }
  return rows;
}

/** Creates the reviewed vehicles, all or none: any row failing the form's schema or naming a stored VIN refuses the lot. */
export async function publishVehicles(ctx: WriteContext, source: 'fast-import' | 'vin-import', items: unknown[]): Promise<ImportResult> {
  const fields: Record<string, string> = {};
  const values: VehicleValues[] = [];
  items.forEach((item, i) => {
    const parsed = vehicleInputSchema.safeParse(item);
    if (parsed.success) values.push(parsed.data);
    else fields[`vehicles.${i}`] = issuesOf(parsed.error).join('; ');
  });
  const bad = Object.entries(fields);
  if (bad.length) {
    const [key, msg] = bad[0]!;
    throw badRequest(`${bad.length} of ${items.length} vehicles are incomplete, so none was created (row ${Number(key.split('.')[1]) + 1}: ${msg})`, fields);
  }
  const seenVin = new Set<string>();
  const seenStock = new Set<string>();
  for (const v of values) {
    if (seenVin.has(v.vin)) throw badRequest(`The VIN ${v.vin} is in the list twice`);
    seenVin.add(v.vin);
    if (v.stockNumber) {
      if (seenStock.has(v.stockNumber)) throw badRequest(`Stock number ${v.stockNumber} is in the list twice`);
      seenStock.add(v.stockNumber);
    }
  }
  const { byVin, byStock } = await findExisting(ctx.db, [...seenVin], [...seenStock]);
  const taken = [...byVin.keys()].map((vin) => `VIN ${vin}`).concat([...byStock.keys()].filter((s) => seenStock.has(s)).map((s) => `stock number ${s}`));
  if (taken.length) throw conflict(`Already in inventory, so nothing was created: ${taken.slice(0, 5).join(', ')}${taken.length > 5 ? '…' : ''}`);
  if (source === 'vin-import' && values.some((v) => v.status !== 'pending')) {
    throw new AppError(400, 'validation_failed', 'VIN import saves vehicles as pending (not listed) for review; publish them from the inventory');
  }

  const rows: PlannedRow[] = values.map((v, i) => ({
    line: i + 1, action: 'create', vin: v.vin, stockNumber: v.stockNumber, title: titleOf(v), price: v.price, mileage: v.mileage,
    vehicleId: null, errors: [], warnings: [], values: v,
  }));
  const verb = source === 'fast-import' ? 'Published' : 'Saved for review';
  const summary = `${verb} ${rows.length} vehicle${rows.length === 1 ? '' : 's'} from ${source === 'fast-import' ? 'fast import' : 'VIN import'}`;
  const { created } = await writeImport(ctx, rows, { action: `import.${source === 'fast-import' ? 'fast' : 'vin'}`, summary, source: { kind: source } });
  return { message: summary, created: created.length, updated: 0, skipped: 0, vehicleIds: created };
}
