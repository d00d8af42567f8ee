// Admin-only card actions (spec §2, §4, §5, §8): Edit, Mark as Sold / Mark Available, Delete, each confirmed,
// each followed by a toast and a refresh of every /api/vehicles query.
import { useState } from 'react';
import { Link } from '@/components/link';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Pencil, RotateCcw, Trash2 } from 'lucide-react';
import type { Vehicle } from '@domain/vehicle';
import { apiDelete, apiPost, isApiError } from '@/lib/api-client';
import { invalidateVehicles } from '@/lib/query-client';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { ConfirmDialog } from './confirm-dialog';

type Action = 'delete' | 'sold' | 'available';

const CONFIRM: Record<Action, { title: string; text: string; label: string }> = {
  delete: { title: 'Delete vehicle', text: 'Are you sure you want to delete this vehicle? This action cannot be undone.', label: 'Delete' },
  sold: { title: 'Mark as sold', text: 'Are you sure you want to mark this vehicle as sold?', label: 'Mark as Sold' },
  available: { title: 'Mark as available', text: 'Are you sure you want to mark this vehicle as available?', label: 'Mark Available' },
};

const reason = (err: unknown) => (isApiError(err) ? (err.serverMessage ?? err.message) : err instanceof Error ? err.message : '') || 'Unknown error';

export function VehicleAdminActions({ vehicle }: { vehicle: Pick<Vehicle, 'id' | 'isSold'> }) {
  const qc = useQueryClient();
  const [pending, setPending] = useState<Action | null>(null);
  const mutation = useMutation({
    mutationFn: (action: Action) =>
      action === 'delete'
        ? apiDelete(`/api/vehicles/${vehicle.id}`)
        : apiPost(`/api/vehicles/${vehicle.id}/${action === 'sold' ? 'mark-sold' : 'mark-available'}`),
    onSuccess: (_data, action) => {
      // spec §8 success texts
      if (action === 'delete') toast({ title: 'Vehicle deleted', description: 'The vehicle has been successfully removed from the inventory.', variant: 'success' });
      if (action === 'sold') toast({ title: 'Vehicle marked as sold', variant: 'success' });
      if (action === 'available') toast({ title: 'Vehicle marked as available', variant: 'success' });
    },
    onError: (err, action) => {
      // spec §8 failure texts
      const description = action === 'delete'
        ? 'Failed to delete vehicle. Please try again.'
        : action === 'sold'
          ? `Failed to mark vehicle as sold: ${reason(err)}`
          : 'Failed to mark vehicle as available. Please try again.';
      toast({ title: 'Error', description, variant: 'destructive' });
    },
    onSettled: () => {
      setPending(null);
      void invalidateVehicles(qc);
    },
  });

  return (
    <div className="relative z-10 flex flex-wrap gap-2 border-t border-border pt-3">
      <Button asChild variant="outline" size="sm">
        <Link to={`/edit-vehicle/${vehicle.id}`}><Pencil aria-hidden />Edit</Link>
      </Button>
      {vehicle.isSold ? (
        <Button variant="outline" size="sm" onClick={() => setPending('available')}><RotateCcw aria-hidden />Mark Available</Button>
      ) : (
        <Button variant="outline" size="sm" onClick={() => setPending('sold')}><CheckCircle2 aria-hidden />Mark as Sold</Button>
      )}
      <Button variant="outline" size="sm" className="text-destructive" onClick={() => setPending('delete')}><Trash2 aria-hidden />Delete</Button>
      {pending && (
        <ConfirmDialog
          open
          onOpenChange={(o) => { if (!o && !mutation.isPending) setPending(null); }}
          title={CONFIRM[pending].title}
          description={CONFIRM[pending].text}
          confirmLabel={CONFIRM[pending].label}
          destructive={pending === 'delete'}
          busy={mutation.isPending}
          onConfirm={() => mutation.mutate(pending)}
        />
      )}
    </div>
  );
}
