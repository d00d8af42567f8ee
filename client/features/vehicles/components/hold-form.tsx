// The hold request form (issue 19): name, phone and e-mail (we confirm by phone or e-mail), and the marketing
// consent the shopper chooses (CASL: optional, never pre-checked, its words recorded by the server). Loaded when
// the shopper opens it. A vehicle held or sold meanwhile answers 409 with the reason, which the form shows, and
// the page refreshes to say so.
import { useId, useState } from 'react';
import { useForm, Controller } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, LoaderCircle, Send } from 'lucide-react';
import type { z } from 'zod';
import { HOLD_MARKETING_CONSENT_TEXT, holdRequestSchema } from '@domain/holds';
import { apiPost, errorMessage, isApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField, sentence } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

type Input_ = z.input<typeof holdRequestSchema>;
type Values = z.output<typeof holdRequestSchema>;

/**
 * `onSent` runs once the request is accepted (the page remembers it). The form imports nothing the vehicle page's own
 * chunk holds: a lazy part that did made the page's chunk lose its manifest entry, and its first HTML its preload.
 */
export default function HoldForm({ vehicleId, onDone, onSent }: { vehicleId: number; onDone: () => void; onSent?: () => void }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const uid = useId();
  const form = useForm<Input_, unknown, Values>({
    resolver: zodResolver(holdRequestSchema),
    defaultValues: {
      name: [user?.firstName, user?.lastName].filter(Boolean).join(' '),
      email: user?.email ?? '',
      phone: '',
      marketingConsent: false,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  const submit = async (values: Values) => {
    setFormError(null);
    try {
      const answer = await apiPost<{ id: number; message: string }>(`/api/vehicles/${vehicleId}/hold-requests`, values);
      setSent(answer.message);
      onSent?.();
    } catch (e) {
      const fields = isApiError(e) ? Object.entries(e.fields) : [];
      for (const [f, m] of fields) form.setError(f as keyof Input_, { message: m });
      if (!fields.length) setFormError(errorMessage(e, 'Your request could not be sent. Please try again or call us.'));
      // Held or sold meanwhile: the page behind says so too.
      if (isApiError(e) && e.status === 409) void queryClient.invalidateQueries({ queryKey: [`/api/vehicles/${vehicleId}`] });
    }
  };

  if (sent) {
    return (
      <div role="status" className="grid gap-3">
        <CheckCircle2 className="size-8 text-success" aria-hidden />
        <p className="font-semibold">Request received</p>
        <p className="text-sm text-muted-foreground">{sent}</p>
        <div><Button variant="outline" onClick={onDone}>Close</Button></div>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-3">
      <div role="alert" aria-live="assertive">
        {formError && <p className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive dark:text-red-200">{formError}</p>}
      </div>
      <FormField id={`${uid}-name`} label="Your name" error={sentence(errors.name?.message)}>
        {(p) => <Input {...p} autoComplete="name" {...form.register('name')} />}
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={`${uid}-phone`} label="Phone" error={sentence(errors.phone?.message)}>
          {(p) => <Input {...p} type="tel" inputMode="tel" autoComplete="tel" placeholder="(780) 555-0100" {...form.register('phone')} />}
        </FormField>
        <FormField id={`${uid}-email`} label="Email" error={sentence(errors.email?.message)}>
          {(p) => <Input {...p} type="email" inputMode="email" autoComplete="email" {...form.register('email')} />}
        </FormField>
      </div>
      <Controller
        control={form.control}
        name="marketingConsent"
        render={({ field }) => (
          <div className="flex items-start gap-3">
            <Checkbox id={`${uid}-marketing`} checked={field.value === true} onCheckedChange={(v) => field.onChange(v === true)} className="mt-0.5" />
            <label htmlFor={`${uid}-marketing`} className="cursor-pointer text-sm text-muted-foreground">{HOLD_MARKETING_CONSENT_TEXT}</label>
          </div>
        )}
      />
      <p className="text-xs text-muted-foreground">We use your name, phone and e-mail to confirm the hold and to answer you about this vehicle.</p>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? <LoaderCircle className="animate-spin" aria-hidden /> : <Send aria-hidden />}Send hold request
      </Button>
    </form>
  );
}
