// ISO 3779 / 49 CFR 565 VIN check digit. Letters I, O and Q never appear in a VIN.
const TRANSLIT: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;

export function normalizeVin(raw: string): string {
  return raw.trim().toUpperCase();
}

/** The check digit (position 9) a VIN should carry, or null when a character is not allowed. */
export function computeVinCheckDigit(vin: string): string | null {
  const v = normalizeVin(vin);
  if (v.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const ch = v[i]!;
    const value = /[0-9]/.test(ch) ? Number(ch) : TRANSLIT[ch];
    if (value === undefined) return null;
    sum += value * WEIGHTS[i]!;
  }
  const rem = sum % 11;
  return rem === 10 ? 'X' : String(rem);
}

export type VinCheck =
  | { ok: true; vin: string }
  | { ok: false; vin: string; reason: 'length' | 'characters' | 'check-digit'; message: string };

export function checkVin(raw: string): VinCheck {
  const vin = normalizeVin(raw);
  if (vin.length !== 17) return { ok: false, vin, reason: 'length', message: 'A VIN has exactly 17 characters' };
  if (!VIN_PATTERN.test(vin)) {
    return { ok: false, vin, reason: 'characters', message: 'A VIN uses only digits and capital letters other than I, O and Q' };
  }
  const expected = computeVinCheckDigit(vin);
  if (vin[8] !== expected) {
    return { ok: false, vin, reason: 'check-digit', message: `Check digit (9th character) should be ${expected}` };
  }
  return { ok: true, vin };
}

/** Replace position 9 with the correct check digit (used by the seed and tests). */
export function withCheckDigit(vin17: string): string {
  const v = normalizeVin(vin17);
  const digit = computeVinCheckDigit(v.slice(0, 8) + '0' + v.slice(9));
  if (digit === null) throw new Error(`Not a VIN: ${vin17}`);
  return v.slice(0, 8) + digit + v.slice(9);
}
