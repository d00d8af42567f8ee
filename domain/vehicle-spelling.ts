// One spelling for what people type many ways (issue 54 §1): lists written in one cell, makes in capitals or with a
// nickname, features in any case. Used by every intake that reads text (the CSV import and the DMS feeds), so the
// listing's filters offer "RAM" once, and "Heated Seats,Remote Start" as two features.

/**
 * A DMS writes options as "Heated Seats,Remote Start,Apple CarPlay", with ";" or "|", or one per line. Commas inside
 * brackets stay ("Power Seats (8-way, driver)"). Trimmed, empty parts dropped, repeats (any case) dropped.
 */
export function splitListCell(cell: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of cell) {
    if (ch === '(' || ch === '[') depth += 1;
    if ((ch === ')' || ch === ']') && depth > 0) depth -= 1;
    if (depth === 0 && /[,;|\n\r]/.test(ch)) { parts.push(current); current = ''; continue; }
    current += ch;
  }
  parts.push(current);
  const seen = new Set<string>();
  const out: string[] = [];
  for (const p of parts) {
    const item = p.replace(/\s+/g, ' ').trim();
    const key = item.toLowerCase();
    if (!item || seen.has(key)) continue;
    seen.add(key);
    out.push(item);
  }
  return out;
}

/**
 * The makes sold in Canada as their makers and Canadian listing sites (AutoTrader.ca, vPIC) spell them. RAM is
 * written as vPIC and the demo lot write it. Other spellings people type map here ("VW", "Chevy", "Mercedes").
 */
const MAKES = [
  'Acura', 'Alfa Romeo', 'Aston Martin', 'Audi', 'Bentley', 'BMW', 'Buick', 'Cadillac', 'Chevrolet', 'Chrysler', 'Dodge', 'Ferrari',
  'Fiat', 'Ford', 'Genesis', 'GMC', 'Harley-Davidson', 'Honda', 'Hummer', 'Hyundai', 'Infiniti', 'Jaguar', 'Jeep', 'Kia', 'Lamborghini',
  'Land Rover', 'Lexus', 'Lincoln', 'Lotus', 'Lucid', 'Maserati', 'Mazda', 'McLaren', 'Mercedes-Benz', 'MINI', 'Mitsubishi', 'Nissan',
  'Polestar', 'Pontiac', 'Porsche', 'RAM', 'Rivian', 'Rolls-Royce', 'Saab', 'Saturn', 'Scion', 'Smart', 'Subaru', 'Suzuki', 'Tesla',
  'Toyota', 'VinFast', 'Volkswagen', 'Volvo',
];
const MAKE_ALIASES: Record<string, string> = {
  vw: 'Volkswagen', chevy: 'Chevrolet', mercedes: 'Mercedes-Benz', mercedesbenz: 'Mercedes-Benz', landrover: 'Land Rover',
  alfa: 'Alfa Romeo', rangerover: 'Land Rover', mini: 'MINI', minicooper: 'MINI', rolls: 'Rolls-Royce', harley: 'Harley-Davidson',
};
const MAKE_INDEX = new Map<string, string>([
  ...MAKES.map((m) => [m.toLowerCase().replace(/[^a-z0-9]/g, ''), m] as const),
  ...Object.entries(MAKE_ALIASES),
]);

/** Words written all in capitals or all in lower case, as people write them ("HEATED SEATS" → "Heated Seats"). */
function titleCase(s: string): string {
  if (s !== s.toUpperCase() && s !== s.toLowerCase()) return s; // "Apple CarPlay" is already someone's spelling
  return s.toLowerCase().replace(/(^|[\s\-/(])([a-z])/g, (_, p: string, c: string) => p + c.toUpperCase());
}

/** One spelling per make: "RAM", "Ram" and "ram" are one make in the filter. */
export function canonicalMake(raw: string): string {
  const s = raw.replace(/\s+/g, ' ').trim();
  const known = MAKE_INDEX.get(s.toLowerCase().replace(/[^a-z0-9]/g, ''));
  if (known) return known;
  // An unknown make keeps short capitals (an acronym) and is otherwise title-cased.
  return /^[A-Z0-9]{1,3}$/.test(s) ? s : titleCase(s);
}

/**
 * One spelling per feature across the lot: a spelling already in the inventory wins (any case), else capitals-only
 * or lower-case text is title-cased ("REMOTE START" → "Remote Start"); acronyms of up to four letters stay.
 */
export function canonicalFeature(raw: string, known?: ReadonlyMap<string, string>): string {
  const s = raw.replace(/\s+/g, ' ').trim();
  const have = known?.get(s.toLowerCase());
  if (have) return have;
  if (/^[A-Z0-9]{1,4}$/.test(s)) return s;
  return titleCase(s);
}
