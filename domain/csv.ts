// The one rule for every CSV the site writes (the marketplace export /feeds/inventory.csv, the leads export, the
// import template): RFC 4180 cells with spreadsheet formulas defused (OWASP "CSV injection", issue 56 finding 3).
// Values are no longer all typed in the back office: feeds bring text from outside, and a spreadsheet that opens
// the file runs any cell starting with = + - @ (and a tab or CR before them) as a formula.
//
// The choice: such a cell is prefixed with a single quote, as OWASP advises, so it reads as text. One exception
// keeps ordinary data intact: a cell made only of signs, digits, spaces, dots and parentheses ("-1500",
// "+1 780 555 0100") is left alone; without a letter, a colon or a bracket it can name no function or cell, so
// the worst it can be is arithmetic. Numbers (typeof number) are written as they are.

const FORMULA_START = /^[=+\-@\t\r]/;
const SIGNED_NUMBER_OR_PHONE = /^[+-][\d\s().+-]*$/;

/** A text value as a spreadsheet will read it as text: a leading formula character gets a single quote before it. */
export function defuseFormula(value: string): string {
  return FORMULA_START.test(value) && !SIGNED_NUMBER_OR_PHONE.test(value) ? `'${value}` : value;
}

/** One RFC 4180 cell: text defused, then quoted when it holds a comma, a quote or a line break. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const s = defuseFormula(value);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
