// The admin vehicle actions' confirmation and toasts (spec §5 confirmation texts, spec §8 toasts), for one vehicle
// or a selection: the inventory table's bulk bar and the edit form's status buttons share them, so the wording is
// the spec's everywhere. One request, all or nothing (POST /api/admin/vehicles/bulk).
import { bulkConfirmText, type BulkAction } from '@domain/admin';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/components/ui/use-toast';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useBulkAction } from '../api/bulk-action';

export interface PendingBulk { action: BulkAction; ids: number[]; price?: { mode: 'amount' | 'percent'; value: number } }

const TITLES: Record<BulkAction, string> = { delete: 'Delete vehicle', 'mark-sold': 'Mark as sold', 'mark-available': 'Mark as available', price: 'Change price' };
const LABELS: Record<BulkAction, string> = { delete: 'Delete', 'mark-sold': 'Mark as Sold', 'mark-available': 'Mark Available', price: 'Change price' };

const reason = (err: unknown) => (isApiError(err) ? (err.serverMessage ?? err.message) : err instanceof Error ? err.message : '') || 'Unknown error';

/** spec §8 texts for one vehicle; the same wording in the plural for several. */
function successToast(action: BulkAction, count: number, message: string) {
  if (action === 'delete') {
    toast({
      title: count === 1 ? 'Vehicle deleted' : `${count} vehicles deleted`,
      description: count === 1 ? 'The vehicle has been successfully removed from the inventory.' : 'The vehicles have been successfully removed from the inventory.',
      variant: 'success',
    });
  } else {
    toast({ title: message, variant: 'success' });
  }
}

function failureToast(action: BulkAction, count: number, err: unknown) {
  const many = count > 1;
  const description = action === 'delete'
    ? (many ? `Failed to delete vehicles: ${reason(err)}` : 'Failed to delete vehicle. Please try again.')
    : action === 'mark-sold'
      ? `Failed to mark ${many ? 'vehicles' : 'vehicle'} as sold: ${reason(err)}`
      : action === 'mark-available'
        ? (many ? `Failed to mark vehicles as available: ${reason(err)}` : 'Failed to mark vehicle as available. Please try again.')
        : `Failed to change the price: ${reason(err)}`;
  toast({ title: 'Error', description, variant: 'destructive' });
}

export function BulkConfirm({ pending, onClose, onDone }: { pending: PendingBulk | null; onClose: () => void; onDone?: (p: PendingBulk) => void }) {
  const mutation = useBulkAction();
  if (!pending) return null;
  const count = pending.ids.length;
  const run = () => {
    const input = pending.action === 'price'
      ? { action: 'price' as const, ids: pending.ids, mode: pending.price!.mode, value: pending.price!.value }
      : { action: pending.action, ids: pending.ids };
    mutation.mutate(input, {
      onSuccess: (result) => { successToast(pending.action, count, result.message); onDone?.(pending); },
      onError: (err) => failureToast(pending.action, count, err),
      onSettled: onClose,
    });
  };
  return (
    <ConfirmDialog
      open
      onOpenChange={(o) => { if (!o && !mutation.isPending) onClose(); }}
      title={count > 1 ? `${TITLES[pending.action]} (${count})` : TITLES[pending.action]}
      description={bulkConfirmText(pending.action, count, pending.price)}
      confirmLabel={LABELS[pending.action]}
      destructive={pending.action === 'delete'}
      busy={mutation.isPending}
      onConfirm={run}
    />
  );
}
