// Public content API (issue 7): GET /api/content/posts, /api/content/posts/:slug, /api/content/pages/:slug.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PostDetail, PostList, SitePage } from '@domain/content';
import { apiGet, toQueryString } from '@/lib/api-client';

export interface PostListParams { page: number; category?: string }

export const postListQueryOptions = ({ page, category }: PostListParams) =>
  queryOptions({
    queryKey: ['/api/content/posts', { page, category: category ?? null }],
    queryFn: ({ signal }) => apiGet<PostList>(`/api/content/posts${toQueryString({ page: page > 1 ? page : undefined, category })}`, { signal }),
  });
export const usePostList = (params: PostListParams) => useQuery({ ...postListQueryOptions(params), placeholderData: keepPreviousData });

/**
 * A post by slug. An old slug answers 301 and fetch follows it to the post's current address, so the answer's
 * slug may differ from the one asked for: the page then replaces its URL.
 */
export const postQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['/api/content/posts', slug],
    queryFn: ({ signal }) => apiGet<PostDetail>(`/api/content/posts/${encodeURIComponent(slug)}`, { signal }),
  });
export const usePost = (slug: string) => useQuery(postQueryOptions(slug));

export const sitePageQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['/api/content/pages', slug],
    queryFn: ({ signal }) => apiGet<SitePage>(`/api/content/pages/${encodeURIComponent(slug)}`, { signal }),
  });
export const useSitePage = (slug: string) => useQuery(sitePageQueryOptions(slug));
