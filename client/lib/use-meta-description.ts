import { useEffect } from 'react';

/** Keeps <meta name="description"> right on client-side navigation (the server writes it for the first load). */
export function useMetaDescription(description: string) {
  useEffect(() => {
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = description;
  }, [description]);
}
