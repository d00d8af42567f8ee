// One of the seller's own listings on /my-listings (issue 5): its review state and dates, what the moderator asked
// to change, and what the seller may do in that state (domain/private-listings.ts: canEdit, canMarkSold, canWithdraw).
import { useState } from 'react';
import { Link } from '@/components/link';
import { ExternalLink, Handshake, Pencil, Undo2 } from 'lucide-react';
import { canEdit, canMarkSold, canWithdraw, type MyListing } from '@domain/private-listings';
import { errorMessage } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DealershipDate } from '@/components/dealership-date';
import { ListingCard } from '@/components/listing-card';
import { useMarkListingSold } from '../api/mark-listing-sold';
import { useWithdrawListing } from '../api/withdraw-listing';
import { ListingStateBadge } from './listing-state-badge';

export function MyListingCard({ listing: l, onEdit }: { listing: MyListing; onEdit: () => void }) {
  const withdraw = useWithdrawListing();
  const sold = useMarkListingSold();
  const [confirm, setConfirm] = useState<'withdraw' | 'sold' | null>(null);
  const run = async (kind: 'withdraw' | 'sold') => {
    try {
      await (kind === 'withdraw' ? withdraw : sold).mutateAsync(l.id);
      toast({ title: kind === 'withdraw' ? 'Listing withdrawn' : 'Listing marked as sold', variant: 'success' });
    } catch (e) {
      toast({ title: 'Error', description: errorMessage(e), variant: 'destructive' });
    } finally {
      setConfirm(null);
    }
  };

  return (
    <ListingCard
      listing={l}
      variant="seller"
      badge={<ListingStateBadge state={l.state} />}
      facts={[l.location, `Stock ${l.stockNumber}`]}
      actions={(
        <>
          {l.state === 'approved' && (
            <Button asChild size="sm" variant="outline"><Link to={`/vehicles/${l.vehicleId}`}><ExternalLink aria-hidden />View listing</Link></Button>
          )}
          {canEdit(l.state) && <Button size="sm" variant="outline" onClick={onEdit}><Pencil aria-hidden />{l.state === 'withdrawn' ? 'Edit and resubmit' : 'Edit'}</Button>}
          {canMarkSold(l.state) && <Button size="sm" variant="outline" onClick={() => setConfirm('sold')}><Handshake aria-hidden />Mark as sold</Button>}
          {canWithdraw(l.state) && <Button size="sm" variant="ghost" onClick={() => setConfirm('withdraw')}><Undo2 aria-hidden />Withdraw</Button>}
        </>
      )}
      dialogs={(
        <ConfirmDialog
          open={confirm !== null}
          onOpenChange={(open) => { if (!open) setConfirm(null); }}
          title={confirm === 'sold' ? 'Mark this vehicle as sold?' : 'Withdraw this listing?'}
          description={confirm === 'sold'
            ? 'It leaves search right away. This cannot be undone; list the vehicle again if the sale falls through.'
            : 'It leaves search right away. You can edit and resubmit it later.'}
          confirmLabel={confirm === 'sold' ? 'Mark as sold' : 'Withdraw'}
          destructive={confirm === 'withdraw'}
          busy={withdraw.isPending || sold.isPending}
          onConfirm={() => { if (confirm) void run(confirm); }}
        />
      )}
    >
      <p className="text-xs text-muted-foreground">
        Submitted <DealershipDate iso={l.submittedAt} style="medium" />
        {l.reviewedAt && <> · Reviewed <DealershipDate iso={l.reviewedAt} style="medium" /></>}
      </p>
      {l.state === 'pending' && <p className="text-sm">Our team is reviewing your listing. It appears in search once approved.</p>}
      {l.state === 'rejected' && l.rejectionReason && (
        <p className="rounded-md border border-accent/50 bg-accent/10 px-3 py-2 text-sm"><strong>What to change:</strong> {l.rejectionReason}</p>
      )}
    </ListingCard>
  );
}
