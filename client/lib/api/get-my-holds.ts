// GET /api/my-holds (issue 33 §1): the signed-in shopper's own confirmed holds, so the vehicle page, the cards and
// the saved list say "Held for you until …" to the holder. Shared by several features, so it lives in lib/. Asked
// only after hydration and only when signed in: the server renders what everyone sees ("On hold until …"), the same
// HTML the browser hydrates, and the holder's words follow.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyHolds } from '@domain/holds';
import { apiGet } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useHydrated } from '@/lib/use-hydrated';

export const myHoldsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/my-holds'],
    queryFn: ({ signal }) => apiGet<MyHolds>('/api/my-holds', { signal }),
    staleTime: 60_000,
  });

/** When the signed-in shopper holds this vehicle: its hold's end (ISO); null otherwise. */
export function useMyHoldUntil(vehicleId: number | undefined): string | null {
  const { isAuthenticated } = useAuth();
  const hydrated = useHydrated();
  const { data } = useQuery({ ...myHoldsQueryOptions(), enabled: hydrated && isAuthenticated && vehicleId !== undefined });
  return data?.holds.find((h) => h.vehicleId === vehicleId)?.heldUntil ?? null;
}
