// /admin/deal-settings (issue 34 §1): the optional products the worksheet offers (name, price, description; none is
// ever pre-selected for the shopper) and the incentives with their rules (amount per fuel type, price cap, dates).
// A bad number or an "Until" before "From" is refused on its field with a message, never rewritten (issue 57): the
// field keeps what was typed and Save waits until it is fixed.
import { useEffect, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, Plus, Save, Trash2 } from 'lucide-react';
import { FUEL_TYPES } from '@domain/constants';
import { incentiveDatesError, readSettingsDollars, type DealIncentive, type DealProduct } from '@domain/deal-worksheet';
import { albertaDate } from '@domain/alberta-time';
import { errorMessage } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { DEAL_SETTINGS_KEY, saveDealSettings, useDealSettings } from '../api/deal-settings';

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || 'item';
const uniqueId = (name: string, taken: string[]) => { let id = slug(name); let n = 2; while (taken.includes(id)) id = `${slug(name).slice(0, 36)}-${n++}`; return id; };

export default function DealSettingsPage() {
  const qc = useQueryClient();
  const { data, isPending, isError } = useDealSettings();
  const [products, setProducts] = useState<DealProduct[]>([]);
  const [incentives, setIncentives] = useState<DealIncentive[]>([]);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  /** What was typed into each number field, by field id, and that field's error while it is not a valid amount. */
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  useEffect(() => { if (data) { setProducts(data.products); setIncentives(data.incentives); } }, [data]);

  if (isPending) return <p className="flex items-center gap-2 text-muted-foreground"><LoaderCircle className="animate-spin" aria-hidden />Loading the settings…</p>;
  if (isError) return <p role="alert">The settings could not be loaded.</p>;

  const dateErrors = Object.fromEntries(incentives.flatMap((x, i) => {
    const error = incentiveDatesError(x.startsOn, x.endsOn);
    return error ? [[`i-to-${i}`, error]] : [];
  }));
  const errors: Record<string, string> = { ...fieldErrors, ...dateErrors };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const first = Object.keys(errors)[0];
    if (first) {
      setProblem('Nothing was saved: fix the fields marked below.');
      document.getElementById(first)?.focus();
      return;
    }
    setSaving(true);
    setProblem(null);
    try {
      const saved = await saveDealSettings({ products, incentives });
      qc.setQueryData([DEAL_SETTINGS_KEY], saved);
      toast({ title: 'Saved', description: 'The worksheet offers these products and incentives now.', variant: 'success' });
    } catch (err) {
      setProblem(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };
  const setP = (i: number, patch: Partial<DealProduct>) => setProducts(products.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  const setI = (i: number, patch: Partial<DealIncentive>) => setIncentives(incentives.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  const today = albertaDate();
  /** A number field: shows what was typed; a valid amount goes into the settings, a bad one is marked on the field. */
  const money = (fieldId: string, current: string, rule: Parameters<typeof readSettingsDollars>[1], apply: (n: number | null) => void) => ({
    id: fieldId,
    inputMode: 'numeric' as const,
    value: typed[fieldId] ?? current,
    'aria-invalid': errors[fieldId] ? true : undefined,
    'aria-describedby': errors[fieldId] ? `${fieldId}-error` : undefined,
    onChange: (e: { target: { value: string } }) => {
      const text = e.target.value;
      setTyped({ ...typed, [fieldId]: text });
      const read = readSettingsDollars(text, rule);
      const rest = { ...fieldErrors };
      delete rest[fieldId];
      setFieldErrors('error' in read ? { ...rest, [fieldId]: read.error } : rest);
      if ('value' in read) apply(read.value);
    },
  });
  // Fields are named by position, so removing a row starts the typing over from the saved values.
  const forgetTyped = () => { setTyped({}); setFieldErrors({}); };
  const errorOf = (fieldId: string) => errors[fieldId]
    ? <p id={`${fieldId}-error`} className="mt-1 text-sm text-destructive">{errors[fieldId]}</p> : null;

  return (
    <form onSubmit={onSubmit} className="flex max-w-4xl flex-col gap-8">
      <header>
        <h1 className="text-2xl font-bold">Deal worksheet settings</h1>
        <p className="text-sm text-muted-foreground">What shoppers can add on a vehicle&apos;s deal worksheet. Prices are whole dollars before GST. Nothing is pre-selected for the shopper.</p>
      </header>

      <section aria-labelledby="products-h" className="flex flex-col gap-3">
        <h2 id="products-h" className="text-lg font-semibold">Optional products</h2>
        {products.length === 0 && <p className="text-sm text-muted-foreground">No products yet.</p>}
        {products.map((p, i) => (
          <fieldset key={i} className="grid gap-2 rounded-lg border border-border p-3 sm:grid-cols-[2fr_1fr_auto]">
            <legend className="sr-only">Product {i + 1}</legend>
            <div><Label htmlFor={`p-name-${i}`}>Name</Label><Input id={`p-name-${i}`} required maxLength={80} value={p.name} onChange={(e) => setP(i, { name: e.target.value })} /></div>
            <div><Label htmlFor={`p-price-${i}`}>Price ($)</Label><Input required {...money(`p-price-${i}`, String(p.price), { label: 'Price', max: 100_000 }, (n) => setP(i, { price: n ?? 0 }))} />{errorOf(`p-price-${i}`)}</div>
            <Button type="button" variant="outline" className="self-end" onClick={() => { setProducts(products.filter((_, j) => j !== i)); forgetTyped(); }} aria-label={`Remove ${p.name || `product ${i + 1}`}`}><Trash2 aria-hidden /></Button>
            <div className="sm:col-span-3"><Label htmlFor={`p-desc-${i}`}>Description</Label><Input id={`p-desc-${i}`} maxLength={300} value={p.description} onChange={(e) => setP(i, { description: e.target.value })} /></div>
          </fieldset>
        ))}
        <Button type="button" variant="outline" className="self-start" onClick={() => setProducts([...products, { id: uniqueId(`product-${products.length + 1}`, products.map((x) => x.id)), name: '', price: 0, description: '' }])}><Plus aria-hidden />Add a product</Button>
      </section>

      <section aria-labelledby="incentives-h" className="flex flex-col gap-3">
        <h2 id="incentives-h" className="text-lg font-semibold">Incentives</h2>
        <p className="text-sm text-muted-foreground">Shown after the all-in price, with &quot;eligibility is confirmed at signing&quot;. An amount of 0 for a fuel type means it does not qualify.</p>
        {incentives.length === 0 && <p className="text-sm text-muted-foreground">No incentives yet.</p>}
        {incentives.map((x, i) => (
          <fieldset key={i} className="grid gap-2 rounded-lg border border-border p-3 sm:grid-cols-3">
            <legend className="sr-only">Incentive {i + 1}</legend>
            <div className="sm:col-span-2"><Label htmlFor={`i-name-${i}`}>Name</Label><Input id={`i-name-${i}`} required maxLength={80} value={x.name} onChange={(e) => setI(i, { name: e.target.value })} /></div>
            <Button type="button" variant="outline" className="self-end justify-self-start" onClick={() => { setIncentives(incentives.filter((_, j) => j !== i)); forgetTyped(); }}><Trash2 aria-hidden />Remove</Button>
            {FUEL_TYPES.map((f) => (
              <div key={f}>
                <Label htmlFor={`i-${i}-${f}`}>{f} ($)</Label>
                <Input {...money(`i-${i}-${f}`, String((x.amounts as Record<string, number | undefined>)[f] ?? 0), { label: `The ${f} amount`, optional: true, max: 50_000 }, (n) => {
                  const amounts = { ...(x.amounts as Record<string, number>) };
                  if (n) amounts[f] = n; else delete amounts[f];
                  setI(i, { amounts });
                })} />
                {errorOf(`i-${i}-${f}`)}
              </div>
            ))}
            <div><Label htmlFor={`i-cap-${i}`}>Price cap ($, empty for none)</Label><Input {...money(`i-cap-${i}`, x.priceCap === null ? '' : String(x.priceCap), { label: 'The price cap', optional: true, min: 1, max: 10_000_000 }, (n) => setI(i, { priceCap: n }))} />{errorOf(`i-cap-${i}`)}</div>
            <div><Label htmlFor={`i-from-${i}`}>From</Label><Input id={`i-from-${i}`} type="date" required value={x.startsOn} onChange={(e) => setI(i, { startsOn: e.target.value })} /></div>
            <div><Label htmlFor={`i-to-${i}`}>Until</Label><Input id={`i-to-${i}`} type="date" required value={x.endsOn} onChange={(e) => setI(i, { endsOn: e.target.value })} aria-invalid={errors[`i-to-${i}`] ? true : undefined} aria-describedby={errors[`i-to-${i}`] ? `i-to-${i}-error` : undefined} />{errorOf(`i-to-${i}`)}</div>
            <div className="sm:col-span-3"><Label htmlFor={`i-desc-${i}`}>Description</Label><Input id={`i-desc-${i}`} maxLength={300} value={x.description} onChange={(e) => setI(i, { description: e.target.value })} /></div>
          </fieldset>
        ))}
        <Button type="button" variant="outline" className="self-start" onClick={() => setIncentives([...incentives, { id: uniqueId(`incentive-${incentives.length + 1}`, incentives.map((y) => y.id)), name: '', amounts: {}, priceCap: null, startsOn: today, endsOn: today, description: '' }])}><Plus aria-hidden />Add an incentive</Button>
      </section>

      {problem && <p role="alert" className="rounded-md border border-destructive p-3 text-sm text-destructive">{problem}</p>}
      <Button type="submit" className="self-start" disabled={saving}><Save aria-hidden />{saving ? 'Saving…' : 'Save'}</Button>
    </form>
  );
}
