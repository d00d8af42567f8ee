// How a vendor's export becomes our inventory (issue 54 §1), on the feed's page: how the file is read (encoding,
// delimiter, miles), what each value of its closed-list columns becomes (a dealer id → a store, "U" → used), what a
// row lacks (defaults), and the first rows as they will be published, each value marked where it came from.
import { useId } from 'react';
import { AlertTriangle, ArrowRight, CheckCircle2 } from 'lucide-react';
import {
  CLOSED_FIELDS, DELIMITER_LABELS, FEED_DELIMITERS, FEED_ENCODINGS, TRANSLATION_CHOICES, type ClosedField, type FeedDefaults, type FeedDelimiter,
  type FeedEncoding, type FeedTranslations, type OdometerUnit, type SettableField,
} from '@domain/feed-reading';
import { FEED_FIELD_LABELS, type FeedField, type FeedPreview } from '@domain/inventory-feeds';
import { Badge } from '@/components/ui/badge';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { TableScroll } from '@/components/ui/table-scroll';

export interface ReadingDraft {
  encoding: FeedEncoding;
  delimiter: FeedDelimiter;
  odometerUnit: OdometerUnit | null;
  defaults: FeedDefaults;
  translations: FeedTranslations;
}

const ENCODING_LABELS: Record<FeedEncoding, string> = { auto: 'Detect', 'utf-8': 'UTF-8', 'windows-1252': 'Windows-1252 (most Windows DMSs)' };
const DETECTED_ENCODING: Record<FeedPreview['encoding'], string> = { 'utf-8': 'UTF-8', 'utf-16le': 'UTF-16', 'utf-16be': 'UTF-16', 'windows-1252': 'Windows-1252' };

export function ReadingSettings({ draft, onChange, preview, errors }: { draft: ReadingDraft; onChange: (d: Partial<ReadingDraft>) => void; preview: FeedPreview | null; errors: Record<string, string> }) {
  const id = useId();
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <FormField id={`${id}-enc`} label="Text encoding" hint={preview && draft.encoding === 'auto' ? `Detected: ${DETECTED_ENCODING[preview.encoding]}` : 'Accents wrong ("Nacr�")? Choose Windows-1252.'} error={errors.encoding}>
        {(p) => (
          <Select {...p} value={draft.encoding} onChange={(e) => onChange({ encoding: e.target.value as FeedEncoding })}>
            {FEED_ENCODINGS.map((e) => <option key={e} value={e}>{ENCODING_LABELS[e]}</option>)}
          </Select>
        )}
      </FormField>
      <FormField id={`${id}-delim`} label="Columns separated by" hint={preview && draft.delimiter === 'auto' ? `Detected: ${DELIMITER_LABELS[preview.delimiter].toLowerCase()}` : 'Many DMS ".txt" exports use tabs.'} error={errors.delimiter}>
        {(p) => (
          <Select {...p} value={draft.delimiter} onChange={(e) => onChange({ delimiter: e.target.value as FeedDelimiter })}>
            {FEED_DELIMITERS.map((d) => <option key={d} value={d}>{DELIMITER_LABELS[d]}</option>)}
          </Select>
        )}
      </FormField>
      <FormField id={`${id}-unit`} label="Odometer unit" hint={preview && draft.odometerUnit === null ? `Read as ${preview.odometerUnit === 'mi' ? 'miles (from the column name), converted to km' : 'kilometres'}` : 'Miles are converted to kilometres.'} error={errors.odometerUnit}>
        {(p) => (
          <Select {...p} value={draft.odometerUnit ?? ''} onChange={(e) => onChange({ odometerUnit: (e.target.value || null) as OdometerUnit | null })}>
            <option value="">From the column name, else km</option>
            <option value="km">Kilometres</option>
            <option value="mi">Miles</option>
          </Select>
        )}
      </FormField>
    </div>
  );
}

const CHOICE_LABEL = (field: ClosedField, v: string) => (field === 'condition' && v === 'certified' ? 'certified pre-owned (used)' : v);

