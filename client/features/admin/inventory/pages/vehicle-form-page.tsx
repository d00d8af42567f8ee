// Add and edit a dealer vehicle (spec §2: /add-vehicle, /admin/add-vehicle, /edit-vehicle/:id,
// /admin/edit-vehicle/:id — one form). Validation is the server's own schema (domain/vehicle-input.ts), so the admin
// sees the API's rule before sending. The VIN decodes offline on the server (corgi, NHTSA vPIC data) and fills what
// it knows; a wrong check digit is a warning, not a block (grey imports fail it). Leaving with unsaved changes asks
// first, in the app (useBlocker) and when closing the tab (beforeunload).
import { useEffect, useMemo, useRef, useState } from 'react';
import { useBlocker, useNavigate, useParams } from 'react-router';
import { Link } from '@/components/link';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, ArrowLeft, CheckCircle2, LoaderCircle, RotateCcw, Save, ScanLine, Trash2 } from 'lucide-react';
import { BODY_TYPES, CONDITIONS, DRIVETRAINS, FUEL_TYPES, LOCATIONS, TRANSMISSIONS } from '@domain/constants';
import {
  emptyVehicleInput, VEHICLE_DESCRIPTION_MAX, vehicleInputSchema, vehicleYearMax, VEHICLE_YEAR_MIN,
  type AdminVehicle, type VehicleInput, type VehicleValues,
} from '@domain/vehicle-input';
import { vehicleTitle } from '@domain/vehicle';
import type { VinDecodeResult } from '@domain/vin-decode';
import { checkVin } from '@domain/vin';
import { errorMessage, isApiError } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import { PricingGuidance } from '../components/pricing-guidance';
import { AmvicDisclosuresFieldset } from '../components/amvic-disclosures-fieldset';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/badge';
import { Input, inputClass } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { FormField, sentence } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { cn } from '@/lib/cn';
import { createVehicle } from '../api/create-vehicle';
import { decodeVin } from '../api/decode-vin';
import { adminVehicleQueryOptions, useAdminVehicle } from '../api/get-admin-vehicle';
import { updateVehicle } from '../api/update-vehicle';
import { BulkConfirm, type PendingBulk } from '../components/bulk-confirm';
import { refreshInventory } from '../refresh-inventory';
import { formatDealershipDate } from '@/components/dealership-date';
import { FeedLockPanel } from '../../inventory-feeds/components/feed-lock-panel';
import { parseTypedNumber, parseTypedNumberOrNull } from '@domain/typed-number';

type FieldName = keyof VehicleInput;

function fromVehicle(v: AdminVehicle): VehicleInput {
  return {
    vin: v.vin, stockNumber: v.stockNumber, year: v.year, make: v.make, model: v.model, trim: v.trim ?? '', price: v.price,
    originalPrice: v.originalPrice, mileage: v.mileage, bodyType: v.bodyType as VehicleInput['bodyType'], condition: v.condition,
    status: v.status, transmission: v.transmission as VehicleInput['transmission'], engine: v.engine ?? '',
    drivetrain: (v.drivetrain as VehicleInput['drivetrain']) ?? null, fuelType: v.fuelType as VehicleInput['fuelType'],
    exteriorColor: v.exteriorColor, interiorColor: v.interiorColor ?? '', doors: v.doors, seats: v.seats, location: v.location,
    description: v.description, features: v.features, amvicDisclosures: v.amvicDisclosures,
  };
}

/** Why a VIN fails its check, for the confirm dialog. */
const vinProblem = (vin: string) => { const c = checkVin(vin); return c.ok ? '' : `VIN ${c.vin}: ${c.message.charAt(0).toLowerCase()}${c.message.slice(1)}`; };
// Issue 33 §2: "21,500" and "98,000 km" as typed (a text field: a number field refuses the comma).
const num = parseTypedNumber;
const numOrNull = parseTypedNumberOrNull;
const emptyToNull = (v: unknown) => (v === '' ? null : v);

