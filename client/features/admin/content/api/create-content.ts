// POST /api/admin/content (issue 7): a new post (site pages are fixed, never created). Audited on the server.
import type { ContentInput } from '@domain/content';
import { apiPost } from '@/lib/api-client';
import { CONTENT_PATH } from './get-content-list';
import type { ContentSaved } from '../save-content';

export const createContent = (input: ContentInput) => apiPost<ContentSaved>(CONTENT_PATH, input);
