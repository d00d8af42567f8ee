import { describe, expect, it } from 'vitest';
import { createQueryClient, invalidateVehicles } from './query-client';

describe('query client (spec §7)', () => {
  it('does not retry, refetch on focus, or go stale by default', () => {
    const qc = createQueryClient();
    const q = qc.getDefaultOptions().queries!;
    expect(q.retry).toBe(false);
    expect(q.refetchOnWindowFocus).toBe(false);
    expect(q.staleTime).toBe(Infinity);
    expect(qc.getDefaultOptions().mutations!.retry).toBe(false);
  });

  it('invalidates every query whose path starts with /api/vehicles (spec §4)', async () => {
    const qc = createQueryClient();
    qc.setQueryData(['/api/vehicles', { page: 1 }], 1);
    qc.setQueryData(['/api/vehicles/facets'], 2);
    qc.setQueryData(['/api/vehicles/7'], 3);
    qc.setQueryData(['/api/auth/user'], 4);
    await invalidateVehicles(qc);
    const stale = (key: unknown[]) => qc.getQueryState(key)?.isInvalidated;
    expect(stale(['/api/vehicles', { page: 1 }])).toBe(true);
    expect(stale(['/api/vehicles/facets'])).toBe(true);
    expect(stale(['/api/vehicles/7'])).toBe(true);
    expect(stale(['/api/auth/user'])).toBe(false);
  });
});
