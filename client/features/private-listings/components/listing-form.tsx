// The seller's listing form (issue 5): the same Zod contract the server checks (domain/private-listing.ts),
// with the VIN decoder filling what it knows. Used for a new listing and for edits (which go back to review).
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle, ScanLine, Send } from 'lucide-react';
import { BODY_TYPES, DRIVETRAINS, FUEL_TYPES, LOCATIONS, TRANSMISSIONS } from '@domain/constants';
import {
  LISTING_DESCRIPTION_MAX, LISTING_FEATURES_MAX, privateListingInputSchema,
  type MyListing, type PrivateListingInput, type PrivateListingValues,
} from '@domain/private-listings';
import { checkVin } from '@domain/vin';
import { errorMessage, isApiError } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { FormField, sentence } from '@/components/ui/form-field';
import { decodeVin, type DecodedVin } from '../api/decode-vin';
import { parseTypedNumber, parseTypedNumberOrNull } from '@domain/typed-number';

type FieldName = keyof PrivateListingInput;

const EMPTY: PrivateListingInput = {
  vin: '', year: undefined as unknown as number, make: '', model: '', trim: '', price: undefined as unknown as number,
  mileage: undefined as unknown as number, bodyType: undefined as unknown as PrivateListingInput['bodyType'],
  transmission: undefined as unknown as PrivateListingInput['transmission'], drivetrain: null, engine: '',
  fuelType: undefined as unknown as PrivateListingInput['fuelType'], exteriorColor: '', interiorColor: '', doors: null, seats: null,
  location: undefined as unknown as PrivateListingInput['location'], description: '', features: [],
};

function fromListing(l: MyListing): PrivateListingInput {
  return {
    vin: l.vin, year: l.year, make: l.make, model: l.model, trim: l.trim ?? '', price: l.price, mileage: l.mileage,
    bodyType: l.bodyType as PrivateListingInput['bodyType'], transmission: l.transmission as PrivateListingInput['transmission'],
    drivetrain: (l.drivetrain as PrivateListingInput['drivetrain']) ?? null, engine: l.engine ?? '', fuelType: l.fuelType as PrivateListingInput['fuelType'],
    exteriorColor: l.exteriorColor, interiorColor: l.interiorColor ?? '', doors: l.doors, seats: l.seats, location: l.location,
    description: l.description, features: l.features,
  };
}

// Issue 33 §2: "21,500" and "98,000 km" as typed.
const num = parseTypedNumber;
const numOrNull = parseTypedNumberOrNull;
const emptyToNull = (v: unknown) => (v === '' ? null : v);
const oneOf = <T extends string>(list: readonly T[], v: unknown): T | undefined =>
  typeof v === 'string' ? list.find((x) => x.toLowerCase() === v.toLowerCase()) : undefined;

