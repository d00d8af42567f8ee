// The sitemap and robots lists (pages.ts) against the one route table (client/app/router.tsx): a public route added
// to the router without a decision here fails this test, as does a sitemap page the router no longer has.
import { describe, expect, it } from 'vitest';
import { routes } from '../../../client/app/router';
import { pageRoutes } from '../../../client/app/route-head';
import { isNotIndexed, NOT_INDEXED, robotsRuleCovers, SITEMAP_PAGES } from './pages';
import { escapeHtml, jsonForScript } from '../../lib/html';

const routerPaths = async () => {
  const paths = pageRoutes(routes).map((r) => r.pattern).filter((p) => p !== '/*');
  return { all: paths, fixed: paths.filter((p) => !p.includes(':')) };
};

describe('public pages and the route table', () => {
  it('decides for every fixed client route: in the sitemap, or kept out of the index', async () => {
    const { fixed } = await routerPaths();
    expect(fixed.length).toBeGreaterThan(40);
    const undecided = fixed.filter((p) => !SITEMAP_PAGES.some((s) => s.path === p) && !isNotIndexed(p));
    expect(undecided).toEqual([]);
  });

  it('lists only routes that exist, and never one it also keeps out of the index', async () => {
    const { fixed } = await routerPaths();
    for (const { path: p } of SITEMAP_PAGES) {
      expect(fixed).toContain(p);
      expect(isNotIndexed(p)).toBe(false);
    }
  });

  it('keeps every admin route out of the index', async () => {
    const { all } = await routerPaths();
    const admin = all.filter((p) => p.startsWith('/admin') || p.includes('vehicle/') || p.includes('import'));
    expect(admin.length).toBeGreaterThan(15);
    for (const p of admin) expect(isNotIndexed(p.replace(/:[^/]+/g, '1')), p).toBe(true);
  });

  it('matches robots rules as crawlers do: prefixes, and "$" for an exact path', () => {
    expect(robotsRuleCovers('/admin', '/admin-login')).toBe(true);
    expect(robotsRuleCovers('/referral-program$', '/referral-program')).toBe(true);
    expect(robotsRuleCovers('/referral-program$', '/referral-program-info')).toBe(false);
    expect(NOT_INDEXED.every((r) => r.robots.startsWith('/'))).toBe(true);
  });
});

describe('escaping', () => {
  it('escapes markup characters in text and attributes', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('writes JSON that cannot close its script element and parses back to the same data', () => {
    const data = { d: '</script><script>alert(1)</script><!-- & \u2028\u2029' };
    const json = jsonForScript(data);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(data);
  });
});
