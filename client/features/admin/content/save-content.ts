// The editor's one Save button: api/create-content.ts for a new post, api/update-content.ts for an existing entry.
// The saved entry goes straight into the cache (the editor shows it without a refetch), then every list refreshes.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContentEntryAdmin, ContentInput } from '@domain/content';
import { createContent } from './api/create-content';
import { adminContentEntryQueryOptions } from './api/get-content-entry';
import { updateContent } from './api/update-content';
import { refreshContent } from './refresh-content';

export interface ContentSaved { message: string; entry: ContentEntryAdmin }

export function useSaveContent(id: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ContentInput) => (id == null ? createContent(input) : updateContent(id, input)),
    onSuccess: async (result) => {
      qc.setQueryData(adminContentEntryQueryOptions(result.entry.id).queryKey, result.entry);
      await refreshContent(qc);
    },
  });
}
