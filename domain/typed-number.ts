// Numbers as people type them (issue 33 §2): "21,500", "$21,500", "98,000 km", "21 500", "7.99%". Every form where a
// number is typed reads it through this one parser, as the pre-approval form already did; the schema behind the form
// then judges the number (whole, in range) and names the field when it is not one.

/**
 * The number in what a person typed: blank is undefined (the field was left empty); a thousands separator (comma or
 * space), a leading "$" and a trailing "km", "kms", "%" or "CAD" are allowed; anything else is NaN, which a form's
 * schema reports as "must be a number".
 */
export function parseTypedNumber(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  if (v === null || v === undefined) return undefined;
  const s = String(v).trim();
  if (s === '') return undefined;
  const t = s
    .replace(/^\$\s*/, '')
    .replace(/\s*(km|kms|%|cad)\.?$/i, '')
    .replace(/^\$\s*/, '');
  // Separators only between groups of three digits: "21,500" and "1 250 000", not "2,15" or "1,2,3".
  if (!/^-?\d{1,3}([,\s\u00a0\u202f]\d{3})*(\.\d+)?$/.test(t) && !/^-?\d+(\.\d+)?$/.test(t)) return Number.NaN;
  return Number(t.replace(/[,\s\u00a0\u202f]/g, ''));
}

/** The same, with blank as null (an optional field left empty). */
export const parseTypedNumberOrNull = (v: unknown): number | null => parseTypedNumber(v) ?? null;
