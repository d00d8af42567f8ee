// The compare toggle's action, shared by the cards and the vehicle page: a full comparison (spec §9: 3 vehicles)
// lets its oldest pick go to make room (spec §4), and the shopper is told which one, not left to notice.
import { COMPARE_MAX } from '@domain/constants';
import type { Vehicle } from '@domain/vehicle';
import { vehicleTitle } from '@domain/vehicle-title';
import { toggleCompareVehicle } from '@/lib/compare';
import { toast } from '@/components/ui/use-toast';

export function toggleCompareWithNotice(vehicle: Vehicle) {
  const { dropped } = toggleCompareVehicle(vehicle);
  if (dropped.length === 0) return;
  const names = dropped.map((v) => vehicleTitle(v, { trim: false })).join(' and ');
  toast({
    title: `You can compare up to ${COMPARE_MAX} vehicles`,
    description: `${names} ${dropped.length === 1 ? 'was' : 'were'} taken out of the comparison to make room for ${vehicleTitle(vehicle, { trim: false })}.`,
  });
}
