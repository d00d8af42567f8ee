// Field data (issue 35 §3): real visitors' Core Web Vitals, as a dealer would watch them. The browser measures LCP,
// INP and CLS with the web-vitals library and sends them once, when the page is hidden, to our own endpoint. Nothing
// personal: the kind of page, phone or desktop, and the figures. Thresholds are Google's (web.dev/vitals).
// No zod here: the browser's reporter imports these values (./web-vitals.ts holds the schemas).
export const VITAL_NAMES = ['LCP', 'INP', 'CLS'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

/** Good up to the first figure, poor above the second (LCP and INP in ms, CLS unitless). */
export const VITAL_THRESHOLDS: Record<VitalName, readonly [good: number, poor: number]> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
};

export type VitalRating = 'good' | 'needs-improvement' | 'poor';
export function vitalRating(name: VitalName, value: number): VitalRating {
  const [good, poor] = VITAL_THRESHOLDS[name];
  return value <= good ? 'good' : value <= poor ? 'needs-improvement' : 'poor';
}

/** The kinds of page reported apart: a path's kind, never the path itself (no vehicle ids or search words kept). */
export const VITAL_PAGES = ['home', 'listing', 'vehicle', 'blog-post', 'other'] as const;
export type VitalPage = (typeof VITAL_PAGES)[number];
export const VITAL_PAGE_LABELS: Record<VitalPage, string> = {
  home: 'Home', listing: 'Inventory listing', vehicle: 'Vehicle pages', 'blog-post': 'Blog posts', other: 'Other pages',
};
export function vitalPageOf(path: string): VitalPage {
  const p = path.split(/[?#]/)[0]!.replace(/\/+$/, '') || '/';
  if (p === '/') return 'home';
  if (p === '/vehicles') return 'listing';
  if (/^\/vehicles\/\d+$/.test(p)) return 'vehicle';
  if (/^\/blog\/(?!category\/)[^/]+$/.test(p)) return 'blog-post';
  return 'other';
}

export const FORM_FACTORS = ['phone', 'desktop'] as const;
export type FormFactor = (typeof FORM_FACTORS)[number];