export function ListingForm({ initial, submitLabel, onSubmit, onCancel }: {
  initial?: MyListing;
  submitLabel: string;
  onSubmit: (values: PrivateListingValues) => Promise<void>;
  onCancel: () => void;
}) {
  const form = useForm<PrivateListingInput, unknown, PrivateListingValues>({
    resolver: zodResolver(privateListingInputSchema),
    defaultValues: initial ? fromListing(initial) : EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
  const [formError, setFormError] = useState<string | null>(null);
  const [decodeState, setDecodeState] = useState<{ busy: boolean; note: string | null }>({ busy: false, note: null });
  const err = (name: FieldName) => sentence(errors[name]?.message as string | undefined);

  const applyDecoded = (d: DecodedVin) => {
    const filled: string[] = [];
    const set = <K extends FieldName>(name: K, value: PrivateListingInput[K] | undefined, label: string) => {
      if (value === undefined || value === null || value === '' || (typeof value === 'number' && !Number.isFinite(value))) return;
      form.setValue(name, value as never, { shouldDirty: true, shouldValidate: false });
      filled.push(label);
    };
    set('year', num(d.year) as number | undefined, 'year');
    set('make', typeof d.make === 'string' ? d.make : undefined, 'make');
    set('model', typeof d.model === 'string' ? d.model : undefined, 'model');
    set('trim', typeof d.trim === 'string' ? d.trim : undefined, 'trim');
    set('bodyType', oneOf(BODY_TYPES, d.bodyStyle), 'body type');
    set('transmission', oneOf(TRANSMISSIONS, d.transmission), 'transmission');
    set('drivetrain', oneOf(DRIVETRAINS, d.drivetrain), 'drivetrain');
    set('fuelType', oneOf(FUEL_TYPES, d.fuelType), 'fuel type');
    set('engine', typeof d.engine === 'string' ? d.engine : undefined, 'engine');
    set('doors', num(d.doors) as number | undefined, 'doors');
    return filled;
  };

  const decode = async () => {
    const check = checkVin(form.getValues('vin') ?? '');
    if (!check.ok) {
      form.setError('vin', { message: check.message });
      form.setFocus('vin');
      return;
    }
    form.clearErrors('vin');
    setDecodeState({ busy: true, note: null });
    try {
      const filled = applyDecoded(await decodeVin(check.vin));
      setDecodeState({
        busy: false,
        note: filled.length ? `Filled from the VIN: ${filled.join(', ')}. Check each value against your vehicle.` : 'The VIN decoder knew nothing more about this VIN. Enter the details yourself.',
      });
    } catch (e) {
      console.error('VIN decoding failed', e);
      // No such route (path_not_found): the decoder is not deployed here, which is no fault of the VIN.
      const note = isApiError(e) && e.code === 'path_not_found'
        ? 'VIN decoding is not available right now. Enter the details yourself.'
        : errorMessage(e, 'We could not decode this VIN. Enter the details yourself.');
      setDecodeState({ busy: false, note });
    }
  };

  const submit = async (values: PrivateListingValues) => {
    setFormError(null);
    try {
      await onSubmit(values);
    } catch (e) {
      if (!isApiError(e)) {
        setFormError('We could not reach the server. Check your connection and try again.');
        return;
      }
      const fields = Object.entries(e.fields);
      for (const [field, message] of fields) form.setError(field as FieldName, { message });
      if (!fields.length || e.status >= 500) setFormError(errorMessage(e, 'We could not save your listing.'));
    }
  };

  const sel = (name: 'bodyType' | 'transmission' | 'drivetrain' | 'fuelType' | 'location', label: string, options: readonly string[], optional = false) => (
    <FormField id={`listing-${name}`} label={label} optional={optional} error={err(name)}>
      {(p) => (
        <Select {...p} {...form.register(name, { setValueAs: emptyToNull })}>
          <option value="">{optional ? 'Not specified' : 'Choose…'}</option>
          {options.map((o) => <option key={o} value={o}>{o}</option>)}
        </Select>
      )}
    </FormField>
  );

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-6">
      <div role="alert" aria-live="assertive">
        {formError && <p className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2.5 text-sm font-medium text-destructive dark:text-red-200">{formError}</p>}
      </div>

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-base font-bold">Vehicle identification</legend>
        <div className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-start">
          <FormField id="listing-vin" label="VIN" hint="17 characters, on the dashboard by the windshield or on your registration." error={err('vin')}>
            {(p) => <Input {...p} autoCapitalize="characters" spellCheck={false} maxLength={17} className="font-mono uppercase" {...form.register('vin')} />}
          </FormField>
          <Button type="button" variant="outline" className="sm:mt-6" onClick={() => void decode()} disabled={decodeState.busy}>
            {decodeState.busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <ScanLine aria-hidden />}Decode VIN
          </Button>
        </div>
        <p aria-live="polite" className="text-sm text-muted-foreground">{decodeState.note}</p>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <legend className="mb-2 text-base font-bold">The vehicle</legend>
        <FormField id="listing-year" label="Year" error={err('year')}>
          {(p) => <Input {...p} inputMode="numeric" {...form.register('year', { setValueAs: num })} />}
        </FormField>
        <FormField id="listing-make" label="Make" error={err('make')}>
          {(p) => <Input {...p} {...form.register('make')} />}
        </FormField>
        <FormField id="listing-model" label="Model" error={err('model')}>
          {(p) => <Input {...p} {...form.register('model')} />}
        </FormField>
        <FormField id="listing-trim" label="Trim" optional error={err('trim')}>
          {(p) => <Input {...p} {...form.register('trim')} />}
        </FormField>
        {sel('bodyType', 'Body type', BODY_TYPES)}
        {sel('transmission', 'Transmission', TRANSMISSIONS)}
        {sel('drivetrain', 'Drivetrain', DRIVETRAINS, true)}
        {sel('fuelType', 'Fuel type', FUEL_TYPES)}
        <FormField id="listing-engine" label="Engine" optional error={err('engine')}>
          {(p) => <Input {...p} placeholder="e.g. 2.0L 4-cylinder" {...form.register('engine')} />}
        </FormField>
        <FormField id="listing-exterior" label="Exterior colour" error={err('exteriorColor')}>
          {(p) => <Input {...p} {...form.register('exteriorColor')} />}
        </FormField>
        <FormField id="listing-interior" label="Interior colour" optional error={err('interiorColor')}>
          {(p) => <Input {...p} {...form.register('interiorColor')} />}
        </FormField>
        <div className="grid grid-cols-2 gap-4">
          <FormField id="listing-doors" label="Doors" optional error={err('doors')}>
            {(p) => <Input {...p} inputMode="numeric" {...form.register('doors', { setValueAs: numOrNull })} />}
          </FormField>
          <FormField id="listing-seats" label="Seats" optional error={err('seats')}>
            {(p) => <Input {...p} inputMode="numeric" {...form.register('seats', { setValueAs: numOrNull })} />}
          </FormField>
        </div>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-2 text-base font-bold">Price and location</legend>
        <FormField id="listing-price" label="Asking price (CAD)" hint="The full price a buyer pays you." error={err('price')}>
          {(p) => <Input {...p} inputMode="numeric" {...form.register('price', { setValueAs: num })} />}
        </FormField>
        <FormField id="listing-mileage" label="Odometer (km)" error={err('mileage')}>
          {(p) => <Input {...p} inputMode="numeric" {...form.register('mileage', { setValueAs: num })} />}
        </FormField>
        {sel('location', 'Nearest city', LOCATIONS)}
      </fieldset>

      <fieldset className="grid gap-4">
        <legend className="mb-2 text-base font-bold">Description</legend>
        <FormField id="listing-description" label="Describe your vehicle" hint={`Condition, service history, accidents, why you are selling. Up to ${LISTING_DESCRIPTION_MAX.toLocaleString('en-CA')} characters.`} error={err('description')}>
          {(p) => (
            <textarea
              {...p}
              rows={5}
              maxLength={LISTING_DESCRIPTION_MAX}
              className="w-full rounded-md border border-input bg-card px-3 py-2 text-base shadow-xs focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-invalid:border-destructive md:text-sm"
              {...form.register('description')}
            />
          )}
        </FormField>
        <Controller
          control={form.control}
          name="features"
          render={({ field }) => (
            <FeaturesInput value={field.value ?? []} onChange={field.onChange} error={sentence(errors.features?.message as string | undefined)} />
          )}
        />
      </fieldset>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel}>Cancel</Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <LoaderCircle className="animate-spin" aria-hidden /> : <Send aria-hidden />}{submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** Features typed as a comma-separated list; kept as text while typing so commas do not jump around. */
function FeaturesInput({ value, onChange, error }: { value: string[]; onChange: (v: string[]) => void; error: string | undefined }) {
  const [text, setText] = useState(value.join(', '));
  return (
    <FormField id="listing-features" label="Features" optional hint={`Separate with commas, e.g. Heated Seats, Remote Start. Up to ${LISTING_FEATURES_MAX}.`} error={error}>
      {(p) => (
        <Input
          {...p}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            onChange(e.target.value.split(',').map((s) => s.trim()).filter(Boolean));
          }}
        />
      )}
    </FormField>
  );
}
