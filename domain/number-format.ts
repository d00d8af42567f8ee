// Whole numbers as en-CA prints them (spec §1: locale en-CA, currency CAD, prices without decimals): the digits in
// groups of three, split by commas, and a leading minus. Written out rather than left to Intl.NumberFormat: a page's
// first Intl call makes the browser build its list of locales (13-23 ms on a desktop, four times that on a mid-range
// phone), and every page prints prices or kilometres as it starts; without Intl, starting the listing or a vehicle
// page never pays for it (issue 35 §2, docs/PERFORMANCE.md "The first Intl call"). number-format.test.ts checks it
// against Intl.NumberFormat('en-CA').

/** 1234567 → "1,234,567"; rounds half away from zero, as Intl does. NaN, the infinities and numbers from 1e21 up
 * come out as String() writes them ("NaN", "Infinity", "1e+21"): no page has one to show. */
export function formatWholeNumber(n: number): string {
  const whole = Math.round(Math.abs(n));
  const digits = String(whole).replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 && whole !== 0 ? `-${digits}` : digits;
}

/** 24995 → "$24,995", -1200 → "-$1,200": Canadian dollars without cents. */
export function formatWholeDollars(n: number): string {
  const number = formatWholeNumber(n);
  return number.startsWith('-') ? `-$${number.slice(1)}` : `$${number}`;
}

/** 507.3 → "$507.30": Canadian dollars to the cent, for a payment a lender would print (the worksheet's figure). */
export function formatDollarsAndCents(n: number): string {
  const cents = Math.round(Math.abs(n) * 100);
  const text = `$${formatWholeNumber(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, '0')}`;
  return n < 0 && cents !== 0 ? `-${text}` : text;
}
