// DELETE /api/admin/content/:id (issue 7): removes a post (site pages cannot be deleted). Audited on the server.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '@/lib/api-client';
import { refreshContent } from '../refresh-content';
import { CONTENT_PATH } from './get-content-list';

export const deleteContent = (id: number) => apiDelete<{ message: string }>(`${CONTENT_PATH}/${id}`);

export function useDeleteContent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteContent,
    onSuccess: () => refreshContent(qc),
  });
}
