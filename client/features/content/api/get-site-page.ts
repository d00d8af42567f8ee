// GET /api/content/pages/:slug (issue 7): one of the site's editable pages (info and legal pages).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SitePage } from '@domain/content';
import { apiGet } from '@/lib/api-client';

export const sitePageQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['/api/content/pages', slug],
    queryFn: ({ signal }) => apiGet<SitePage>(`/api/content/pages/${encodeURIComponent(slug)}`, { signal }),
  });

export const useSitePage = (slug: string) => useQuery(sitePageQueryOptions(slug));
