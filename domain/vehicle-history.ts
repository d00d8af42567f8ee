// Recalls and history on the vehicle page (issue 19 "Recalls and history"): where a shopper checks what the dealership
// has not, and what the dealership's own data does and does not say. DESIGN.md "Claims come from data": nothing here
// asserts a clean history; every "recorded" line comes from the vehicle's own fields, everything else is named as
// not checked.
import type { Vehicle } from './vehicle';
import { checkVin } from './vin';
import { formatWholeNumber } from './number-format';

/**
 * Transport Canada's Motor Vehicle Safety Recalls Database, searched by make, model and year (the department's page
 * "Recalls of motor vehicles, tires, and child car seats" links it). Its results page takes parameters, but their
 * names and values (a make code or a make name?) are not documented anywhere we could verify, so the page links the
 * search itself and shows the make, model and year to enter: a wrong deep link would show "no recalls".
 */
export const RECALLS_DATABASE = {
  name: "Transport Canada's Motor Vehicle Safety Recalls Database",
  url: 'https://wwwapps.tc.gc.ca/Saf-Sec-Sur/7/VRDB-BDRV/search-recherche/menu.aspx?lang=eng',
} as const;

/** A vehicle history report by VIN: accidents and damage reported in Canada, registrations, liens. */
export const HISTORY_REPORT = { name: 'CARFAX Canada', url: 'https://www.carfax.ca/' } as const;

export interface HistoryFacts {
  /** What this site records about the vehicle, from its own data. */
  recorded: string[];
  /** What the dealership has not checked, or has not recorded here. */
  notChecked: string[];
}

const km = (n: number) => `${formatWholeNumber(Math.round(n))} km`;

export function historyFacts(v: Pick<Vehicle, 'vin' | 'mileage' | 'condition' | 'sellerType'>): HistoryFacts {
  const vin = checkVin(v.vin);
  const privateSeller = v.sellerType === 'private seller';
  const recorded = [
    vin.ok
      ? `VIN ${v.vin}: its check digit is valid, so it is not mistyped. That says nothing about the vehicle's past.`
      : `VIN ${v.vin}: its check digit does not match, so it may be mistyped. Ask us to confirm it from the vehicle before you order a report.`,
    `Odometer: ${km(v.mileage)}, as ${privateSeller ? 'the seller entered it' : 'recorded when the vehicle was listed'}.`,
  ];
  const notChecked = [
    'Accident, damage and insurance-claim history: not checked here. A vehicle history report covers what was reported.',
    'Liens and past registrations: not checked here. A history report lists those known to it.',
    'Open safety recalls for this VIN: not checked here. Search by make, model and year above, or ask the manufacturer with the VIN.',
    privateSeller
      ? 'Mechanical condition: the dealership has not seen or inspected this vehicle. Have an independent mechanic inspect it.'
      : v.condition === 'used'
        ? 'Mechanical condition: no inspection is recorded on this site. Alberta dealers give you a Mechanical Fitness Assessment with a used vehicle: ask to see it before you buy.'
        : 'Pre-delivery inspection: not recorded on this site. Ask us for the record before you take delivery.',
  ];
  return { recorded, notChecked };
}
