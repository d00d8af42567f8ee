// GET /api/referrals/codes/:code (issue 5, referral program): whether a referral code exists and whose it is.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReferralCodeInfo } from '@domain/referrals';
import { apiGet } from '@/lib/api-client';

export const referralCodeQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['/api/referrals/codes', code],
    queryFn: ({ signal }) => apiGet<ReferralCodeInfo>(`/api/referrals/codes/${encodeURIComponent(code)}`, { signal }),
  });

export const useReferralCode = (code: string | null) => useQuery({ ...referralCodeQueryOptions(code ?? ''), enabled: !!code });
