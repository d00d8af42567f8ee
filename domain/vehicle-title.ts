// The one way to name a vehicle, without domain/vehicle.ts's zod schemas, so the shopping pages' entry names
// vehicles without loading zod (PERFORMANCE.md).
/**
 * A vehicle's name everywhere it is shown, said or written: "2021 Ford F-150 XLT", or "2021 Ford F-150" when the
 * trim is unknown or not given. The one way to name a vehicle (issue 16), so pages, mail, notices and the audit log agree.
 */
export const vehicleTitle = (v: { year: number; make: string; model: string; trim?: string | null }, { trim = true } = {}) =>
  `${v.year} ${v.make} ${v.model}${trim && v.trim ? ` ${v.trim}` : ''}`;
