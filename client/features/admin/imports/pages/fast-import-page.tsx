// /admin/fast-import (admin issue, "Fast import"): paste or type one vehicle per line — VIN, price, kilometres and
// an optional stock number — decode them all offline, fill in what a VIN cannot tell (colour), and publish every
// vehicle in one action (one transaction: all are listed, or none).
import { useMemo, useState } from 'react';
import { Link } from '@/components/link';
import { LoaderCircle, ScanLine, Send } from 'lucide-react';
import { DECODE_MAX_VINS, type DecodedRow } from '@domain/imports';
import { LOCATIONS, TRANSMISSIONS, type Location } from '@domain/constants';
import { errorMessage } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { decodeVins } from '../api/decode-vins';
import { usePublishVehicles } from '../api/publish-vehicles';
import { DecodeReport, DraftsSection, draftErrors, draftFrom, toInput, type Draft } from '../components/draft-vehicles';
import { parseLines } from '../parse-lines';

export default function FastImportPage() {
  const [text, setText] = useState('');
  const [location, setLocation] = useState<Location>('Edmonton');
  const [transmission, setTransmission] = useState<string>('Automatic');
  const [decoding, setDecoding] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [report, setReport] = useState<DecodedRow[]>([]);
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const [published, setPublished] = useState<string | null>(null);
  const publish = usePublishVehicles();
  const errors = useMemo(() => drafts.map(draftErrors), [drafts]);
  const ready = drafts.length > 0 && errors.every((e) => e.length === 0);

  const decode = async () => {
    const lines = parseLines(text);
    setProblem(null);
    setPublished(null);
    if (!lines.length) return setProblem('Type or paste at least one line: VIN, price, kilometres');
    if (lines.length > DECODE_MAX_VINS) return setProblem(`At most ${DECODE_MAX_VINS} vehicles at a time (you have ${lines.length})`);
    setDecoding(true);
    try {
      const { rows } = await decodeVins(lines.map((l) => l.vin));
      setReport(rows);
      setDrafts(rows.flatMap((r, i) => (r.state === 'new' ? [draftFrom(r, { ...lines[i]!, location, transmission })] : [])));
    } catch (e) {
      setProblem(errorMessage(e, 'The VINs could not be decoded. Please try again.'));
    } finally {
      setDecoding(false);
    }
  };

  const submit = async () => {
    setProblem(null);
    try {
      const r = await publish.mutateAsync({ source: 'fast-import', vehicles: drafts.map((d) => toInput(d, 'available')) });
      setPublished(r.message);
      setDrafts([]);
      setReport([]);
      setText('');
      toast({ title: 'Published', description: r.message, variant: 'success' });
    } catch (e) {
      setProblem(errorMessage(e, 'Nothing was published. Please try again.'));
    }
  };

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8">
      <header className="mb-6">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Fast import</h1>
        <p className="mt-1 max-w-2xl text-muted-foreground">
          One vehicle per line: VIN, price and kilometres, and a stock number if you have one. Each VIN is decoded offline
          (year, make, model, trim, body, fuel, engine); add the colour, check the details, and publish them all at once.
        </p>
      </header>

      {published && (
        <p role="status" className="mb-6 rounded-xl border border-success/40 bg-success-soft p-4 font-medium text-success-soft-foreground">
          {published}. <Link to="/admin/inventory" className="underline">Open the inventory</Link>
        </p>
      )}
      {problem && <p role="alert" className="mb-6 rounded-xl border border-destructive/40 bg-destructive/10 p-4 font-medium">{problem}</p>}

      <div className="grid gap-4 rounded-xl border border-border bg-card p-4 shadow-sm">
        <div className="grid gap-1.5">
          <Label htmlFor="fast-lines">Vehicle lines</Label>
          <textarea
            id="fast-lines"
            value={text}
            onChange={(e) => setText(e.target.value)}
            rows={6}
            spellCheck={false}
            placeholder={'1FTFW1E53MFA00001, 41995, 48200, E24999\n2T3P1RFV5LW000000\t31995\t54000'}
            className="w-full rounded-md border border-input bg-card p-3 font-mono text-sm focus-visible:outline-2 focus-visible:outline-ring"
            aria-describedby="fast-lines-hint"
          />
          <p id="fast-lines-hint" className="text-xs text-muted-foreground">Separate fields with commas, tabs (paste from a spreadsheet) or spaces. Up to {DECODE_MAX_VINS} lines.</p>
        </div>
        <div className="flex flex-wrap items-end gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor="fast-location">Location</Label>
            <Select id="fast-location" value={location} onChange={(e) => setLocation(e.target.value as Location)}>
              {LOCATIONS.map((l) => <option key={l} value={l}>{l}</option>)}
            </Select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="fast-transmission">Transmission when the VIN does not say</Label>
            <Select id="fast-transmission" value={transmission} onChange={(e) => setTransmission(e.target.value)}>
              <option value="">Choose per vehicle</option>
              {TRANSMISSIONS.map((t) => <option key={t} value={t}>{t}</option>)}
            </Select>
          </div>
          <Button onClick={() => void decode()} disabled={decoding}>
            {decoding ? <LoaderCircle aria-hidden className="animate-spin" /> : <ScanLine aria-hidden />} Decode
          </Button>
        </div>
      </div>

      <DecodeReport rows={report} />

      <DraftsSection
        heading={<>Ready to publish ({errors.filter((e) => !e.length).length} of {drafts.length})</>}
        actions={(
          <Button onClick={() => void submit()} disabled={!ready || publish.isPending}>
            {publish.isPending ? <LoaderCircle aria-hidden className="animate-spin" /> : <Send aria-hidden />}
            Publish {drafts.length} vehicle{drafts.length === 1 ? '' : 's'}
          </Button>
        )}
        drafts={drafts}
        errors={errors}
        onDraftsChange={setDrafts}
      />
    </div>
  );
}