export default function VehicleFormPage() {
  const { id: idParam } = useParams();
  const id = idParam ? Number(idParam) : null;
  const validId = id === null || (Number.isInteger(id) && id > 0);
  const { data, isPending, isError, error, refetch } = useAdminVehicle(validId ? id : null);

  if (!validId || (isError && isApiError(error) && error.status === 404)) {
    return (
      <div className="grid gap-3">
        <h1 className="text-2xl font-extrabold tracking-tight">Vehicle not found</h1>
        <p className="text-muted-foreground">It may have been deleted. Find it in the inventory, or add it again.</p>
        <div><Button asChild variant="outline"><Link to="/admin/inventory"><ArrowLeft aria-hidden />Back to inventory</Link></Button></div>
      </div>
    );
  }
  if (id !== null && isError) {
    return (
      <div role="alert" className="rounded-xl border border-destructive/40 bg-destructive/10 p-6">
        <p className="font-semibold">The vehicle could not be loaded.</p>
        <Button variant="outline" className="mt-3" onClick={() => void refetch()}>Try again</Button>
      </div>
    );
  }
  if (id !== null && isPending) {
    return <div aria-busy="true" className="grid gap-4"><span className="sr-only">Loading the vehicle</span><Skeleton className="h-10 w-72" /><Skeleton className="h-96 w-full rounded-2xl" /></div>;
  }
  // key: a different vehicle (or add after edit) starts a fresh form.
  return <VehicleForm key={id ?? 'new'} vehicle={id === null ? null : data!} />;
}

