// The draft, persisted in sessionStorage on every change (issue: "answers kept in sessionStorage").
import { useEffect, useState } from 'react';
import { readJSON, writeJSON } from '@/lib/storage';
import { EMPTY_DRAFT, FINDER_STORAGE_KEY, isDraft, type FinderDraft } from './finder-draft';

export function useFinderDraft() {
  const [draft, setDraft] = useState<FinderDraft>(() =>
    readJSON(FINDER_STORAGE_KEY, EMPTY_DRAFT, { area: 'session', validate: isDraft, onCorrupt: 'remove' }));
  useEffect(() => { writeJSON(FINDER_STORAGE_KEY, draft, { area: 'session' }); }, [draft]);
  return [draft, setDraft] as const;
}
