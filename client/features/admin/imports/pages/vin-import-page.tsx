// /admin/vin-import (admin issue, "VIN import"): a list of VINs — typed, pasted, scanned with a barcode reader, or read
// from a .txt/.csv file — decoded offline into draft vehicles for review. Invalid VINs, repeats and VINs already in
// inventory are reported. Reviewed drafts are saved as 'pending': in the back office, not in search, until an admin
// marks them available. Unsaved drafts stay in this browser, so a reload on the lot loses nothing.
import { useEffect, useMemo, useState } from 'react';
import { Link } from '@/components/link';
import { FileText, LoaderCircle, Save, ScanLine } from 'lucide-react';
import { LOCATIONS, type Location } from '@domain/constants';
import { DECODE_MAX_VINS, type DecodedRow } from '@domain/imports';
import { errorMessage } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { decodeVins } from '../api/decode-vins';
import { usePublishVehicles } from '../api/publish-vehicles';
import { DecodeReport, DraftsSection, draftErrors, draftFrom, toInput, type Draft } from '../components/draft-vehicles';
import { parseVinList } from '../parse-lines';

const DRAFTS_KEY = 'admin-vin-import-drafts';

function loadDrafts(): Draft[] {
  try {
    const raw = localStorage.getItem(DRAFTS_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? (parsed as Draft[]).filter((d) => d && typeof d.vin === 'string') : [];
  } catch {
    return [];
  }
}

export default function VinImportPage() {
  const [text, setText] = useState('');
  const [location, setLocation] = useState<Location>('Edmonton');
  const [decoding, setDecoding] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [report, setReport] = useState<DecodedRow[]>([]);
  const [drafts, setDrafts] = useState<Draft[]>(loadDrafts);
  const [saved, setSaved] = useState<string | null>(null);
  const publish = usePublishVehicles();
  const errors = useMemo(() => drafts.map(draftErrors), [drafts]);
  const ready = drafts.length > 0 && errors.every((e) => e.length === 0);

  useEffect(() => {
    try {
      if (drafts.length) localStorage.setItem(DRAFTS_KEY, JSON.stringify(drafts));
      else localStorage.removeItem(DRAFTS_KEY);
    } catch { /* storage full or disabled: drafts live for this visit only */ }
  }, [drafts]);

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size === 0) return setProblem(`${file.name} is empty`);
    if (file.size > 1024 * 1024) return setProblem(`${file.name} is larger than 1 MB: a VIN list is much smaller`);
    const content = await file.text();
    if (content.includes('\u0000')) return setProblem(`${file.name} is not a text file: choose a .txt or .csv list of VINs`);
    setText((t) => [t.trim(), parseVinList(content).join('\n')].filter(Boolean).join('\n'));
    setProblem(null);
  };

  const decode = async () => {
    setProblem(null);
    setSaved(null);
    const vins = parseVinList(text);
    if (!vins.length) return setProblem('Type, paste or load at least one VIN');
    if (vins.length > DECODE_MAX_VINS) return setProblem(`At most ${DECODE_MAX_VINS} VINs at a time (you have ${vins.length})`);
    setDecoding(true);
    try {
      const { rows } = await decodeVins(vins);
      // A VIN already among the drafts is a repeat too.
      const have = new Set(drafts.map((d) => d.vin));
      const marked = rows.map((r): DecodedRow => (r.state === 'new' && have.has(r.vin) ? { ...r, state: 'duplicate', message: 'Already among the drafts below', decoded: null } : r));
      setReport(marked);
      setDrafts((all) => [...all, ...marked.filter((r) => r.state === 'new').map((r) => draftFrom(r, { location }))]);
      setText('');
    } catch (e) {
      setProblem(errorMessage(e, 'The VINs could not be decoded. Please try again.'));
    } finally {
      setDecoding(false);
    }
  };

  const save = async () => {
    setProblem(null);
    try {
      const r = await publish.mutateAsync({ source: 'vin-import', vehicles: drafts.map((d) => toInput(d, 'pending')) });
      setSaved(r.message);
      setDrafts([]);
      setReport([]);
      toast({ title: 'Saved for review', description: r.message, variant: 'success' });
    } catch (e) {
      setProblem(errorMessage(e, 'Nothing was saved. Please try again.'));
    }
  };

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8">
      <header className="mb-6">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">VIN import</h1>
        <p className="mt-1 max-w-2xl text-muted-foreground">
          Turn a list of VINs into draft vehicles. Each VIN is decoded offline; complete the price, kilometres and colour,
          then save them as <strong>pending</strong>: they wait in the inventory, out of search, until you mark them available.
        </p>
      </header>

      {saved && (
        <p role="status" className="mb-6 rounded-xl border border-success/40 bg-success-soft p-4 font-medium text-success-soft-foreground">
          {saved}. <Link to="/admin/inventory" className="underline">Review them in the inventory</Link>
        </p>
      )}
      {problem && <p role="alert" className="mb-6 rounded-xl border border-destructive/40 bg-destructive/10 p-4 font-medium">{problem}</p>}

      <div className="grid gap-4 rounded-xl border border-border bg-card p-4 shadow-sm">
        <div className="grid gap-1.5">
          <Label htmlFor="vin-list">VINs</Label>
          <textarea
            id="vin-list"
            value={text}
            onChange={(e) => setText(e.target.value)}
            rows={6}
            spellCheck={false}
            autoCapitalize="characters"
            placeholder={'One VIN per line (a barcode scanner adds one per scan)\n1FTFW1E53MFA00001\n2T3P1RFV5LW000000'}
            className="w-full rounded-md border border-input bg-card p-3 font-mono text-sm focus-visible:outline-2 focus-visible:outline-ring"
          />
        </div>
        <div className="flex flex-wrap items-end gap-4">
          {/* max-w-full and min-w-0: the file picker shrinks to a phone's width instead of widening the page (issue 21). */}
          <div className="grid max-w-full gap-1.5">
            <Label htmlFor="vin-file">Or load a .txt or .csv file</Label>
            <div className="flex items-center gap-2">
              <FileText aria-hidden className="size-4 shrink-0 text-muted-foreground" />
              <input id="vin-file" type="file" accept=".txt,.csv,text/plain,text/csv" className="min-w-0 flex-1 text-sm" onChange={(e) => { void readFile(e.target.files?.[0]); e.target.value = ''; }} />
            </div>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="vin-location">Location</Label>
            <Select id="vin-location" value={location} onChange={(e) => setLocation(e.target.value as Location)}>
              {LOCATIONS.map((l) => <option key={l} value={l}>{l}</option>)}
            </Select>
          </div>
          <Button onClick={() => void decode()} disabled={decoding}>
            {decoding ? <LoaderCircle aria-hidden className="animate-spin" /> : <ScanLine aria-hidden />} Decode VINs
          </Button>
        </div>
      </div>

      <DecodeReport rows={report} />

      <DraftsSection
        heading={<>Drafts ({errors.filter((e) => !e.length).length} of {drafts.length} complete)</>}
        actions={(
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setDrafts([])}>Discard all drafts</Button>
            <Button onClick={() => void save()} disabled={!ready || publish.isPending}>
              {publish.isPending ? <LoaderCircle aria-hidden className="animate-spin" /> : <Save aria-hidden />}
              Save {drafts.length} as pending
            </Button>
          </div>
        )}
        drafts={drafts}
        errors={errors}
        onDraftsChange={setDrafts}
      />
    </div>
  );
}
