import { useEffect } from 'react';
import { pageTitle } from '@domain/seo';

/**
 * The title of a page whose head comes from data (a vehicle, a post), on client navigation; the server writes the
 * first HTML's with the same pageTitle. A static page's title is its route's (app/route-head.ts) and needs no call.
 * null: the site's home title; undefined: not known yet, so the title stays as it is.
 */
export function useDocumentTitle(title: string | null | undefined) {
  useEffect(() => {
    if (title !== undefined) document.title = pageTitle(title);
  }, [title]);
}
