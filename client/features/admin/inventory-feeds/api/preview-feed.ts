// POST /api/admin/inventory-feeds/preview (issue 32): a feed's first rows and the suggested mapping; nothing is saved.
import { useMutation } from '@tanstack/react-query';
import type { FeedDefaults, FeedDelimiter, FeedEncoding, FeedTranslations, OdometerUnit } from '@domain/feed-reading';
import type { FeedMapping, FeedPreview } from '@domain/inventory-feeds';
import { apiPost } from '@/lib/api-client';

export interface PreviewRequest {
  url: string;
  username?: string | null;
  password?: string | null;
  feedId?: number;
  /** The page's current mapping and reading settings: the preview shows the rows as they would be published. */
  mapping?: FeedMapping;
  encoding?: FeedEncoding;
  delimiter?: FeedDelimiter;
  odometerUnit?: OdometerUnit | null;
  defaults?: FeedDefaults;
  translations?: FeedTranslations;
}

export const previewFeed = (body: PreviewRequest) => apiPost<FeedPreview>('/api/admin/inventory-feeds/preview', body);
export const usePreviewFeed = () => useMutation({ mutationFn: previewFeed });
