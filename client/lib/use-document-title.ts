import { useEffect } from 'react';
import { pageTitle } from '@domain/seo';

/**
 * The server writes the first HTML head for public pages (modules/seo, with the same pageTitle); this keeps the
 * title right on client navigation.
 */
export function useDocumentTitle(title?: string) {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
