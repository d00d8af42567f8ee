// The buyer's way to reach a private seller (issue 5): the seller is shown by first name only, and the message
// goes to them by email through the server, so no phone number or email address of theirs is ever shown.
// Self-contained (its own calls), so the vehicle page only places it. The dialog and the form load on first opening.
import { Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { LoaderCircle, Mail, UserRound } from 'lucide-react';
import { privateSellerQueryOptions } from '@/lib/api/get-private-seller';
import { Button } from '@/components/ui/button';
import { LazyDialog, preloadDialog } from '@/components/ui/lazy-dialog';
import { lazyComponent } from '@/lib/lazy-component';

const loadMessageForm = () => import('./private-seller-message-form');
const MessageForm = lazyComponent('components/private-seller-message-form', loadMessageForm);

export function PrivateSellerContact({ vehicleId, vehicleTitle }: { vehicleId: number; vehicleTitle: string }) {
  const seller = useQuery(privateSellerQueryOptions(vehicleId));
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
      <Button variant="outline" onClick={() => setOpen(true)} onPointerEnter={() => { preloadDialog(); void loadMessageForm(); }}><Mail aria-hidden />Message {who}</Button>
      <LazyDialog
        open={open}
        onOpenChange={setOpen}
        title={<>Message {who}</>}
        description={<>About the {vehicleTitle}. We forward your message by email; {who} answers you directly. The seller&apos;s contact details stay private.</>}
      >
        <Suspense fallback={<p className="flex items-center gap-2 py-6 text-sm text-muted-foreground"><LoaderCircle className="size-4 animate-spin" aria-hidden />Loading the form…</p>}>
          <MessageForm vehicleId={vehicleId} vehicleTitle={vehicleTitle} onSent={() => setOpen(false)} />
        </Suspense>
      </LazyDialog>
    </div>
  );
}
