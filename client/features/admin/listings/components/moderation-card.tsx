// One listing in the moderation queue (issue 5): everything the seller entered and who they are, so a moderator can
// judge it from the card, a preview of its public page, and Approve or Reject while it is pending.
import { useState } from 'react';
import { Link } from '@/components/link';
import { Check, ExternalLink, X } from 'lucide-react';
import type { ModerationListing } from '@domain/private-listings';
import { vehicleTitle } from '@domain/vehicle';
import { errorMessage } from '@/lib/api-client';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListingCard } from '@/components/listing-card';
import { useApproveListing } from '../api/approve-listing';
import { RejectDialog } from './reject-dialog';
import { formatDealershipDate } from '@/components/dealership-date';


export function ModerationCard({ listing: l }: { listing: ModerationListing }) {
  const approval = useApproveListing();
  const [approving, setApproving] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const title = vehicleTitle(l);
  const approve = async () => {
    try {
      await approval.mutateAsync(l.id);
      toast({ title: 'Listing approved', description: `${title} now appears in search.`, variant: 'success' });
    } catch (e) {
      toast({ title: 'Error', description: errorMessage(e), variant: 'destructive' });
    } finally {
      setApproving(false);
    }
  };

  return (
    <ListingCard
      listing={l}
      variant="moderation"
      badge={<Badge variant="secondary">Submitted {formatDealershipDate(l.submittedAt, 'mediumDateTime')}</Badge>}
      facts={[l.bodyType, l.transmission, l.drivetrain, l.fuelType, l.exteriorColor, l.location]}
      actions={(
        <>
          <Button asChild size="sm" variant="outline"><Link to={`/vehicles/${l.vehicleId}`}><ExternalLink aria-hidden />Preview</Link></Button>
          {l.state === 'pending' && (
            <>
              <Button size="sm" variant="success" onClick={() => setApproving(true)}><Check aria-hidden />Approve</Button>
              <Button size="sm" variant="outline" onClick={() => setRejecting(true)}><X aria-hidden />Reject</Button>
            </>
          )}
        </>
      )}
      dialogs={(
        <>
          <ConfirmDialog
            open={approving}
            onOpenChange={setApproving}
            title="Approve this listing?"
            description={`${title} will appear in search as a private-seller listing, and the seller will be notified.`}
            confirmLabel="Approve"
            busy={approval.isPending}
            onConfirm={() => void approve()}
          />
          {rejecting && <RejectDialog listing={l} onClose={() => setRejecting(false)} />}
        </>
      )}
    >
      <p className="font-mono text-xs text-muted-foreground">VIN {l.vin} · Stock {l.stockNumber} · {l.photos.length} photo{l.photos.length === 1 ? '' : 's'}</p>
      <p className="text-sm whitespace-pre-line">{l.description}</p>
      {l.features.length > 0 && <p className="text-sm text-muted-foreground">Features: {l.features.join(', ')}</p>}
      <p className="text-sm">
        Seller: <strong>{l.seller.firstName ?? l.seller.username}</strong> ({l.seller.username}, <a href={`mailto:${l.seller.email}`} className="text-primary underline">{l.seller.email}</a>)
      </p>
      {l.rejectionReason && <p className="rounded-md bg-muted px-3 py-2 text-sm"><strong>Reason given:</strong> {l.rejectionReason}</p>}
    </ListingCard>
  );
}
