// POST /api/vehicle-finder: ranked matches for the questionnaire's answers.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FinderAnswers, FinderResult } from '@domain/finder';
import { TIMING } from '@domain/constants';
import { apiPost } from '@/lib/api-client';

export const finderQueryOptions = (answers: FinderAnswers | null) =>
  queryOptions({
    queryKey: ['/api/vehicle-finder', answers],
    queryFn: ({ signal }) => apiPost<FinderResult>('/api/vehicle-finder', answers, { signal }),
    enabled: answers !== null,
    staleTime: TIMING.listingStale,
  });

export const useFinderResults = (answers: FinderAnswers | null) => useQuery(finderQueryOptions(answers));
