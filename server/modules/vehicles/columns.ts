// The vehicle columns other modules read (issue 31 §3: one owner per table, and one place for its column lists).
// A module names the columns it needs, `vehicleColumns('id', 'year', 'make', 'model', 'trim')`, instead of writing
// `year: vehicles.year, …` itself, so a renamed or retyped column is changed here and found by the compiler
// everywhere it is read. Only modules/vehicles writes the table (commands.ts); reading through this is the rule for
// everyone else, held by server/modules/table-owners.unit.test.ts.
import { vehicles } from '../../db/schema';

type VehicleColumnName = keyof typeof vehicles.$inferSelect;

/** The named columns of `vehicles`, as a select object: `db.select({ ...vehicleColumns('id', 'price'), n: … })`. */
export function vehicleColumns<K extends VehicleColumnName>(...names: K[]): { [P in K]: (typeof vehicles)[P] } {
  return Object.fromEntries(names.map((name) => [name, vehicles[name]])) as { [P in K]: (typeof vehicles)[P] };
}

/** What names a vehicle in a message or a list: "2021 Ford F-150 XLT" (domain/vehicle-title.ts). */
export const VEHICLE_TITLE_COLUMNS = ['year', 'make', 'model', 'trim'] as const;

/** The vehicle of a lead as the dealer's CRM receives it (ADF 1.0 <vehicle>, CSV export). */
export const LEAD_VEHICLE_COLUMNS = [...VEHICLE_TITLE_COLUMNS, 'vin', 'stockNumber', 'mileage', 'price', 'condition'] as const;
