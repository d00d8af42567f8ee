// GET /api/admin/content (issue 7): every blog post and site page (without bodies) and the blog's categories.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category, ContentEntryAdmin } from '@domain/content';
import { apiGet } from '@/lib/api-client';

/** Every content query key starts with it, so refreshContent() finds them all. */
export const CONTENT_PATH = '/api/admin/content';

export interface AdminContentList { entries: Omit<ContentEntryAdmin, 'body'>[]; categories: Category[] }
export interface AdminContentFilters { kind?: 'post' | 'page'; status?: ContentEntryAdmin['status']; q?: string }

/** The list opens unfiltered; the editor reads the site pages. Shared with the route loaders (issue 31 §4). */
export const DEFAULT_CONTENT_FILTERS: AdminContentFilters = {};
export const SITE_PAGES_FILTERS: AdminContentFilters = { kind: 'page' };

export const adminContentListQueryOptions = (filters: AdminContentFilters) =>
  queryOptions({
    queryKey: [CONTENT_PATH, 'list', filters],
    queryFn: ({ signal }) => apiGet<AdminContentList>(CONTENT_PATH, { params: { ...filters }, signal }),
    placeholderData: (previous) => previous,
  });

export const useAdminContentList = (filters: AdminContentFilters) => useQuery(adminContentListQueryOptions(filters));
