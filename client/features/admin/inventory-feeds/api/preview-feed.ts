// POST /api/admin/inventory-feeds/preview (issue 32): a feed's first rows and the suggested mapping; nothing is saved.
import { useMutation } from '@tanstack/react-query';
import type { FeedPreview } from '@domain/inventory-feeds';
import { apiPost } from '@/lib/api-client';

export interface PreviewRequest { url: string; username?: string | null; password?: string | null; feedId?: number }

export const previewFeed = (body: PreviewRequest) => apiPost<FeedPreview>('/api/admin/inventory-feeds/preview', body);
export const usePreviewFeed = () => useMutation({ mutationFn: previewFeed });
