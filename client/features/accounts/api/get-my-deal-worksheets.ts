// GET /api/account/deal-worksheets (issue 34 §4): the signed-in shopper's kept and sent deal worksheets.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavedWorksheet } from '@domain/deal-worksheet';
import { apiGet } from '@/lib/api-client';

export const myDealWorksheetsQueryOptions = () => queryOptions({
  queryKey: ['/api/account/deal-worksheets'],
  queryFn: ({ signal }) => apiGet<{ worksheets: SavedWorksheet[] }>('/api/account/deal-worksheets', { signal }),
});
export const useMyDealWorksheets = () => useQuery(myDealWorksheetsQueryOptions());
