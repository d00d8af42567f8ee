// /admin/bulk-import and /bulk-import (admin issue, "Bulk import"): upload a CSV (or start from the template), map
// any columns we did not recognise, review every row (errors, and what will be created or updated), then import in
// one transaction, with a progress bar, either all or nothing or only the valid rows.
import { useId, useMemo, useRef, useState, type DragEvent } from 'react';
import { Link } from '@/components/link';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, Download, FileUp, LoaderCircle, RotateCcw } from 'lucide-react';
import {
  IMPORT_FIELD_LABELS, IMPORT_FIELDS, IMPORT_MAX_BYTES, type ColumnMapping, type CsvPreview, type ImportMode, type ImportResult,
} from '@domain/imports';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatKm, formatNumber, formatPrice } from '@/lib/format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { commitCsv } from '../api/commit-csv';
import { TEMPLATE_URL } from '../api/get-import-template';
import { previewCsv } from '../api/preview-csv';
import { ImportProgress } from '../components/import-progress';
import { TableScroll } from '@/components/ui/table-scroll';
import { ConfirmDialog } from '@/components/confirm-dialog';

/** Rendering thousands of table rows at once would freeze a tablet; errors are always listed first. */
const ROWS_SHOWN = 300;

interface Upload { name: string; csv: string }

