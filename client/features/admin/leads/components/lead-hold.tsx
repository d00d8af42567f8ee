// The hold of a hold request in the lead's sheet (issue 19): where it stands, and the staff actions. Confirming puts
// the vehicle on hold for 48 hours from now (after the shopper was reached by phone or e-mail); releasing makes it
// available again before its time. The server refuses what cannot be done (held for someone else, sold) with the
// reason, shown here as it comes.
import { useState } from 'react';
import { CalendarCheck, CalendarX, LoaderCircle } from 'lucide-react';
import { HOLD_HOURS, HOLD_STATE_LABELS, type LeadHold } from '@domain/holds';
import { errorMessage } from '@/lib/api-client';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DealershipDate } from '@/components/dealership-date';
import { toast } from '@/components/ui/use-toast';
import { useHoldAction, type HoldAction } from '../api/hold-actions';

export function LeadHoldPanel({ leadId, hold }: { leadId: number; hold: LeadHold }) {
  const action = useHoldAction(leadId);
  const [releasing, setReleasing] = useState(false);
  const run = (what: HoldAction) => action.mutate(what, {
    onSuccess: (answer) => { setReleasing(false); toast({ title: answer.message, variant: 'success' }); },
    onError: (err) => { setReleasing(false); toast({ title: what === 'confirm' ? 'Could not confirm the hold' : 'Could not release the hold', description: errorMessage(err), variant: 'destructive' }); },
  });

  return (
    <section aria-labelledby={`hold-${leadId}`} className="grid gap-3 rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`hold-${leadId}`} className="font-semibold">Vehicle hold</h3>
        <Badge variant={hold.state === 'active' ? 'accent' : 'outline'} data-testid="hold-state">{HOLD_STATE_LABELS[hold.state]}</Badge>
      </div>
      {hold.state === 'requested' && (
        <>
          <p className="text-sm text-muted-foreground">
            Call or e-mail the shopper first. Confirming holds the vehicle for {HOLD_HOURS} hours from now: it stays in search
            marked &ldquo;On hold&rdquo;, and nobody else can hold it. No payment is taken.
          </p>
          {hold.refusal && <p role="note" className="rounded-md bg-destructive/10 p-2 text-sm font-medium text-destructive dark:text-red-300">{hold.refusal}</p>}
          <div>
            <Button onClick={() => run('confirm')} disabled={action.isPending || !!hold.refusal}>
              {action.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <CalendarCheck aria-hidden />}Confirm hold
            </Button>
          </div>
        </>
      )}
      {hold.state === 'active' && hold.heldUntil && (
        <>
          <p className="text-sm">On hold until <strong><DealershipDate iso={hold.heldUntil} style="dateTime" /></strong> (Edmonton time). It is released by itself then.</p>
          <div>
            <Button variant="outline" onClick={() => setReleasing(true)} disabled={action.isPending}><CalendarX aria-hidden />Release hold</Button>
          </div>
          <ConfirmDialog
            open={releasing}
            onOpenChange={setReleasing}
            title="Release this hold?"
            description="The vehicle becomes available to every shopper again, now."
            confirmLabel="Release hold"
            busy={action.isPending}
            onConfirm={() => run('release')}
          />
        </>
      )}
      {hold.endedAt && (
        <p className="text-sm text-muted-foreground">Ended <DealershipDate iso={hold.endedAt} style="dateTime" />.</p>
      )}
    </section>
  );
}
