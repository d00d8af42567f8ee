import { useEffect } from 'react';
import { DEALERSHIP } from '@domain/settings';

/** The server writes the first HTML head for public pages (DESIGN.md); this keeps the title right on client navigation. */
export function pageTitle(title?: string) {
  return title ? `${title} | ${DEALERSHIP.name}` : `${DEALERSHIP.name}: ${DEALERSHIP.tagline}`;
}

export function useDocumentTitle(title?: string) {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
