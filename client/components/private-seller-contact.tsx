// The buyer's way to reach a private seller (issue 5): the seller is shown by first name only, and the message
// goes to them by email through the server, so no phone number or email address of theirs is ever shown.
// Self-contained (its own calls), so the vehicle page only places it.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { LoaderCircle, Mail, Send, UserRound } from 'lucide-react';
import { BUYER_MESSAGE_MAX, buyerMessageSchema, type BuyerMessageInput } from '@domain/private-listing';
import type { z } from 'zod';
import { apiGet, apiPost, errorMessage, isApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FormField, sentence } from '@/components/ui/form-field';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';

type Values = z.output<typeof buyerMessageSchema>;

export function PrivateSellerContact({ vehicleId, vehicleName }: { vehicleId: number; vehicleName: string }) {
  const seller = useQuery({
    queryKey: ['/api/vehicles', vehicleId, 'private-seller'],
    queryFn: ({ signal }) => apiGet<{ firstName: string | null; canMessage: boolean }>(`/api/vehicles/${vehicleId}/private-seller`, { signal }),
  });
  const [open, setOpen] = useState(false);
  // Not live (pending review, the owner's preview, sold), or listed by the dealership for its owner: nobody to
  // message here; the page's call and test-drive buttons reach the dealership.
  if (seller.isPending || seller.isError || !seller.data.canMessage) return null;
  const who = seller.data.firstName ?? 'the seller';

  return (
    <div className="flex flex-col gap-2 rounded-lg border border-border p-3">
      <p className="flex items-center gap-2 text-sm">
        <UserRound className="size-4 text-muted-foreground" aria-hidden />
        <span>Sold by <strong>{seller.data.firstName ?? 'a private seller'}</strong>, a private seller</span>
      </p>
      <Button variant="outline" onClick={() => setOpen(true)}><Mail aria-hidden />Message {who}</Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Message {who}</DialogTitle>
            <DialogDescription>
              About the {vehicleName}. We forward your message by email; {who} answers you directly. The seller&apos;s contact details stay private.
            </DialogDescription>
          </DialogHeader>
          <MessageForm vehicleId={vehicleId} vehicleName={vehicleName} onSent={() => setOpen(false)} />
        </DialogContent>
      </Dialog>
    </div>
  );
}

function MessageForm({ vehicleId, vehicleName, onSent }: { vehicleId: number; vehicleName: string; onSent: () => void }) {
  const { user } = useAuth();
  const form = useForm<BuyerMessageInput, unknown, Values>({
    resolver: zodResolver(buyerMessageSchema),
    defaultValues: {
      name: [user?.firstName, user?.lastName].filter(Boolean).join(' '),
      email: user?.email ?? '',
      phone: '',
      message: `Hi, is the ${vehicleName} still available?`,
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