export default function BulkImportPage() {
  const qc = useQueryClient();
  const [upload, setUpload] = useState<Upload | null>(null);
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<'preview' | 'commit' | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [mode, setMode] = useState<ImportMode>('valid-only');
  // Issue 33 §4: rows with a warning (a VIN whose check digit is wrong) are imported only after the admin confirms.
  const [confirmWarned, setConfirmWarned] = useState(false);
  const warnedToImport = preview ? preview.rows.filter((r) => r.action !== 'error' && r.warnings.length > 0).length : 0;
  const [result, setResult] = useState<ImportResult | null>(null);

  const runPreview = async (u: Upload, m?: ColumnMapping) => {
    setBusy('preview');
    setProblem(null);
    try {
      const p = await previewCsv({ csv: u.csv, fileName: u.name, ...(m ? { mapping: m } : {}) });
      setPreview(p);
      setMapping(p.mapping);
    } catch (e) {
      setPreview(null);
      setProblem(errorMessage(e, 'The file could not be read. Please try again.'));
    } finally {
      setBusy(null);
    }
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setResult(null);
    setPreview(null);
    if (file.size === 0) return setProblem(`${file.name} is empty (0 bytes): choose the exported CSV file`);
    if (file.size > IMPORT_MAX_BYTES) return setProblem(`${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB; the limit is ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Split it into smaller files`);
    const u = { name: file.name, csv: await file.text() };
    setUpload(u);
    await runPreview(u);
  };

  const commit = async () => {
    if (!upload || !preview) return;
    setBusy('commit');
    setProblem(null);
    setProgress({ done: 0, total: mode === 'valid-only' ? preview.counts.valid : preview.counts.total });
    try {
      const r = await commitCsv({ csv: upload.csv, fileName: upload.name, mapping: preview.mapping, mode, token: preview.token }, (done, total) => setProgress({ done, total }));
      setResult(r);
      setPreview(null);
      await qc.invalidateQueries({ queryKey: ['/api/vehicles'] });
      toast({ title: 'Import complete', description: r.message, variant: 'success' });
    } catch (e) {
      setProblem(errorMessage(e, 'The import failed and nothing was imported.'));
    } finally {
      setBusy(null);
      setProgress(null);
    }
  };

  const reset = () => { setUpload(null); setPreview(null); setResult(null); setProblem(null); setMapping({}); };

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8">
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Bulk import</h1>
          <p className="mt-1 max-w-2xl text-muted-foreground">
            Add or update many vehicles from a CSV file, such as your dealer-management system&apos;s export. Vehicles are matched by VIN, then stock number:
            a match is updated, anything else is created. Nothing is saved until you confirm the preview.
          </p>
        </div>
        <Button asChild variant="outline">
          <a href={TEMPLATE_URL} download><Download aria-hidden /> Download the CSV template</a>
        </Button>
      </header>

      {problem && (
        <div role="alert" className="mb-6 flex gap-3 rounded-xl border border-destructive/40 bg-destructive/10 p-4">
          <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-destructive" />
          <p className="font-medium">{problem}</p>
        </div>
      )}

      {result ? (
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2"><CircleCheck aria-hidden className="size-6 text-success" /> Import complete</CardTitle>
            <CardDescription>{result.message}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-wrap gap-3">
            <Button asChild><Link to="/admin/inventory">Open the inventory</Link></Button>
            <Button variant="outline" onClick={reset}><RotateCcw aria-hidden /> Import another file</Button>
          </CardContent>
        </Card>
      ) : (
        <>
          <UploadZone onFile={(f) => void onFile(f)} fileName={upload?.name} busy={busy === 'preview'} />
          {preview && upload && (
            <>
              <MappingStep
                preview={preview}
                mapping={mapping}
                onChange={setMapping}
                onApply={() => void runPreview(upload, mapping)}
                busy={busy !== null}
              />
              <PreviewStep preview={preview} />
              <Card className="mt-6">
                <CardHeader>
                  <CardTitle>Import</CardTitle>
                  <CardDescription>Everything is written in one transaction: if anything fails, nothing is imported.</CardDescription>
                </CardHeader>
                <CardContent className="grid gap-4">
                  <fieldset className="grid gap-2" disabled={busy !== null}>
                    <legend className="mb-1 text-sm font-semibold">When some rows have errors</legend>
                    <label className="flex items-start gap-2">
                      <input type="radio" name="mode" className="mt-1 size-4" checked={mode === 'valid-only'} onChange={() => setMode('valid-only')} />
                      <span>Import the valid rows and skip the rows with errors{preview.counts.invalid > 0 && ` (${formatNumber(preview.counts.invalid)} skipped)`}</span>
                    </label>
                    <label className="flex items-start gap-2">
                      <input type="radio" name="mode" className="mt-1 size-4" checked={mode === 'all-or-nothing'} onChange={() => setMode('all-or-nothing')} />
                      <span>All or nothing: import only if every row is valid</span>
                    </label>
                  </fieldset>
                  {progress && <ImportProgress done={progress.done} total={progress.total} />}
                  <div className="flex flex-wrap gap-3">
                    <Button
                      onClick={() => { if (warnedToImport > 0) setConfirmWarned(true); else void commit(); }}
                      disabled={busy !== null || preview.counts.valid === 0 || (mode === 'all-or-nothing' && preview.counts.invalid > 0)}
                    >
                      {busy === 'commit' && <LoaderCircle aria-hidden className="animate-spin" />}
                      Import {formatNumber(mode === 'valid-only' ? preview.counts.valid : preview.counts.total)} {(mode === 'valid-only' ? preview.counts.valid : preview.counts.total) === 1 ? 'vehicle' : 'vehicles'}
                    </Button>
                    <Button variant="outline" onClick={reset} disabled={busy !== null}>Start over</Button>
                  </div>
                  {confirmWarned && (
                    <ConfirmDialog
                      open
                      onOpenChange={(o) => { if (!o) setConfirmWarned(false); }}
                      title="Import VINs that fail their check?"
                      description={`${formatNumber(warnedToImport)} ${warnedToImport === 1 ? 'row has a VIN' : 'rows have VINs'} whose check digit is wrong (see the warnings in the preview). A wrong check digit usually means a typo, and the vehicle page would tell shoppers the VIN may be mistyped. Grey imports and some older vehicles fail the check with a correct VIN: import anyway if you have checked them.`}
                      confirmLabel="Import anyway"
                      onConfirm={() => { setConfirmWarned(false); void commit(); }}
                    />
                  )}
                  {mode === 'all-or-nothing' && preview.counts.invalid > 0 && (
                    <p className="text-sm text-muted-foreground">Fix the {formatNumber(preview.counts.invalid)} {preview.counts.invalid === 1 ? 'row' : 'rows'} with errors and upload the file again, or import only the valid rows.</p>
                  )}
                </CardContent>
              </Card>
            </>
          )}
        </>
      )}
    </div>
  );
}

