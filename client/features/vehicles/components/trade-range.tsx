// The trade-in's value from the trade appraiser's range (issue 34 §1): the shopper describes their vehicle, the
// server answers the same range an appraisal gives (POST /api/trade-estimates, no lead), and the worksheet takes the
// low end, the figure a dealer can stand behind before an inspection.
import { useId, useState } from 'react';
import type { Estimate } from '@domain/appraisal';
import { CONDITION_LABELS, VEHICLE_CONDITIONS, type VehicleCondition } from '@domain/appraisal-conditions';
import { parseTypedNumber } from '@domain/typed-number';
import { errorMessage } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { useTradeEstimate } from '../api/deal-worksheet';

const dollars = (n: number) => n.toLocaleString('en-CA', { style: 'currency', currency: 'CAD', maximumFractionDigits: 0 });

export function TradeRange({ onRange }: {
  /**
   * The range found (null: no comparable vehicles), with the vehicle's description for the worksheet and the
   * server's proof of the low end (sent back with the quote, so the server labels the value the appraiser's).
   */
  onRange: (estimate: Estimate, description: string, proof: string | null) => void;
}) {
  const uid = useId();
  const id = (k: string) => `${uid}-${k}`;
  const [year, setYear] = useState('');
  const [make, setMake] = useState('');
  const [model, setModel] = useState('');
  const [km, setKm] = useState('');
  const [condition, setCondition] = useState<VehicleCondition>('good');
  const [found, setFound] = useState<Estimate | null>(null);
  const estimate = useTradeEstimate();

  const run = () => {
    estimate.mutate(
      { year: parseTypedNumber(year) ?? Number.NaN, make, model, mileage: parseTypedNumber(km) ?? Number.NaN, condition },
      { onSuccess: (r) => { setFound(r.estimate); onRange(r.estimate, `${year.trim()} ${make.trim()} ${model.trim()}`, r.proof); } },
    );
  };

  return (
    <div className="grid gap-3 rounded-lg border border-border p-3 sm:col-span-2 sm:grid-cols-2" data-testid="trade-range">
      <div><Label htmlFor={id('year')}>Year</Label><Input id={id('year')} inputMode="numeric" value={year} placeholder="2015" onChange={(e) => setYear(e.target.value)} /></div>
      <div><Label htmlFor={id('make')}>Make</Label><Input id={id('make')} value={make} placeholder="Honda" maxLength={40} onChange={(e) => setMake(e.target.value)} /></div>
      <div><Label htmlFor={id('model')}>Model</Label><Input id={id('model')} value={model} placeholder="Civic" maxLength={60} onChange={(e) => setModel(e.target.value)} /></div>
      <div><Label htmlFor={id('km')}>Kilometres</Label><Input id={id('km')} inputMode="numeric" value={km} placeholder="120,000" onChange={(e) => setKm(e.target.value)} /></div>
      <div className="sm:col-span-2">
        <Label htmlFor={id('cond')}>Condition</Label>
        <Select id={id('cond')} value={condition} onChange={(e) => setCondition(e.target.value as VehicleCondition)}>
          {VEHICLE_CONDITIONS.map((c) => <option key={c} value={c}>{CONDITION_LABELS[c].label}</option>)}
        </Select>
      </div>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <Button type="button" variant="secondary" onClick={run} disabled={estimate.isPending} aria-busy={estimate.isPending || undefined}>
          Get the appraiser&apos;s range
        </Button>
        <p className="text-sm" role="status" aria-live="polite">
          {estimate.isError ? <span className="text-destructive">{errorMessage(estimate.error)}</span>
            : found && found.low !== null ? <>Our appraiser: <strong>{dollars(found.low)} – {dollars(found.high!)}</strong> from {found.comparableCount} comparable vehicle{found.comparableCount === 1 ? '' : 's'}. The worksheet uses the low end; the final figure comes after an inspection.</>
              : found ? <>No comparable vehicles on our lots or in our sales, so no range. Type your own estimate instead.</> : null}
        </p>
      </div>
    </div>
  );
}