function VehicleForm({ vehicle }: { vehicle: AdminVehicle | null }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const defaults = useMemo(() => (vehicle ? fromVehicle(vehicle) : emptyVehicleInput()), [vehicle]);
  const form = useForm<VehicleInput, unknown, VehicleValues>({ resolver: zodResolver(vehicleInputSchema), defaultValues: defaults, mode: 'onTouched' });
  const { errors, isDirty, isSubmitting } = form.formState;
  const [formError, setFormError] = useState<string | null>(null);
  const [decoded, setDecoded] = useState<{ busy: boolean; result: VinDecodeResult | null; note: string | null; filled: string[] }>({ busy: false, result: null, note: null, filled: [] });
  const [statusAction, setStatusAction] = useState<PendingBulk | null>(null);
  const [saved, setSaved] = useState(false);
  const err = (name: FieldName) => sentence(errors[name]?.message as string | undefined);

  // The vehicle changed on the server (marked sold here, or saved): show it, unless the admin is mid-edit.
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(defaults);
  }, [defaults, form]);

  // spec: an unsaved-changes warning. In-app navigation asks through a dialog; closing the tab through the browser.
  const guard = isDirty && !isSubmitting && !saved;
  // Read when a navigation happens: a save or delete that navigates right away is not held by the render's closure.
  const leaving = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => guard && !leaving.current && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!guard) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => { e.preventDefault(); e.returnValue = ''; };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [guard]);

  const vin = useWatch({ control: form.control, name: 'vin' }) ?? '';
  const vinCheck = vin.trim().length === 17 ? checkVin(vin) : null;
  const checkDigitWarning = vinCheck && !vinCheck.ok && vinCheck.reason === 'check-digit' ? vinCheck.message : null;
  const price = useWatch({ control: form.control, name: 'price' });
  const originalPrice = useWatch({ control: form.control, name: 'originalPrice' });
  const [make, model, year, mileage, condition] = useWatch({ control: form.control, name: ['make', 'model', 'year', 'mileage', 'condition'] });

  const decode = async () => {
    const raw = (form.getValues('vin') ?? '').trim().toUpperCase();
    const check = checkVin(raw);
    if (!check.ok && check.reason !== 'check-digit') {
      form.setError('vin', { message: check.message });
      form.setFocus('vin');
      return;
    }
    form.clearErrors('vin');
    setDecoded({ busy: true, result: null, note: null, filled: [] });
    try {
      const r = await decodeVin(check.vin);
      const filled: string[] = [];
      const set = <K extends FieldName>(name: K, value: VehicleInput[K] | null | undefined, label: string) => {
        if (value === null || value === undefined || value === '') return;
        form.setValue(name, value as never, { shouldDirty: true, shouldValidate: true });
        filled.push(label);
      };
      set('vin', r.vin, 'VIN');
      filled.pop(); // the VIN itself is not "filled from the VIN"
      set('year', r.year, 'year');
      set('make', r.make, 'make');
      set('model', r.model, 'model');
      set('trim', r.trim, 'trim');
      set('bodyType', r.bodyStyle, 'body');
      set('fuelType', r.fuelType, 'fuel');
      set('doors', r.doors, 'doors');
      set('engine', r.engine, 'engine');
      set('drivetrain', r.drivetrain, 'drivetrain');
      set('transmission', r.transmission, 'transmission');
      setDecoded({
        busy: false, result: r, filled,
        note: filled.length ? `Filled from the VIN: ${filled.join(', ')}. Check each against the vehicle.` : 'The decoder knows nothing more about this VIN: enter the details by hand.',
      });
    } catch (e) {
      setDecoded({ busy: false, result: null, filled: [], note: errorMessage(e, 'The VIN could not be decoded. Enter the details by hand.') });
    }
  };

  // Issue 33 §4: a VIN whose check digit is wrong is saved only after the admin says so (grey imports and some older
  // vehicles fail the check, so it is a choice, not a block). Asked when the VIN is new or changed.
  const [vinConfirm, setVinConfirm] = useState<VehicleValues | null>(null);
  const submit = async (values: VehicleValues) => {
    const check = checkVin(values.vin);
    if (!check.ok && check.reason === 'check-digit' && values.vin !== vehicle?.vin) {
      setVinConfirm(values);
      return;
    }
    await save(values);
  };

  const save = async (values: VehicleValues) => {
    setFormError(null);
    try {
      const res = vehicle ? await updateVehicle(vehicle.id, values) : await createVehicle(values);
      await refreshInventory(qc);
      toast({ title: res.message, description: `${vehicleTitle(res.vehicle, { trim: false })}, stock ${res.vehicle.stockNumber}`, variant: 'success' });
      if (vehicle) {
        qc.setQueryData(adminVehicleQueryOptions(vehicle.id).queryKey, res.vehicle);
        form.reset(fromVehicle(res.vehicle));
      } else {
        setSaved(true);
        leaving.current = true;
        navigate(`/admin/edit-vehicle/${res.vehicle.id}`, { replace: true });
      }
    } catch (e) {
      if (!isApiError(e)) {
        setFormError('We could not reach the server. Check the connection and try again.');
        return;
      }
      const fields = Object.entries(e.fields);
      for (const [field, message] of fields) form.setError(field.split('.')[0] as FieldName, { message });
      if (fields.length) form.setFocus(fields[0]![0].split('.')[0] as FieldName);
      setFormError(errorMessage(e, 'The vehicle could not be saved.'));
    }
  };

  const text = (name: 'make' | 'model' | 'trim' | 'engine' | 'exteriorColor' | 'interiorColor' | 'stockNumber', label: string, opts: { optional?: boolean; hint?: string; placeholder?: string } = {}) => (
    <FormField id={`v-${name}`} label={label} optional={opts.optional} hint={opts.hint} error={err(name)}>
      {(p) => <Input {...p} placeholder={opts.placeholder} {...form.register(name)} />}
    </FormField>
  );
  const number = (name: 'year' | 'price' | 'originalPrice' | 'mileage' | 'doors' | 'seats', label: string, opts: { optional?: boolean; hint?: string; min?: number; max?: number; step?: number } = {}) => (
    <FormField id={`v-${name}`} label={label} optional={opts.optional} hint={opts.hint} error={err(name)}>
      {(p) => (
        <Input {...p} inputMode="numeric"
          {...form.register(name, { setValueAs: opts.optional ? numOrNull : num })} />
      )}
    </FormField>
  );
  const select = (name: 'bodyType' | 'transmission' | 'drivetrain' | 'fuelType' | 'location' | 'condition' | 'status', label: string, options: readonly string[], opts: { optional?: boolean; labels?: Record<string, string> } = {}) => (
    <FormField id={`v-${name}`} label={label} optional={opts.optional} error={err(name)}>
      {(p) => (
        <Select {...p} {...form.register(name, { setValueAs: emptyToNull })}>
          {opts.optional && <option value="">Not specified</option>}
          {options.map((o) => <option key={o} value={o}>{opts.labels?.[o] ?? o}</option>)}
        </Select>
      )}
    </FormField>
  );

  const title = vehicle ? vehicleTitle(vehicle, { trim: false }) : 'Add vehicle';
  const statuses = vehicle?.status === 'pending' ? ['available', 'sold', 'pending'] : ['available', 'sold'];

  return (
    <div className="grid gap-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-sm text-muted-foreground"><Link to="/admin/inventory" className="underline-offset-4 hover:underline">Inventory</Link> / {vehicle ? 'Edit' : 'Add'}</p>
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{title}</h1>
          {vehicle && (
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              <span>Stock {vehicle.stockNumber}</span>
              <Badge variant={vehicle.isSold ? 'secondary' : 'default'}>{vehicle.status}</Badge>
              {vehicle.sellerType === 'private seller' && <Badge variant="outline">private seller</Badge>}
              <Link to={`/vehicles/${vehicle.id}`} className="underline underline-offset-4">View public page</Link>
            </p>
          )}
        </div>
        {vehicle && (
          <div className="flex flex-wrap gap-2">
            {vehicle.status === 'sold' ? (
              <Button variant="outline" onClick={() => setStatusAction({ action: 'mark-available', ids: [vehicle.id] })} disabled={isDirty}><RotateCcw aria-hidden />Mark Available</Button>
            ) : vehicle.status === 'available' ? (
              <Button variant="outline" onClick={() => setStatusAction({ action: 'mark-sold', ids: [vehicle.id] })} disabled={isDirty}><CheckCircle2 aria-hidden />Mark as Sold</Button>
            ) : null}
            <Button variant="outline" className="text-destructive" onClick={() => setStatusAction({ action: 'delete', ids: [vehicle.id] })}><Trash2 aria-hidden />Delete</Button>
          </div>
        )}
      </header>

      <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]" aria-label={vehicle ? 'Edit vehicle' : 'Add vehicle'}>
        <div className="grid min-w-0 gap-6">
          <div role="alert" aria-live="assertive" className="empty:hidden">
            {formError && <p className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2.5 text-sm font-medium text-destructive dark:text-red-200">{formError}</p>}
          </div>

          <fieldset className="grid gap-4 rounded-2xl border border-border bg-card p-4 sm:p-6">
            <legend className="px-1 text-base font-bold">Identification</legend>
            <div className="grid gap-2">
              <FormField id="v-vin" label="VIN" hint="17 characters. Decode fills year, make, model, trim, body, fuel, doors, engine and drivetrain where the VIN encodes them." error={err('vin')}>
                {(p) => (
                  <div className="flex flex-col gap-2 sm:flex-row">
                    <Input {...p} autoComplete="off" spellCheck={false} maxLength={17} className="font-mono uppercase"
                      {...form.register('vin')}
                      onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); void decode(); } }} />
                    <Button type="button" variant="secondary" onClick={() => void decode()} disabled={decoded.busy} className="shrink-0">
                      {decoded.busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <ScanLine aria-hidden />}Decode VIN
                    </Button>
                  </div>
                )}
              </FormField>
              <div aria-live="polite" className="grid gap-2 empty:hidden">
                {checkDigitWarning && (
                  <p className="flex items-start gap-2 rounded-md border border-amber-500/50 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-100">
                    <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
                    <span><strong>Warning:</strong> {checkDigitWarning}. The VIN may have a typo; you can still save it.</span>
                  </p>
                )}
                {decoded.note && <p className="text-sm text-muted-foreground" data-testid="vin-decode-note">{decoded.note}</p>}
                {decoded.result?.warnings.filter((w) => !w.startsWith('Check digit')).map((w) => (
                  <p key={w} className="text-sm text-amber-800 dark:text-amber-200">{w}</p>
                ))}
              </div>
            </div>
            <div className="grid gap-4 sm:grid-cols-3">
              {text('stockNumber', 'Stock number', { optional: true, hint: 'Blank: the next number of the store (E… or C…).' })}
              {select('condition', 'Condition', CONDITIONS, { labels: { new: 'New', used: 'Used' } })}
              {select('status', 'Status', statuses, { labels: { available: 'Available', sold: 'Sold', pending: 'Pending review' } })}
            </div>
          </fieldset>

          <fieldset className="grid gap-4 rounded-2xl border border-border bg-card p-4 sm:p-6">
            <legend className="px-1 text-base font-bold">Vehicle</legend>
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
              {number('year', 'Year', { min: VEHICLE_YEAR_MIN, max: vehicleYearMax() })}
              {text('make', 'Make')}
              {text('model', 'Model')}
              {text('trim', 'Trim', { optional: true })}
              {select('bodyType', 'Body', BODY_TYPES)}
              {number('doors', 'Doors', { optional: true, min: 1, max: 9 })}
              {number('seats', 'Seats', { optional: true, min: 1, max: 15 })}
              {number('mileage', 'Mileage (km)', { min: 0, step: 1 })}
              {text('exteriorColor', 'Exterior colour')}
              {text('interiorColor', 'Interior colour', { optional: true })}
            </div>
          </fieldset>

          <fieldset className="grid gap-4 rounded-2xl border border-border bg-card p-4 sm:p-6">
            <legend className="px-1 text-base font-bold">Mechanical</legend>
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
              {select('transmission', 'Transmission', TRANSMISSIONS)}
              {select('drivetrain', 'Drivetrain', DRIVETRAINS, { optional: true })}
              {select('fuelType', 'Fuel', FUEL_TYPES)}
              {text('engine', 'Engine', { optional: true, placeholder: 'e.g. 2.5L I4' })}
            </div>
          </fieldset>

          <fieldset className="grid gap-4 rounded-2xl border border-border bg-card p-4 sm:p-6">
            <legend className="px-1 text-base font-bold">Price and listing</legend>
            <div className="grid gap-4 sm:grid-cols-3">
              {number('price', 'Price (CAD)', { min: 0, step: 1, hint: 'All-in advertised price: every fee except GST (AMVIC).' })}
              {number('originalPrice', 'Was price (CAD)', { optional: true, min: 1, step: 1, hint: 'Shows the vehicle on sale; must be above the price.' })}
              {select('location', 'Location', LOCATIONS)}
            </div>
            <PricingGuidance make={make} model={model} year={year} mileage={mileage} price={price} excludeId={vehicle?.id ?? null} condition={condition} />
            {typeof price === 'number' && typeof originalPrice === 'number' && originalPrice > price && (
              <p className="text-sm text-muted-foreground">Shown on sale: {formatPrice(price)}, was {formatPrice(originalPrice)} (save {formatPrice(originalPrice - price)}).</p>
            )}
            <FormField id="v-description" label="Description" optional error={err('description')} hint={`Up to ${VEHICLE_DESCRIPTION_MAX.toLocaleString('en-CA')} characters.`}>
              {(p) => <textarea {...p} rows={5} className={cn(inputClass, 'h-auto min-h-28')} {...form.register('description')} />}
            </FormField>
            <Controller
              control={form.control}
              name="features"
              render={({ field }) => (
                <FormField id="v-features" label="Features" optional error={err('features')} hint="One per line (or separated by commas), e.g. Heated Seats.">
                  {(p) => (
                    <FeaturesInput {...p} value={field.value ?? []} onChange={field.onChange} onBlur={field.onBlur} />
                  )}
                </FormField>
              )}
            />
          </fieldset>

          <Controller
            control={form.control}
            name="amvicDisclosures"
            render={({ field }) => <AmvicDisclosuresFieldset value={field.value ?? {}} onChange={field.onChange} condition={condition} />}
          />
        </div>

        <aside className="grid content-start gap-4 lg:sticky lg:top-4 lg:self-start" aria-label="Save and price history">
          <div className="grid gap-2 rounded-2xl border border-border bg-card p-4">
            <Button type="submit" size="lg" disabled={isSubmitting}>
              {isSubmitting ? <LoaderCircle className="animate-spin" aria-hidden /> : <Save aria-hidden />}
              {vehicle ? 'Save changes' : 'Add vehicle'}
            </Button>
            <p className="text-xs text-muted-foreground" aria-live="polite">{isDirty ? 'Unsaved changes.' : vehicle ? 'All changes saved.' : 'Nothing entered yet.'}</p>
            {vehicle && <Button asChild variant="ghost" size="sm"><Link to={`/admin/image-manager?vehicle=${vehicle.id}`}>Manage photos ({vehicle.photos.length})</Link></Button>}
          </div>
          {vehicle && <FeedLockPanel vehicleId={vehicle.id} />}
          {vehicle && <PriceHistory vehicle={vehicle} />}
        </aside>
      </form>

      <BulkConfirm
        pending={statusAction}
        onClose={() => setStatusAction(null)}
        onDone={(p) => { if (p.action === 'delete') { setSaved(true); leaving.current = true; navigate('/admin/inventory', { replace: true }); } }}
      />
      {vinConfirm && (
        <ConfirmDialog
          open
          onOpenChange={(o) => { if (!o) { setVinConfirm(null); form.setFocus('vin'); } }}
          title="Save with this VIN?"
          description={`${vinProblem(vinConfirm.vin)}. The VIN may have a typo: check it against the vehicle before shoppers see it. Grey imports and some older vehicles fail this check; if the VIN is right, save it anyway.`}
          confirmLabel="Save anyway"
          onConfirm={() => { const v = vinConfirm; setVinConfirm(null); void save(v); }}
        />
      )}
      {blocker.state === 'blocked' && (
        <ConfirmDialog
          open
          onOpenChange={(o) => { if (!o) blocker.reset(); }}
          title="Leave without saving?"
          description="You have unsaved changes to this vehicle. If you leave now they will be lost."
          confirmLabel="Leave without saving"
          destructive
          onConfirm={() => blocker.proceed()}
        />
      )}
    </div>
  );
}