function UploadZone({ onFile, fileName, busy }: { onFile: (f: File | undefined) => void; fileName: string | undefined; busy: boolean }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    onFile(e.dataTransfer.files[0]);
  };
  return (
    <div
      onDragOver={(e) => { e.preventDefault(); setOver(true); }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      className={cn('rounded-2xl border-2 border-dashed bg-card p-6 text-center', over ? 'border-primary bg-primary/5' : 'border-border')}
    >
      <FileUp aria-hidden className="mx-auto size-8 text-muted-foreground" />
      <label htmlFor={id} className="mt-2 block font-semibold">CSV file</label>
      <p className="text-sm text-muted-foreground">Drop it here or choose it. Up to {IMPORT_MAX_BYTES / 1024 / 1024} MB, one vehicle per row, a header row first.</p>
      <input
        ref={input}
        id={id}
        type="file"
        accept=".csv,text/csv,.txt"
        className="mx-auto mt-3 block max-w-full text-sm file:mr-3 file:h-10 file:cursor-pointer file:rounded-md file:border-0 file:bg-primary file:px-4 file:font-semibold file:text-primary-foreground"
        onChange={(e) => { onFile(e.target.files?.[0]); e.target.value = ''; }}
        disabled={busy}
      />
      {busy && <p className="mt-3 inline-flex items-center gap-2 text-sm" role="status"><LoaderCircle aria-hidden className="size-4 animate-spin" /> Reading {fileName}…</p>}
      {!busy && fileName && <p className="mt-3 text-sm text-muted-foreground">Loaded: <span className="font-medium text-foreground">{fileName}</span></p>}
    </div>
  );
}

function MappingStep({ preview, mapping, onChange, onApply, busy }: {
  preview: CsvPreview; mapping: ColumnMapping; onChange: (m: ColumnMapping) => void; onApply: () => void; busy: boolean;
}) {
  const changed = preview.headers.some((h) => (mapping[h] ?? '') !== (preview.mapping[h] ?? ''));
  const needsAttention = preview.unmappedHeaders.length > 0 || preview.missingFields.length > 0;
  return (
    <details className="group mt-6 rounded-xl border border-border bg-card shadow-sm" open={needsAttention}>
      <summary className="flex cursor-pointer list-none flex-wrap items-center justify-between gap-2 p-5">
        <span className="text-xl font-bold tracking-tight">Columns</span>
        <span className="text-sm text-muted-foreground">
          {preview.headers.length - preview.unmappedHeaders.length} of {preview.headers.length} columns matched
          {preview.unmappedHeaders.length > 0 && `; ${preview.unmappedHeaders.length} ignored unless you map them`}
        </span>
      </summary>
      <div className="grid gap-4 px-5 pb-5">
        {preview.missingFields.length > 0 && (
          <p className="rounded-lg bg-accent/15 p-3 text-sm">
            No column gives <strong>{preview.missingFields.map((f) => IMPORT_FIELD_LABELS[f]).join(', ')}</strong>. New vehicles need them;
            updates of vehicles already in inventory keep their stored values.
          </p>
        )}
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {preview.headers.map((h, i) => (
            <div key={h} className="grid gap-1">
              <label htmlFor={`map-${i}`} className="truncate text-sm font-medium" title={h}>
                {h}
                {!preview.mapping[h] && <Badge variant="outline" className="ml-2">not recognised</Badge>}
              </label>
              <Select id={`map-${i}`} value={mapping[h] ?? ''} onChange={(e) => onChange({ ...mapping, [h]: e.target.value as ColumnMapping[string] })}>
                <option value="">Ignore this column</option>
                {IMPORT_FIELDS.map((f) => <option key={f} value={f}>{IMPORT_FIELD_LABELS[f]}</option>)}
              </Select>
            </div>
          ))}
        </div>
        <div>
          <Button variant="secondary" onClick={onApply} disabled={busy || !changed}>Apply the mapping and check again</Button>
        </div>
      </div>
    </details>
  );
}

