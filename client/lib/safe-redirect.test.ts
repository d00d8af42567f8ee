import { describe, expect, it } from 'vitest';
import { authLinkFrom, loginRedirectParam, safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it('follows same-site paths', () => {
    expect(safeRedirect('/saved')).toBe('/saved');
    expect(safeRedirect('/vehicles?make=Ford#top')).toBe('/vehicles?make=Ford#top');
  });

  it('refuses other sites and odd values', () => {
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', 'saved', '/\u0000x']) {
      expect(safeRedirect(bad, '/admin')).toBe('/admin');
    }
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect('')).toBe('/');
  });

  it('builds the redirect parameter from the current location', () => {
    expect(loginRedirectParam('/profile', '?tab=1')).toBe('redirect=%2Fprofile%3Ftab%3D1');
  });
});

describe('authLinkFrom: the header links bring a shopper back where they were (issue 33 §2)', () => {
  it('carries the page, its query and its hash', () => {
    expect(authLinkFrom('/login', { pathname: '/vehicles/42' })).toBe('/login?redirect=%2Fvehicles%2F42');
    expect(authLinkFrom('/register', { pathname: '/vehicles', search: '?make=Ford&page=2', hash: '#results' }))
      .toBe('/register?redirect=%2Fvehicles%3Fmake%3DFord%26page%3D2%23results');
    // And the login page follows it back.
    const link = new URL(authLinkFrom('/login', { pathname: '/vehicles/42', search: '?photo=3' }), 'https://dealer.example');
    expect(safeRedirect(link.searchParams.get('redirect'))).toBe('/vehicles/42?photo=3');
  });

  it('needs no redirect from home, and keeps the one a sign-in page already has', () => {
    expect(authLinkFrom('/login', { pathname: '/' })).toBe('/login');
    expect(authLinkFrom('/register', { pathname: '/login', search: '?redirect=%2Fsaved' })).toBe('/register?redirect=%2Fsaved');
    expect(authLinkFrom('/login', { pathname: '/register' })).toBe('/login');
  });

  it('never carries another site along: no open redirect', () => {
    for (const evil of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      expect(authLinkFrom('/register', { pathname: '/login', search: `?${new URLSearchParams({ redirect: evil })}` })).toBe('/register');
    }
    // A crafted path of this site stays a path of this site.
    const link = new URL(authLinkFrom('/login', { pathname: '//evil.example/x' }), 'https://dealer.example');
    expect(link.origin).toBe('https://dealer.example');
    expect(link.pathname).toBe('/login');
    expect(safeRedirect(link.searchParams.get('redirect'))).toBe('/');
  });
});
