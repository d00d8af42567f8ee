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

/** Where a visitor asking for a signed-in page is sent: the sign-in page, to come back here afterwards. */
export function loginTarget(loginPath: string, location: { pathname: string; search?: string; hash?: string }): string {
  return `${loginPath}?${loginRedirectParam(location.pathname, location.search, location.hash)}`;
}

/** Pages that sign a visitor in or up: a link to sign in from one of them keeps the redirect it already carries. */
const AUTH_PATHS = ['/login', '/register', '/customer-login', '/admin-login', '/forgot-password', '/reset-password'];

/**
 * The header's Login or Register link, from where the shopper is (issue 33 §2): signing in brings them back to the
 * vehicle page they were on, not home. Home needs no redirect; on a sign-in page the redirect already there is kept.
 */
export function authLinkFrom(base: '/login' | '/register', location: { pathname: string; search?: string; hash?: string }): string {
  const { pathname, search = '', hash = '' } = location;
  if (AUTH_PATHS.includes(pathname)) {
    const kept = safeRedirect(new URLSearchParams(search).get('redirect'), '');
    return kept ? `${base}?${new URLSearchParams({ redirect: kept })}` : base;
  }
  if (pathname === '/' && !search && !hash) return base;
  const target = safeRedirect(pathname + search + hash, '');
  return target ? `${base}?${loginRedirectParam(pathname, search, hash)}` : base;
}
