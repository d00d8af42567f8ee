// POST /api/admin/content/preview (issue 7): the body rendered by the server's own sanitising renderer, with its
// word count and reading time, so the editor's preview is what visitors will get.
import { apiPost } from '@/lib/api-client';
import { CONTENT_PATH } from './get-content-list';

export const previewMarkdown = (body: string, signal?: AbortSignal) =>
  apiPost<{ html: string; readingTime: number; words: number }>(`${CONTENT_PATH}/preview`, { body }, { signal });
