// GET /api/content/posts/:slug (issue 7): one published post.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PostDetail } from '@domain/content';
import { apiGet } from '@/lib/api-client';

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
