// The message form of the private-seller contact: loaded when the buyer opens it, so the vehicle page does not
// carry the form library and its schema (zod) before anyone wants to write.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle, Send } from 'lucide-react';
import { BUYER_MESSAGE_MAX, buyerMessageSchema, type BuyerMessageInput } from '@domain/private-listings';
import type { z } from 'zod';
import { apiPost, errorMessage, isApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FormField, sentence } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';

type Values = z.output<typeof buyerMessageSchema>;

export default function MessageForm({ vehicleId, vehicleTitle, onSent }: { vehicleId: number; vehicleTitle: string; onSent: () => void }) {
  const { user } = useAuth();
  const form = useForm<BuyerMessageInput, unknown, Values>({
    resolver: zodResolver(buyerMessageSchema),
    defaultValues: {
      name: [user?.firstName, user?.lastName].filter(Boolean).join(' '),
      email: user?.email ?? '',
      phone: '',
      message: `Hi, is the ${vehicleTitle} still available?`,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (values: Values) => {
    setFormError(null);
    try {
      await apiPost(`/api/vehicles/${vehicleId}/private-seller/messages`, values);
      toast({ title: 'Message sent', description: 'The seller will reply to you by email or phone.', variant: 'success' });
      onSent();
    } catch (e) {
      const fields = isApiError(e) ? Object.entries(e.fields) : [];
      for (const [f, m] of fields) form.setError(f as keyof BuyerMessageInput, { message: m });
      if (!fields.length) setFormError(errorMessage(e, 'Your message could not be sent. Please try again.'));
    }
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-3">
      <div role="alert" aria-live="assertive">
        {formError && <p className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive dark:text-red-200">{formError}</p>}
      </div>
      <FormField id="seller-msg-name" label="Your name" error={sentence(errors.name?.message)}>
        {(p) => <Input {...p} autoComplete="name" {...form.register('name')} />}
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id="seller-msg-email" label="Your email" error={sentence(errors.email?.message)}>
          {(p) => <Input {...p} type="email" autoComplete="email" {...form.register('email')} />}
        </FormField>
        <FormField id="seller-msg-phone" label="Your phone" optional error={sentence(errors.phone?.message)}>
          {(p) => <Input {...p} type="tel" autoComplete="tel" {...form.register('phone')} />}
        </FormField>
      </div>
      <FormField id="seller-msg-text" label="Message" error={sentence(errors.message?.message)}>
        {(p) => (
          <textarea
            {...p}
            rows={4}
            maxLength={BUYER_MESSAGE_MAX}
            className="w-full rounded-md border border-input bg-card px-3 py-2 text-base shadow-xs focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-invalid:border-destructive md:text-sm"
            {...form.register('message')}
          />
        )}
      </FormField>
      <p className="text-xs text-muted-foreground">The seller receives your name, email, phone (if given) and message. Never send money before you see the vehicle.</p>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? <LoaderCircle className="animate-spin" aria-hidden /> : <Send aria-hidden />}Send message
      </Button>
    </form>
  );
}