/** Each value of the file's closed-list columns, what it becomes, and a choice to translate it. */
export function ValueTranslations({ preview, translations, onChange, errors }: { preview: FeedPreview; translations: FeedTranslations; onChange: (t: FeedTranslations) => void; errors: Record<string, string> }) {
  const id = useId();
  const fields = CLOSED_FIELDS.filter((f) => preview.values.some((v) => v.field === f));
  if (!fields.length) return null;
  const set = (field: ClosedField, value: string, to: string) => {
    const table = { ...translations[field] };
    if (to) table[value] = to; else delete table[value];
    onChange({ ...translations, [field]: table });
  };
  const unknown = preview.values.filter((v) => v.becomes === null).length;
  return (
    <section aria-labelledby={`${id}-values`} className="flex flex-col gap-2">
      <h3 id={`${id}-values`} className="font-bold">Values in the file</h3>
      <p className="text-sm text-muted-foreground">
        Every value of these columns in the whole file, and what it becomes on the site. Choose what your DMS's own codes mean (a dealer id, “U”, “CPO”).
        {unknown > 0 && <strong className="ml-1 text-destructive">{unknown} {unknown === 1 ? 'value is' : 'values are'} not recognised yet.</strong>}
      </p>
      {/* A list, not a table: on a phone each value and its choice stack, with nothing to scroll sideways. */}
      <div className="rounded-lg border border-border">
        <div aria-hidden className="hidden grid-cols-[10rem_minmax(0,1fr)_4rem_16rem] gap-3 bg-muted/60 px-3 py-2 text-sm font-semibold sm:grid">
          <span>Field</span><span>In the file</span><span className="text-right">Rows</span><span>Becomes</span>
        </div>
        <ul className="divide-y divide-border text-sm" aria-label="Values in the file">
          {fields.flatMap((field) => preview.values.filter((v) => v.field === field).map((v) => {
            const chosen = Object.entries(translations[field] ?? {}).find(([from]) => from.trim().toLowerCase() === v.value.trim().toLowerCase())?.[1] ?? '';
            const selectId = `${id}-${field}-${v.value}`;
            const error = errors[`translations.${field}.${v.value}`];
            const unknownValue = v.becomes === null && !chosen;
            return (
              <li key={`${field}:${v.value}`} className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-2 px-3 py-2 sm:grid-cols-[10rem_minmax(0,1fr)_4rem_16rem]">
                <span className="text-muted-foreground sm:text-foreground">{FEED_FIELD_LABELS[field]}</span>
                <span className="col-start-1 font-mono break-all sm:col-start-auto">{v.value}</span>
                <span className="col-start-2 row-start-1 text-right text-muted-foreground tabular-nums sm:col-start-auto sm:row-start-auto sm:text-foreground">{v.rows.toLocaleString('en-CA')} {v.rows === 1 ? 'row' : 'rows'}</span>
                <div className="col-span-2 flex items-center gap-2 sm:col-span-1">
                  <label htmlFor={selectId} className="sr-only">{`${FEED_FIELD_LABELS[field]} “${v.value}” becomes`}</label>
                  <Select id={selectId} className="min-w-0 flex-1" value={chosen} onChange={(e) => set(field, v.value, e.target.value)} aria-invalid={unknownValue ? true : undefined}>
                    <option value="">{v.becomes === null ? 'Not recognised: choose' : `As read: ${CHOICE_LABEL(field, v.becomes)}`}</option>
                    {TRANSLATION_CHOICES[field].map((c) => <option key={c} value={c}>{CHOICE_LABEL(field, c)}</option>)}
                  </Select>
                  {unknownValue
                    ? <AlertTriangle className="size-4 shrink-0 text-destructive" aria-label="Not recognised" />
                    : <CheckCircle2 className="size-4 shrink-0 text-success" aria-hidden />}
                </div>
                {error && <p className="col-span-full text-xs text-destructive">{error}</p>}
              </li>
            );
          }))}
        </ul>
      </div>
    </section>
  );
}

const DEFAULT_FIELDS = ['location', 'condition'] as const satisfies readonly SettableField[];

