// Page paths as the first-party analytics record them (issue 6 "no personal data"). Kept apart from
// domain/analytics.ts, whose zod schemas would put 26 KiB of validator into every page that counts a view.

/** The path without query string or hash (they may hold search words or codes), at most 300 characters. */
export const cleanPath = (path: string) => path.split(/[?#]/)[0]!.slice(0, 300) || '/';
