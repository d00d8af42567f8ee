// GET /api/admin/photos/vehicles (admin issue): vehicles by photo count, fewest first, for the image manager's
// picker and the photo coverage page; with the counts of vehicles without photos.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MediaVehicleList } from '@domain/media';
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

export const useMediaVehicles = (params: MediaVehicleParams, enabled = true) => useQuery({ ...mediaVehiclesQueryOptions(params), enabled });
