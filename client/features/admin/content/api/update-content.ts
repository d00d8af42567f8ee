// PUT /api/admin/content/:id (issue 7): saves a post or site page; a post's changed slug keeps the old one as a
// redirect. Audited on the server.
import type { ContentInput } from '@domain/content';
import { apiPut } from '@/lib/api-client';
import { CONTENT_PATH } from './get-content-list';
import type { ContentSaved } from '../save-content';

export const updateContent = (id: number, input: ContentInput) => apiPut<ContentSaved>(`${CONTENT_PATH}/${id}`, input);
