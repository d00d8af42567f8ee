// GET /api/admin/content/categories (issue 7): the blog's categories in the blog's order, with their post counts.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCategory } from '@domain/content';
import { apiGet } from '@/lib/api-client';
import { CONTENT_PATH } from './get-content-list';

/** The categories' address; a category's own address is fixed once created. */
export const CATEGORIES_PATH = `${CONTENT_PATH}/categories`;

export const adminCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: [CONTENT_PATH, 'categories'],
    queryFn: ({ signal }) => apiGet<{ categories: AdminCategory[] }>(CATEGORIES_PATH, { signal }).then((r) => r.categories),
  });

export const useAdminCategories = () => useQuery(adminCategoriesQueryOptions());
