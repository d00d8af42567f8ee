// GET /api/auth/two-factor: whether the signed-in admin has two-factor sign-in on, since when, and codes left.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TwoFactorStatus } from '@domain/admin';
import { apiGet } from '@/lib/api-client';
import { ADMIN_KEYS } from '../../shell/admin-keys';

export const twoFactorStatusQueryOptions = () =>
  queryOptions({ queryKey: [ADMIN_KEYS.twoFactor], queryFn: ({ signal }) => apiGet<TwoFactorStatus>(ADMIN_KEYS.twoFactor, { signal }) });

export const useTwoFactorStatus = () => useQuery(twoFactorStatusQueryOptions());