/** What every row of a single store's export lacks: its store, usually its condition. */
export function FeedDefaultsEditor({ defaults, onChange, errors }: { defaults: FeedDefaults; onChange: (d: FeedDefaults) => void; errors: Record<string, string> }) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-defaults`} className="flex flex-col gap-2">
      <h3 id={`${id}-defaults`} className="font-bold">When a row does not say</h3>
      <p className="text-sm text-muted-foreground">Used for a row whose cell is blank, or a file without the column (one store's export often names no store).</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {DEFAULT_FIELDS.map((field) => (
          <FormField key={field} id={`${id}-${field}`} label={`Default ${FEED_FIELD_LABELS[field].toLowerCase()}`} error={errors[`defaults.${field}`]}>
            {(p) => (
              <Select {...p} value={defaults[field] ?? ''} onChange={(e) => onChange({ ...defaults, [field]: e.target.value || undefined })}>
                <option value="">No default: the row must say</option>
                {TRANSLATION_CHOICES[field].map((c) => <option key={c} value={c}>{CHOICE_LABEL(field, c)}</option>)}
              </Select>
            )}
          </FormField>
        ))}
      </div>
    </section>
  );
}

const SHOWN: FeedField[] = ['location', 'condition', 'price', 'odometer_km', 'body_style', 'transmission', 'fuel_type', 'drivetrain', 'engine', 'exterior_color', 'features'];
const SOURCE_NOTE = { translated: 'translated', default: 'default', decoded: 'from the VIN', feed: null } as const;

/** The first rows as a run would publish them, each value marked where it did not come straight from the file. */
export function TranslatedRows({ preview }: { preview: FeedPreview }) {
  if (!preview.translated.length) return null;
  return (
    <section aria-label="The first rows as they will be published" className="flex flex-col gap-2">
      <h3 className="font-bold">The first rows as they will be published</h3>
      <TableScroll tabIndex={0} role="region" aria-label="The first rows after translation" className="rounded-lg border border-border">
        <table className="w-full text-left text-sm" data-testid="translated-rows">
          <caption className="sr-only">The first rows after translations, defaults, units and the VIN decoder</caption>
          <thead className="bg-muted/60">
            <tr>
              <th scope="col" className="px-3 py-2 whitespace-nowrap">Line</th>
              <th scope="col" className="px-3 py-2 whitespace-nowrap">Vehicle</th>
              {SHOWN.map((f) => <th key={f} scope="col" className="px-3 py-2 whitespace-nowrap">{FEED_FIELD_LABELS[f]}</th>)}
              <th scope="col" className="px-3 py-2">Problems</th>
            </tr>
          </thead>
          <tbody>
            {preview.translated.map((r) => (
              <tr key={r.line} className="border-t border-border align-top">
                <td className="px-3 py-2 tabular-nums">{r.line}</td>
                <td className="px-3 py-2 whitespace-nowrap"><span className="font-mono">{r.values.stock_number}</span> {[r.values.year, r.values.make, r.values.model, r.values.trim].filter(Boolean).join(' ')}</td>
                {SHOWN.map((f) => {
                  const note = r.sources[f] ? SOURCE_NOTE[r.sources[f]!] : null;
                  return (
                    <td key={f} className="max-w-56 px-3 py-2">
                      <span className={f === 'features' ? 'line-clamp-2' : 'whitespace-nowrap'}>{r.values[f] ?? <span className="text-muted-foreground">—</span>}</span>
                      {note && <Badge variant="outline" className="ml-1 align-middle font-normal">{note === 'translated' ? <ArrowRight aria-hidden /> : null}{note}</Badge>}
                    </td>
                  );
                })}
                <td className="px-3 py-2 text-destructive">{r.errors.length ? <ul className="list-disc pl-4">{r.errors.map((e) => <li key={e}>{e}</li>)}</ul> : <span className="text-success">Ready</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {preview.ignoredColumns.length > 0 && (
        <ul className="text-sm text-muted-foreground">
          {preview.ignoredColumns.map((c) => <li key={c.header}><span className="font-mono">{c.header}</span>: {c.reason}.</li>)}
        </ul>
      )}
      {preview.warnings.length > 0 && (
        <ul className="text-sm text-muted-foreground" aria-label="Lines to look at">
          {preview.warnings.slice(0, 5).map((w, i) => <li key={i}><AlertTriangle className="mr-1 inline size-4 text-destructive" aria-hidden />{w.line ? `Line ${w.line}: ` : ''}{w.message}</li>)}
        </ul>
      )}
    </section>
  );
}
