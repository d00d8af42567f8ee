// The deal worksheet's calls (issue 34): what the worksheet offers for a vehicle, keeping a worksheet (share link;
// saved to the account when signed in), sending it to the dealership, and reading a shared one.
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { DealOptions, DealQuoteRequest, SavedWorksheet, SendDealRequest } from '@domain/deal-worksheet';
import type { AppraisalVehicle, TradeEstimateResult } from '@domain/appraisal';
import { apiGet, apiPost } from '@/lib/api-client';

export const dealOptionsQueryOptions = (vehicleId: number) => queryOptions({
  queryKey: [`/api/vehicles/${vehicleId}/deal-options`],
  queryFn: ({ signal }) => apiGet<DealOptions>(`/api/vehicles/${vehicleId}/deal-options`, { signal }),
  staleTime: 60_000,
});
export const useDealOptions = (vehicleId: number, enabled = true) => useQuery({ ...dealOptionsQueryOptions(vehicleId), enabled });

export const sharedWorksheetQueryOptions = (token: string) => queryOptions({
  queryKey: [`/api/deal-worksheets/${token}`],
  queryFn: ({ signal }) => apiGet<SavedWorksheet>(`/api/deal-worksheets/${encodeURIComponent(token)}`, { signal }),
});
export const useSharedWorksheet = (token: string) => useQuery(sharedWorksheetQueryOptions(token));

export const useKeepWorksheet = () => useMutation({ mutationFn: (req: DealQuoteRequest) => apiPost<SavedWorksheet>('/api/deal-worksheets', req) });
export const useSendDeal = () => useMutation({ mutationFn: (req: SendDealRequest) => apiPost<SavedWorksheet>('/api/deal-leads', req) });
/** The trade appraiser's range for the worksheet's trade-in (issue 34 §1); no lead is made. */
export const useTradeEstimate = () => useMutation({
  mutationFn: (vehicle: Omit<AppraisalVehicle, 'vin' | 'trim'>) => apiPost<TradeEstimateResult>('/api/trade-estimates', vehicle),
});
