// GET /api/referrals/me (issue 5, referral program): the signed-in user's referral code and the people they referred.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyReferrals } from '@domain/referrals';
import { apiGet } from '@/lib/api-client';

export const myReferralsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/referrals/me'],
    queryFn: ({ signal }) => apiGet<MyReferrals>('/api/referrals/me', { signal }),
  });

export const useMyReferrals = () => useQuery(myReferralsQueryOptions());
