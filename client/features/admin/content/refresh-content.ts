// What every content change refreshes: the back office's lists and the public blog and page queries, so what the
// admin just published (or a renamed category's links) shows at once.
import type { QueryClient } from '@tanstack/react-query';
import { CONTENT_PATH } from './api/get-content-list';

export async function refreshContent(qc: QueryClient) {
  await Promise.all([
    qc.invalidateQueries({ queryKey: [CONTENT_PATH] }),
    qc.invalidateQueries({ queryKey: ['/api/content/posts'] }),
    qc.invalidateQueries({ queryKey: ['/api/content/pages'] }),
  ]);
}
