// The vehicle page's deal worksheet, with AMVIC's used-sale disclosures inside it (issue 34 §5): one module, so the
// page loads and hydrates both as one part when the shopper comes near it (lazyOnView, issue 35 §1-2).
import type { VehicleDetail } from '@domain/vehicle';
import { AmvicDisclosures } from '@/components/amvic-disclosures';
import { DealWorksheet } from './deal-worksheet';

export function VehicleDealWorksheet({ vehicle }: { vehicle: VehicleDetail }) {
  return <DealWorksheet vehicle={vehicle} usedSaleDisclosures={<AmvicDisclosures vehicle={vehicle} headingLevel="h3" testId="worksheet-amvic-disclosures" folded />} />;
}
