// Real-looking VINs for the demo lot (ISO 3779 / 49 CFR 565 layout):
//   1-3 WMI of the make's plant country, 4-8 descriptor of the model, 9 check digit,
//   10 model-year code, 11 plant, 12-17 serial.
// Staff paste these into decoders while testing; a structurally valid VIN keeps that honest.
import { withCheckDigit } from '../../../domain/vin';
import type { ModelSpec } from './catalog';
import type { Rng } from './prng';

// Position 10 cycles every 30 years through letters and digits, skipping I, O, Q, U, Z and 0.
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/** The model-year character (position 10): 2010 = A, 2013 = D, 2018 = J, 2024 = R, 2026 = T, 2027 = V. */
export function modelYearCode(year: number): string {
  const index = (((year - 2010) % 30) + 30) % 30;
  return YEAR_CODES[index]!;
}

const SERIAL_DIGITS = '0123456789';

export class VinFactory {
  private readonly used = new Set<string>();

  constructor(private readonly rng: Rng) {}

  /** A VIN unique within this factory for the given model and year, with a correct check digit. */
  next(model: ModelSpec, year: number): string {
    const { wmi, vds, plants } = model.vin;
    for (;;) {
      let serial = '';
      for (let i = 0; i < 6; i++) serial += SERIAL_DIGITS[this.rng.int(0, 9)];
      const draft = this.rng.pick(wmi) + this.rng.pick(vds) + '0' + modelYearCode(year) + plants[this.rng.int(0, plants.length - 1)] + serial;
      const vin = withCheckDigit(draft);
      if (!this.used.has(vin)) {
        this.used.add(vin);
        return vin;
      }
    }
  }
}
