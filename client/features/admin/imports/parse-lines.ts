// Text an admin pastes into the fast and VIN imports, read into fields.
import { normalizeHeader } from '@domain/imports';

export interface Line { vin: string; price: string; mileage: string; stockNumber: string }

/**
 * "VIN price km [stock]" separated by tabs (pasted from a spreadsheet), semicolons, spaces or commas. Thousands
 * separators survive when fields are separated by spaces or tabs ("$31,995  54,000 km").
 */
export function parseLines(text: string): Line[] {
  return text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean).map((line) => {
    let parts = line.split(/[\t;]|\s+/).map((p) => p.replace(/^,+|,+$/g, '')).filter(Boolean);
    if (parts.length === 1) parts = line.split(',').map((p) => p.trim()).filter(Boolean);
    parts = parts.filter((p) => !/^(km|kms|kilometres|kilometers)$/i.test(p));
    const [vin = '', price = '', mileage = '', stockNumber = ''] = parts;
    return { vin, price: price.replace(/[$,]/g, ''), mileage: mileage.replace(/[,]|km$/gi, ''), stockNumber };
  });
}

/**
 * VINs from typed or pasted text, or a .txt/.csv file (a barcode scanner types one per line). In a CSV with a header,
 * only the VIN column is read, so prices and other columns are not reported as bad VINs.
 */
export function parseVinList(text: string): string[] {
  const lines = text.split(/\r?\n/).filter((l) => l.trim());
  const header = lines[0]?.split(/[,;\t]/).map((h) => normalizeHeader(h.replace(/"/g, ''))) ?? [];
  const column = header.findIndex((h) => h === 'vin' || h === 'vinnumber');
  if (column >= 0 && header.length > 1) {
    return lines.slice(1).map((l) => (l.split(/[,;\t]/)[column] ?? '').replace(/"/g, '').trim()).filter(Boolean);
  }
  return text.split(/[\s,;"]+/).map((t) => t.trim()).filter((t) => t && !/^vin$/i.test(t));
}
