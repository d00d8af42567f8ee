import { describe, expect, it } from 'vitest';
import { loginRedirectParam, safeRedirect } from './safe-redirect';

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
