// GET /api/content/posts (issue 7): a page of published posts, newest first, optionally of one category.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PostList } from '@domain/content';
import { apiGet, toQueryString } from '@/lib/api-client';

export interface PostListParams { page: number; category?: string }

/** The page a list address names (?page=N, 1 to 1000; anything else is the first): the list and its loader agree. */
export function postListPageOf(search: URLSearchParams): number {
  const raw = Number(search.get('page') ?? '1');
  return Number.isInteger(raw) && raw >= 1 && raw <= 1000 ? raw : 1;
}

export const postListQueryOptions = ({ page, category }: PostListParams) =>
  queryOptions({
    queryKey: ['/api/content/posts', { page, category: category ?? null }],
    queryFn: ({ signal }) => apiGet<PostList>(`/api/content/posts${toQueryString({ page: page > 1 ? page : undefined, category })}`, { signal }),
  });

export const usePostList = (params: PostListParams) => useQuery({ ...postListQueryOptions(params), placeholderData: keepPreviousData });
