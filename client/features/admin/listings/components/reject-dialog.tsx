// Rejecting a private-seller listing (issue 5): the reason is checked with the server's own schema before it is sent,
// since the seller reads it and edits the listing from it.
import { useState } from 'react';
import { LoaderCircle } from 'lucide-react';
import { REJECTION_REASON_MAX, REJECTION_REASON_MIN, rejectBodySchema, type ModerationListing } from '@domain/private-listings';
import { vehicleTitle } from '@domain/vehicle';
import { errorMessage } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useRejectListing } from '../api/reject-listing';

export function RejectDialog({ listing: l, onClose }: { listing: ModerationListing; onClose: () => void }) {
  const rejection = useRejectListing();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const parsed = rejectBodySchema.safeParse({ reason });
    if (!parsed.success) {
      const msg = parsed.error.issues[0]?.message ?? 'reason is invalid';
      setError(msg.charAt(0).toUpperCase() + msg.slice(1));
      return;
    }
    try {
      await rejection.mutateAsync({ id: l.id, reason: parsed.data.reason });
      toast({ title: 'Listing rejected', description: 'The seller was notified with your reason.', variant: 'success' });
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <Dialog open onOpenChange={(open) => { if (!open) onClose(); }}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reject {vehicleTitle(l)}</DialogTitle>
          <DialogDescription>The seller reads this reason and can edit and resubmit the listing.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-1.5">
          <label htmlFor="reject-reason" className="text-sm font-medium">Reason</label>
          <textarea
            id="reject-reason"
            rows={4}
            value={reason}
            maxLength={REJECTION_REASON_MAX}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'reject-reason-error reject-reason-hint' : 'reject-reason-hint'}
            onChange={(e) => { setReason(e.target.value); setError(null); }}
            className="w-full rounded-md border border-input bg-card px-3 py-2 text-base shadow-xs focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-invalid:border-destructive md:text-sm"
          />
          <p id="reject-reason-hint" className="text-xs text-muted-foreground">{REJECTION_REASON_MIN} to {REJECTION_REASON_MAX} characters, e.g. &ldquo;Please add a photo of the odometer.&rdquo;</p>
          {error && <p id="reject-reason-error" className="text-sm font-medium text-destructive dark:text-red-300">{error}</p>}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>Cancel</Button>
          <Button variant="destructive" disabled={rejection.isPending} onClick={() => void submit()}>
            {rejection.isPending && <LoaderCircle className="animate-spin" aria-hidden />}Reject listing
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
