// Decoded VINs as editable draft vehicles (fast import and VIN import): what the VIN told us is filled in, what
// it cannot tell (price, kilometres, colour, usually the gearbox) is asked for, and each draft is checked with the
// vehicle form's ONE schema before anything is sent.
import type { Dispatch, ReactNode, SetStateAction } from 'react';
import { CircleAlert, Trash2 } from 'lucide-react';
import { BODY_TYPES, DRIVETRAINS, FUEL_TYPES, LOCATIONS, TRANSMISSIONS, type Location } from '@domain/constants';
import { issuesOf, type DecodedRow } from '@domain/imports';
import { vehicleInputSchema, type VehicleInput } from '@domain/vehicle-input';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { parseTypedNumber } from '@domain/typed-number';

export interface Draft {
  vin: string;
  warnings: string[];
  year: string; make: string; model: string; trim: string;
  bodyType: string; fuelType: string; transmission: string; drivetrain: string; engine: string; doors: number | null;
  price: string; mileage: string; exteriorColor: string; stockNumber: string; location: Location;
}

export function draftFrom(row: DecodedRow, extras: Partial<Pick<Draft, 'price' | 'mileage' | 'stockNumber' | 'location' | 'transmission'>> = {}): Draft {
  const d = row.decoded;
  return {
    vin: row.vin,
    warnings: [...(d?.warnings ?? [])],
    year: d?.year ? String(d.year) : '', make: d?.make ?? '', model: d?.model ?? '', trim: d?.trim ?? '',
    bodyType: d?.bodyStyle ?? '', fuelType: d?.fuelType ?? '', drivetrain: d?.drivetrain ?? '', engine: d?.engine ?? '', doors: d?.doors ?? null,
    // The VIN rarely encodes the gearbox: the page's default (shown, and changeable per vehicle) fills it.
    transmission: d?.transmission ?? extras.transmission ?? '',
    price: extras.price ?? '', mileage: extras.mileage ?? '', stockNumber: extras.stockNumber ?? '', exteriorColor: '',
    location: extras.location ?? 'Edmonton',
  };
}

const num = (s: string) => parseTypedNumber(s);

export function toInput(d: Draft, status: 'available' | 'pending'): VehicleInput {
  return {
    vin: d.vin, stockNumber: d.stockNumber || null, year: num(d.year) as number, make: d.make, model: d.model, trim: d.trim || null,
    price: num(d.price) as number, mileage: num(d.mileage) as number, bodyType: d.bodyType as VehicleInput['bodyType'],
    fuelType: d.fuelType as VehicleInput['fuelType'], transmission: d.transmission as VehicleInput['transmission'],
    drivetrain: (d.drivetrain || null) as VehicleInput['drivetrain'], engine: d.engine || null, doors: d.doors,
    exteriorColor: d.exteriorColor, location: d.location, condition: 'used', status,
  };
}

const REQUIRED: [keyof Draft, string][] = [
  ['year', 'Year'], ['make', 'Make'], ['model', 'Model'], ['bodyType', 'Body'], ['fuelType', 'Fuel'], ['transmission', 'Transmission'],
  ['price', 'Price'], ['mileage', 'Kilometres'], ['exteriorColor', 'Exterior colour'],
];

/** What is still missing (by its label), else the form schema's messages; empty when the draft is ready. */
export function draftErrors(d: Draft): string[] {
  const missing = REQUIRED.filter(([k]) => String(d[k] ?? '').trim() === '').map(([, label]) => label);
  if (missing.length) return missing;
  const r = vehicleInputSchema.safeParse(toInput(d, 'available'));
  return r.success ? [] : issuesOf(r.error);
}

function Field({ label, children }: { label: string; children: (id: string) => ReactNode; }) {
  return <div className="grid min-w-0 gap-1"><span className="text-xs font-medium text-muted-foreground">{label}</span>{children(label)}</div>;
}

