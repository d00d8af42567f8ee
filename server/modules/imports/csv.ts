// Reading an uploaded inventory CSV (admin issue, "Bulk import"): csv-parse does the CSV grammar (quotes, embedded
// newlines, a byte-order mark, comma/semicolon/tab delimiters); this file turns what a person might upload by
// mistake (an empty file, a spreadsheet saved as .xlsx, a header with no rows) into a 400 that says what is wrong.
import { finished } from 'node:stream/promises';
import { parse } from 'csv-parse';
import { IMPORT_MAX_ROWS } from '@domain/imports';
import { badRequest } from '../../errors';
import { yieldToRequests } from '../../lib/yielding';

/**
 * Characters handed to the parser at a time, with a turn of the event loop between (issue 30 §5: a 5,000-row file
 * parsed in one piece held other requests up for about 100 ms). Pieces end at a line break, so no character is cut.
 */
const PARSE_PIECE = 64 * 1024;

export interface ParsedCsv {
  headers: string[];
  /** Each data record keyed by header, with the line it starts on (the header is line 1). */
  records: { line: number; cells: Record<string, string>; width: number }[];
}

/**
 * The delimiter of the header line: European spreadsheets save "CSV" with semicolons, some exports use tabs.
 * One delimiter per file, so a semicolon inside a comma-separated cell stays text.
 */
export function detectDelimiter(text: string): ',' | ';' | '\t' {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0]!.replace(/"[^"]*"/g, '');
  const counts = ([',', ';', '\t'] as const).map((d) => [d, firstLine.split(d).length - 1] as const);
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  return best![1] > 0 ? best![0] : ',';
}

/** `delimiter`: the file's own (a DMS feed's setting or its detection); otherwise detected from the header line. */
export async function parseCsv(text: string, opts: { delimiter?: string } = {}): Promise<ParsedCsv> {
  if (text.trim() === '') throw badRequest('The file is empty: upload a CSV with a header row and one vehicle per row');
  // Spreadsheets (.xlsx, .numbers) and images are zip or binary containers; they carry NUL bytes, text never does.
  if (text.includes('\u0000')) throw badRequest('This is not a CSV text file (it contains binary data). In your spreadsheet, use "Save as CSV"');
  const rows: { record: string[]; info: { lines: number } }[] = [];
  const parser = parse({
    bom: true,
    delimiter: opts.delimiter ?? detectDelimiter(text),
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
    info: true,
    max_record_size: 64 * 1024,
  });
  parser.on('data', (row: { record: string[]; info: { lines: number } }) => { rows.push(row); });
  const done = finished(parser);
  // Kept from rejecting unobserved while the pieces are written; awaited below.
  done.catch(() => {});
  for (let from = 0; from < text.length && !parser.destroyed;) {
    const cut = text.indexOf('\n', from + PARSE_PIECE);
    const to = cut === -1 ? text.length : cut + 1;
    parser.write(text.slice(from, to));
    from = to;
    await yieldToRequests();
  }
  parser.end();
  try {
    await done;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw badRequest(`The file is not valid CSV: ${message}`);
  }
  const [head, ...data] = rows;
  if (!head) throw badRequest('The file is empty: upload a CSV with a header row and one vehicle per row');
  if (data.length === 0) throw badRequest('The file has a header row but no vehicles below it');
  if (data.length > IMPORT_MAX_ROWS) throw badRequest(`The file has ${data.length.toLocaleString('en-CA')} rows; import at most ${IMPORT_MAX_ROWS.toLocaleString('en-CA')} at a time`);

  // Blank or repeated header cells still need distinct names for the mapping step.
  const seen = new Map<string, number>();
  const headers = head.record.map((h, i) => {
    const base = h.trim() || `Column ${i + 1}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
  if (headers.length < 2) {
    throw badRequest('The file has a single column: save it as comma-separated values (CSV), with one column per field');
  }
  const records = data.map(({ record, info }) => {
    const cells: Record<string, string> = {};
    headers.forEach((h, i) => { cells[h] = record[i] ?? ''; });
    return { line: info.lines, cells, width: record.length };
  });
  return { headers, records };
}
