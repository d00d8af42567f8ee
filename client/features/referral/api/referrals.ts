// GET /api/referrals/me and GET /api/referrals/codes/:code (issue 5, referral program).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyReferrals, ReferralCodeInfo } from '@domain/referral';
import { apiGet } from '@/lib/api-client';

export const myReferralsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/referrals/me'],
    queryFn: ({ signal }) => apiGet<MyReferrals>('/api/referrals/me', { signal }),
  });
export const useMyReferrals = () => useQuery(myReferralsQueryOptions());

export const referralCodeQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['/api/referrals/codes', code],
    queryFn: ({ signal }) => apiGet<ReferralCodeInfo>(`/api/referrals/codes/${encodeURIComponent(code)}`, { signal }),
  });
export const useReferralCode = (code: string | null) => useQuery({ ...referralCodeQueryOptions(code ?? ''), enabled: !!code });
