// GET /api/admin/content/:id (issue 7): one post or page with its Markdown body, for the editor.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContentEntryAdmin } from '@domain/content';
import { apiGet } from '@/lib/api-client';
import { CONTENT_PATH } from './get-content-list';

export const adminContentEntryQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [CONTENT_PATH, 'entry', id],
    queryFn: ({ signal }) => apiGet<ContentEntryAdmin>(`${CONTENT_PATH}/${id}`, { signal }),
  });

export const useAdminContentEntry = (id: number | null) => useQuery({ ...adminContentEntryQueryOptions(id ?? 0), enabled: id != null });
