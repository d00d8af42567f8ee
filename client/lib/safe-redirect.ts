/**
 * Where to go after login: the `redirect` query parameter when it is a path on this site, else the fallback.
 * Only same-site paths are followed, so a crafted link cannot bounce a fresh login to another site.
 */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target) return fallback;
  const t = target.trim();
  if (!t.startsWith('/') || t.startsWith('//') || t.startsWith('/\\')) return fallback;
  // Control characters could be read as a scheme or host by some parsers.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f]/.test(t)) return fallback;
  return t;
}

/** The current location as a `redirect` value for a login link. */
export function loginRedirectParam(pathname: string, search = '', hash = ''): string {
  return new URLSearchParams({ redirect: pathname + search + hash }).toString();
}