function PreviewStep({ preview }: { preview: CsvPreview }) {
  const [onlyErrors, setOnlyErrors] = useState(false);
  const rows = useMemo(() => {
    const sorted = [...preview.rows].sort((a, b) => Number(b.action === 'error') - Number(a.action === 'error') || Number(b.warnings.length > 0) - Number(a.warnings.length > 0) || a.line - b.line);
    return onlyErrors ? sorted.filter((r) => r.action === 'error') : sorted;
  }, [preview.rows, onlyErrors]);
  const { counts } = preview;
  return (
    <section aria-labelledby="preview-title" className="mt-6 rounded-xl border border-border bg-card shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3 p-5">
        <h2 id="preview-title" className="text-xl font-bold tracking-tight">Preview</h2>
        <p className="flex flex-wrap gap-2 text-sm" aria-label="Summary">
          <Badge variant="outline">{formatNumber(counts.total)} rows</Badge>
          <Badge variant="success">{formatNumber(counts.create)} to create</Badge>
          <Badge variant="secondary">{formatNumber(counts.update)} to update</Badge>
          {counts.invalid > 0 && <Badge variant="destructive">{formatNumber(counts.invalid)} with errors</Badge>}
          {counts.warned > 0 && <Badge variant="outline" className="border-amber-500 text-amber-900 dark:text-amber-100">{formatNumber(counts.warned)} to check</Badge>}
        </p>
      </div>
      {counts.invalid > 0 && (
        <label className="flex items-center gap-2 px-5 pb-3 text-sm">
          <input type="checkbox" className="size-4" checked={onlyErrors} onChange={(e) => setOnlyErrors(e.target.checked)} />
          Show only rows with errors
        </label>
      )}
      <TableScroll>
        <table className="w-full text-sm">
          <caption className="sr-only">Rows of the file and what the import will do with each</caption>
          <thead className="border-y border-border bg-muted/50 text-left">
            <tr>
              <th scope="col" className="px-3 py-2">Line</th>
              <th scope="col" className="px-3 py-2">Result</th>
              <th scope="col" className="px-3 py-2">Vehicle</th>
              <th scope="col" className="px-3 py-2">VIN</th>
              <th scope="col" className="px-3 py-2">Stock</th>
              <th scope="col" className="px-3 py-2 text-right">Price</th>
              <th scope="col" className="px-3 py-2 text-right">Kilometres</th>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, ROWS_SHOWN).map((r) => (
              <tr key={r.line} className={cn('border-b border-border align-top', r.action === 'error' && 'bg-destructive/5')}>
                <td className="px-3 py-2 tabular-nums">{r.line}</td>
                <td className="px-3 py-2">
                  {r.action === 'create' && <Badge variant="success">Create</Badge>}
                  {r.action === 'update' && <Badge variant="secondary">Update</Badge>}
                  {r.action === 'error' && <Badge variant="destructive">Error</Badge>}
                  {r.warnings.length > 0 && <Badge variant="outline" className="mt-1 border-amber-500 text-amber-900 dark:text-amber-100">Check VIN</Badge>}
                </td>
                <td className="px-3 py-2">
                  {r.title || <span className="text-muted-foreground">—</span>}
                  {r.errors.length > 0 && (
                    <ul className="mt-1 list-disc pl-4 text-destructive dark:text-red-300">
                      {r.errors.map((e) => <li key={e}>{e}</li>)}
                    </ul>
                  )}
                  {r.warnings.length > 0 && (
                    <ul className="mt-1 list-disc pl-4 text-amber-800 dark:text-amber-200" aria-label="Warnings">
                      {r.warnings.map((w) => <li key={w}>Warning: {w}</li>)}
                    </ul>
                  )}
                </td>
                <td className="px-3 py-2 font-mono text-xs">{r.vin || '—'}</td>
                <td className="px-3 py-2">{r.stockNumber ?? <span className="text-muted-foreground">assigned on import</span>}</td>
                <td className="px-3 py-2 text-right tabular-nums">{r.price === null ? '—' : formatPrice(r.price)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{r.mileage === null ? '—' : formatKm(r.mileage)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {rows.length > ROWS_SHOWN && (
        <p className="p-4 text-sm text-muted-foreground">Showing {ROWS_SHOWN} of {formatNumber(rows.length)} rows (rows with errors first). Every row is imported as previewed.</p>
      )}
    </section>
  );
}
