// First-load speed (issue 3 "Lighthouse"): a page's first HTML preloads its first, largest image, so the photo
// downloads while the stylesheet and scripts do (server/modules/seo/pages.ts).

/** A <link rel="preload" as="image"> for a responsive image: the browser picks the same file the page's <img> will. */
export interface ImagePreload {
  srcset: string;
  sizes: string;
  /** MIME type, so a browser that cannot show the format skips the preload (as <picture> skips the source). */
  type: string;
}