export function DraftCard({ draft, index, onChange, onRemove, errors }: {
  draft: Draft; index: number; onChange: (d: Draft) => void; onRemove: () => void; errors: string[];
}) {
  const set = <K extends keyof Draft>(k: K) => (v: Draft[K]) => onChange({ ...draft, [k]: v });
  const title = [draft.year, draft.make, draft.model, draft.trim].filter(Boolean).join(' ') || 'Vehicle details needed';
  const text = (k: 'year' | 'make' | 'model' | 'trim' | 'price' | 'mileage' | 'exteriorColor' | 'stockNumber', label: string, extra: { inputMode?: 'numeric'; placeholder?: string } = {}) => (
    <label className="grid min-w-0 gap-1">
      <span className="text-xs font-medium text-muted-foreground">{label}</span>
      <Input value={draft[k]} onChange={(e) => set(k)(e.target.value)} className="h-9" aria-label={`${label}, vehicle ${index + 1}`} {...extra} />
    </label>
  );
  const choice = (k: 'bodyType' | 'fuelType' | 'transmission' | 'drivetrain', label: string, values: readonly string[], optional = false) => (
    <label className="grid min-w-0 gap-1">
      <span className="text-xs font-medium text-muted-foreground">{label}</span>
      <Select value={draft[k]} onChange={(e) => set(k)(e.target.value)} className="h-9" aria-label={`${label}, vehicle ${index + 1}`}>
        <option value="">{optional ? 'Not known' : 'Choose…'}</option>
        {values.map((v) => <option key={v} value={v}>{v}</option>)}
      </Select>
    </label>
  );
  return (
    <li className="rounded-xl border border-border bg-card p-4 shadow-sm" aria-label={`Vehicle ${index + 1}: ${title}`}>
      <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-semibold">{title}</p>
          <p className="font-mono text-xs text-muted-foreground">{draft.vin}{draft.engine && <span className="ml-2 font-sans">{draft.engine}</span>}</p>
        </div>
        <div className="flex items-center gap-2">
          {errors.length === 0 ? <Badge variant="success">Ready</Badge> : <Badge variant="outline">Needs {errors.length} {errors.length === 1 ? 'detail' : 'details'}</Badge>}
          <Button variant="ghost" size="icon-sm" onClick={onRemove} aria-label={`Remove vehicle ${index + 1} (${draft.vin})`}><Trash2 aria-hidden /></Button>
        </div>
      </div>
      {draft.warnings.map((w) => (
        <p key={w} className="mb-2 flex gap-2 rounded-md bg-accent/15 p-2 text-sm"><CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />{w}</p>
      ))}
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6">
        {text('year', 'Year', { inputMode: 'numeric' })}
        {text('make', 'Make')}
        {text('model', 'Model')}
        {text('trim', 'Trim')}
        {choice('bodyType', 'Body', BODY_TYPES)}
        {choice('fuelType', 'Fuel', FUEL_TYPES)}
        {choice('transmission', 'Transmission', TRANSMISSIONS)}
        {choice('drivetrain', 'Drivetrain', DRIVETRAINS, true)}
        {text('price', 'Price ($)', { inputMode: 'numeric' })}
        {text('mileage', 'Kilometres', { inputMode: 'numeric' })}
        {text('exteriorColor', 'Exterior colour')}
        {text('stockNumber', 'Stock # (optional)', { placeholder: 'Assigned' })}
        <Field label="Location">{() => (
          <Select value={draft.location} onChange={(e) => set('location')(e.target.value as Location)} className="h-9" aria-label={`Location, vehicle ${index + 1}`}>
            {LOCATIONS.map((l) => <option key={l} value={l}>{l}</option>)}
          </Select>
        )}</Field>
      </div>
      {errors.length > 0 && <p className="mt-3 text-sm text-muted-foreground">To fill in or correct: {errors.join('; ')}</p>}
    </li>
  );
}

/**
 * The drafts awaiting review, one card each, under a heading with the page's own actions (publish, save as pending).
 * Nothing while there are none.
 */
export function DraftsSection({ heading, actions, drafts, errors, onDraftsChange }: {
  heading: ReactNode; actions: ReactNode; drafts: Draft[]; errors: string[][]; onDraftsChange: Dispatch<SetStateAction<Draft[]>>;
}) {
  if (!drafts.length) return null;
  return (
    <section aria-labelledby="drafts-title" className="mt-6">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="drafts-title" className="text-xl font-bold">{heading}</h2>
        {actions}
      </div>
      <ul className="grid gap-3">
        {drafts.map((d, i) => (
          <DraftCard
            key={d.vin}
            draft={d}
            index={i}
            errors={errors[i] ?? []}
            onChange={(next) => onDraftsChange((all) => all.map((x, j) => (j === i ? next : x)))}
            onRemove={() => onDraftsChange((all) => all.filter((_, j) => j !== i))}
          />
        ))}
      </ul>
    </section>
  );
}

/** The decode report: VINs that did not become drafts, and why. */
export function DecodeReport({ rows }: { rows: DecodedRow[] }) {
  const skipped = rows.filter((r) => r.state !== 'new');
  if (!skipped.length) return null;
  const label = { invalid: 'Invalid', duplicate: 'Repeated', 'in-inventory': 'Already in inventory', new: 'New' } as const;
  return (
    <section aria-labelledby="skipped-title" className="mt-6 rounded-xl border border-border bg-card p-4 shadow-sm">
      <h2 id="skipped-title" className="mb-2 font-bold">Not added ({skipped.length})</h2>
      <ul className="grid gap-1 text-sm">
        {skipped.map((r, i) => (
          <li key={`${r.vin}-${i}`} className="flex flex-wrap items-center gap-2">
            <Badge variant={r.state === 'invalid' ? 'destructive' : 'outline'}>{label[r.state]}</Badge>
            <span className="font-mono">{r.vin || '(empty)'}</span>
            <span className="text-muted-foreground">{r.message}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
