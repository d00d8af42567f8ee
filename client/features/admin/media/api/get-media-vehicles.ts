// GET /api/admin/photos/vehicles (admin issue): vehicles by photo count, fewest first, for the image manager's
// picker and the photo coverage page; with the counts of vehicles without photos.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_MIN_PHOTOS, type MediaVehicleList } from '@domain/media';
import { apiGet } from '@/lib/api-client';

/** The photo API's root; every media query key starts with it (photo-change.ts refreshes the lists by it). */
export const MEDIA_VEHICLES_PATH = '/api/admin/photos/vehicles';

export interface MediaVehicleParams { search?: string; fewerThan?: number; includeSold?: boolean; limit?: number }

export const mediaVehiclesQueryOptions = (params: MediaVehicleParams) =>
  queryOptions({
    queryKey: [MEDIA_VEHICLES_PATH, 'list', params],
    queryFn: ({ signal }) => apiGet<MediaVehicleList>(MEDIA_VEHICLES_PATH, { params: { ...params }, signal }),
    placeholderData: (previous) => previous,
  });

// The lists' parameters, shared by the components and the route loaders (issue 31 §4), so both ask the same query.
/** The image manager's vehicle picker: a search, or with none the in-stock vehicles with the fewest photos. */
export const pickerParams = (search: string): MediaVehicleParams => ({ search: search || undefined, includeSold: search !== '', limit: 8 });

/** The photo coverage page's filters; it opens on vehicles with fewer photos than the minimum. */
export const COVERAGE_FILTERS = [
  { key: 'none', label: 'No photos', fewerThan: 1 },
  { key: 'few', label: `Fewer than ${DEFAULT_MIN_PHOTOS}`, fewerThan: DEFAULT_MIN_PHOTOS },
  { key: 'all', label: 'All in stock', fewerThan: 0 },
] as const;
export type CoverageFilter = (typeof COVERAGE_FILTERS)[number]['key'];
export const DEFAULT_COVERAGE_FILTER: CoverageFilter = 'few';

/** The coverage page's list, and its count of vehicles with too few photos (the first row only: it reads the total). */
export const coverageParams = (filter: CoverageFilter, search: string): MediaVehicleParams =>
  ({ fewerThan: COVERAGE_FILTERS.find((f) => f.key === filter)!.fewerThan, search: search.trim() || undefined, limit: 100 });
export const TOO_FEW_PARAMS: MediaVehicleParams = { fewerThan: DEFAULT_MIN_PHOTOS, limit: 1 };

export const useMediaVehicles = (params: MediaVehicleParams, enabled = true) => useQuery({ ...mediaVehiclesQueryOptions(params), enabled });
