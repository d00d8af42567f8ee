// The conditions a seller or a trade-in is described by, and what each means, without domain/appraisal.ts's zod
// schemas: the deal worksheet's trade-in on every dealer vehicle page offers them, and that page must not load zod
// before an interaction (PERFORMANCE.md). appraisal.ts re-exports them.
export const VEHICLE_CONDITIONS = ['excellent', 'good', 'fair', 'poor'] as const;
export type VehicleCondition = (typeof VEHICLE_CONDITIONS)[number];
export const CONDITION_LABELS: Record<VehicleCondition, { label: string; description: string }> = {
  excellent: { label: 'Excellent', description: 'Like new: no dents, scratches or warning lights; full service history.' },
  good: { label: 'Good', description: 'Normal wear: minor scratches, tires and brakes with life left, no mechanical issues.' },
  fair: { label: 'Fair', description: 'Visible wear or a few repairs needed; runs and drives.' },
  poor: { label: 'Poor', description: 'Major repairs needed, accident damage, or it does not run well.' },
};
