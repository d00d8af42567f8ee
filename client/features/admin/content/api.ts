// The content editor's API (server/modules/content/routes.ts, admin only). Every save refreshes the back office's
// lists and the public blog and page queries, so what the admin just published shows at once.
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS } from '@domain/constants';
import type { AdminCategory, ContentEntryAdmin, ContentInput, Category, CategoryInput } from '@domain/content';
import { ApiError, apiDelete, apiGet, apiPost, apiPut } from '@/lib/api-client';
import { readString } from '@/lib/storage';

const BASE = '/api/admin/content';

export interface AdminContentList { entries: Omit<ContentEntryAdmin, 'body'>[]; categories: Category[] }
export interface AdminContentFilters { kind?: 'post' | 'page'; status?: ContentEntryAdmin['status']; q?: string }

export const adminContentListQuery = (filters: AdminContentFilters) =>
  queryOptions({
    queryKey: [BASE, 'list', filters],
    queryFn: ({ signal }) => apiGet<AdminContentList>(BASE, { params: { ...filters }, signal }),
    placeholderData: (previous) => previous,
  });
export const useAdminContentList = (filters: AdminContentFilters) => useQuery(adminContentListQuery(filters));

export const adminContentEntryQuery = (id: number) =>
  queryOptions({
    queryKey: [BASE, 'entry', id],
    queryFn: ({ signal }) => apiGet<ContentEntryAdmin>(`${BASE}/${id}`, { signal }),
  });
export const useAdminContentEntry = (id: number | null) => useQuery({ ...adminContentEntryQuery(id ?? 0), enabled: id != null });

async function refreshContent(qc: QueryClient) {
  await Promise.all([
    qc.invalidateQueries({ queryKey: [BASE] }),
    qc.invalidateQueries({ queryKey: ['/api/content/posts'] }),
    qc.invalidateQueries({ queryKey: ['/api/content/pages'] }),
  ]);
}

interface MutationResult { message: string; entry: ContentEntryAdmin }

export function useSaveContent(id: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ContentInput) => (id == null ? apiPost<MutationResult>(BASE, input) : apiPut<MutationResult>(`${BASE}/${id}`, input)),
    onSuccess: async (result) => {
      qc.setQueryData(adminContentEntryQuery(result.entry.id).queryKey, result.entry);
      await refreshContent(qc);
    },
  });
}

export function useDeleteContent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete<{ message: string }>(`${BASE}/${id}`),
    onSuccess: () => refreshContent(qc),
  });
}

// ---- Blog categories (their address is fixed once created)
const CATEGORIES = `${BASE}/categories`;
export const useAdminCategories = () => useQuery({
  queryKey: [BASE, 'categories'],
  queryFn: ({ signal }) => apiGet<{ categories: AdminCategory[] }>(CATEGORIES, { signal }).then((r) => r.categories),
});

/** Every category change, or failed attempt, refreshes the back office and the public blog (its category links). */
function useCategoryMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => refreshContent(qc) });
}
export const useCreateCategory = () => useCategoryMutation((input: CategoryInput) => apiPost<AdminCategory>(CATEGORIES, input));
export const useUpdateCategory = () =>
  useCategoryMutation(({ id, ...input }: { id: number; title: string; description: string }) => apiPut<AdminCategory>(`${CATEGORIES}/${id}`, input));
export const useReorderCategories = () =>
  useCategoryMutation((ids: number[]) => apiPut<{ categories: AdminCategory[] }>(`${CATEGORIES}/order`, { ids }));
export const useDeleteCategory = () => useCategoryMutation((id: number) => apiDelete<{ message: string }>(`${CATEGORIES}/${id}`));

export const previewMarkdown = (body: string, signal?: AbortSignal) =>
  apiPost<{ html: string; readingTime: number; words: number }>(`${BASE}/preview`, { body }, { signal });

/** The image itself as the request body: the server's pipeline checks it by content and stores WebP/AVIF variants. */
export async function uploadCover(file: File): Promise<{ url: string; width: number; height: number }> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': file.type || 'application/octet-stream' };
  const token = readString(STORAGE_KEYS.adminToken);
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`${BASE}/cover`, { method: 'POST', credentials: 'include', headers, body: file });
  const text = await res.text();
  let json: unknown;
  try { json = text ? JSON.parse(text) : undefined; } catch { json = undefined; }
  if (!res.ok) throw new ApiError(res.status, res.statusText, text, json);
  return json as { url: string; width: number; height: number };
}