function FeaturesInput({ value, onChange, onBlur, ...props }: {
  id: string; 'aria-invalid': boolean | undefined; 'aria-describedby': string | undefined;
  value: string[]; onChange: (v: string[]) => void; onBlur: () => void;
}) {
  // The text as typed; the list is derived from it, so typing a comma or a new line does not jump the cursor.
  const [text, setText] = useState(() => value.join('\n'));
  const toList = (s: string) => s.split(/[\n,]/).map((f) => f.trim()).filter(Boolean);
  useEffect(() => {
    if (toList(text).join('\n') !== value.join('\n')) setText(value.join('\n'));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only an outside change (reset) rewrites the text
  }, [value]);
  return (
    <textarea
      {...props}
      rows={5}
      className={cn(inputClass, 'h-auto min-h-28')}
      value={text}
      onChange={(e) => { setText(e.target.value); onChange(toList(e.target.value)); }}
      onBlur={onBlur}
    />
  );
}

function PriceHistory({ vehicle }: { vehicle: AdminVehicle }) {
  return (
    <section aria-labelledby="price-history-title" className="rounded-2xl border border-border bg-card p-4">
      <h2 id="price-history-title" className="mb-3 text-base font-bold">Price history</h2>
      {vehicle.priceHistory.length === 0 ? (
        <p className="text-sm text-muted-foreground">No price recorded yet.</p>
      ) : (
        <ol className="grid gap-2" aria-label="Price changes, newest first">
          {vehicle.priceHistory.map((h, i) => {
            const delta = h.previousPrice === null ? null : h.price - h.previousPrice;
            return (
              <li key={`${h.changedAt}-${i}`} className="grid gap-0.5 border-b border-border pb-2 text-sm last:border-0 last:pb-0">
                <span className="flex items-baseline justify-between gap-2">
                  <span className="font-semibold tabular-nums">{formatPrice(h.price)}</span>
                  {delta !== null && delta !== 0 && (
                    <span className={cn('tabular-nums', delta < 0 ? 'text-emerald-700 dark:text-emerald-300' : 'text-muted-foreground')}>
                      {delta < 0 ? '−' : '+'}{formatPrice(Math.abs(delta))}
                    </span>
                  )}
                  {delta === null && <span className="text-muted-foreground">first price</span>}
                </span>
                <span className="text-xs text-muted-foreground">
                  <time dateTime={h.changedAt}>{formatDealershipDate(h.changedAt, 'mediumDateTime')}</time>{h.changedBy ? ` · ${h.changedBy}` : ''}
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
