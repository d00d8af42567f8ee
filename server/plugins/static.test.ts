// One process serves the built client, its pages (plugins/pages.ts: here without the React renderer, so each page is
// the shell with its head; server rendering is tested in plugins/pages.test.ts) and uploaded images (DESIGN.md "One
// process"): cache headers, and JSON 404s for everything that is not a page.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, type TestContext } from '../test/helpers';

const INDEX = '<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>';
let clientDir: string;
let t: TestContext;
beforeAll(async () => {
  clientDir = await mkdtemp(path.join(tmpdir(), 'prairie-client-'));
  await mkdir(path.join(clientDir, 'assets'));
  await writeFile(path.join(clientDir, 'index.html'), INDEX);
  await writeFile(path.join(clientDir, 'assets', 'app-abc123.js'), 'console.log("app")');
  await writeFile(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ clientDir });
  await mkdir(path.join(t.config.uploadsDir, 'vehicles', '7'), { recursive: true });
  await writeFile(path.join(t.config.uploadsDir, 'vehicles', '7', '0-800.webp'), Buffer.from('RIFF....WEBP'));
});
afterAll(async () => {
  await t.close();
  await rm(clientDir, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('the built client', () => {
  // The page's own head written into the template is tested in modules/seo/seo.test.ts.
  it.each(['/', '/vehicles?ref=home', '/admin/dashboard', '/no/such/page'])('serves index.html for the page %s to every client, never cached', async (url) => {
    const bodies = new Set<string>();
    // Browsers, crawlers, link previews and curl alike: the Accept header does not matter.
    for (const headers of [html, { accept: '*/*' }, { accept: 'application/json' }, {}] as Record<string, string>[]) {
      const res = await get(url, headers);
      expect(res.statusCode, headers.accept).toBe(200);
      expect(res.headers['content-type'], headers.accept).toBe('text/html; charset=utf-8');
      // Nothing personal in a visitor's page: revalidated every time, but it may be stored.
      expect(res.headers['cache-control'], headers.accept).toBe('no-cache');
      expect(res.headers.vary, headers.accept).toBe('cookie, accept-encoding, sec-ch-ua-mobile, user-agent');
      // No theme cookie: the device's preference decides, through CSS (the 'system' theme, issue 21).
      expect(res.body).toMatch(/^<!doctype html><html class="theme-system"><head>\n {4}<title>[^<]+<\/title>/);
      expect(res.body).toContain('<script type="module" src="/assets/app-abc123.js"></script>');
      // Without the renderer the root stays empty (the browser renders the page) and there is no render state.
      expect(res.body.endsWith('</head><body><div id="root"></div></body></html>')).toBe(true);
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      bodies.add(res.body);
    }
    expect(bodies.size).toBe(1);
  });

  it("keeps the page of a visitor with a session out of every cache, the browser's too (issue 36 item 4)", async () => {
    const { cookie } = await loginAs(t.app, await t.createUser());
    const res = await get('/vehicles', { ...html, cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toBe('cookie, accept-encoding, sec-ch-ua-mobile, user-agent');
  });

  it('answers HEAD for a page with the headers of GET and no body', async () => {
    const viaGet = await get('/vehicles');
    const head = await t.app.inject({ method: 'HEAD', url: '/vehicles' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe(viaGet.headers['content-type']);
    expect(head.headers['cache-control']).toBe(viaGet.headers['cache-control']);
    expect(head.body).toBe('');
  });

  it('serves hashed assets with a year-long immutable cache, other files revalidated', async () => {
    const asset = await get('/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const favicon = await get('/favicon.svg');
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['cache-control']).toBe('no-cache');
  });

  it('answers JSON 404s for API paths, missing assets and files, and requests that are not GET or HEAD', async () => {
    const api = await get('/api/missing', html);
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ code: 'path_not_found', message: 'Not found: GET /api/missing' });
    for (const url of ['/api', '/api?x=1', '/assets/missing.js', '/assets/app-abc123', '/missing.png', '/vehicles/feed.json']) {
      const res = await get(url, html);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
    }
    const post = await t.app.inject({ method: 'POST', url: '/vehicles', headers: html });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ code: 'path_not_found', message: 'Not found: POST /vehicles' });
  });
});

describe('uploads', () => {
  it('serves an uploaded variant with a year-long immutable cache', async () => {
    const res = await get('/uploads/vehicles/7/0-800.webp');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers 404 for a missing upload, even to a browser asking for a page, and never escapes its folder', async () => {
    const missing = await get('/uploads/vehicles/7/9-800.webp', html);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'path_not_found', message: 'Not found: GET /uploads/vehicles/7/9-800.webp' });
    for (const url of ['/uploads/../package.json', '/uploads/%2e%2e/%2e%2e/package.json', '/uploads/..%2f..%2fpackage.json']) {
      expect([400, 403, 404]).toContain((await get(url)).statusCode);
    }
  });
});

describe('without a built client', () => {
  it('serves the API alone and answers page requests with a JSON 404', async () => {
    const bare = await createTestApp({ clientDir: path.join(clientDir, 'does-not-exist') });
    try {
      for (const headers of [html, {}]) {
        const res = await bare.app.inject({ method: 'GET', url: '/', headers });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ code: 'path_not_found', message: 'Not found: GET /' });
      }
      expect((await bare.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });
});

describe('compression', () => {
  it('compresses the page for browsers that accept brotli or gzip, and says the answer varies by encoding', async () => {
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const plain = await get('/', html);
    const br = await get('/', { ...html, 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get('/', { ...html, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('compresses JSON answers (the listing page is about 60 KB of JSON) and leaves small ones alone', async () => {
    const { brotliDecompressSync } = await import('node:zlib');
    for (let i = 0; i < 20; i++) await t.createVehicle({ price: 20_000 + i * 1000 });
    const url = '/api/vehicles?format=paginated&page=1&limit=20';
    const plain = await get(url);
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const health = await get('/api/health', { 'accept-encoding': 'br' });
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('serves the precompressed twin of an asset when the build wrote one', async () => {
    const { brotliCompressSync } = await import('node:zlib');
    await writeFile(path.join(clientDir, 'assets', 'big-abc.js'), 'x'.repeat(5000));
    await writeFile(path.join(clientDir, 'assets', 'big-abc.js.br'), brotliCompressSync('x'.repeat(5000)));
    // Files are registered at start: a fresh app sees the new ones.
    const fresh = await createTestApp({ clientDir });
    try {
      const res = await fresh.app.inject({ method: 'GET', url: '/assets/big-abc.js', headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    } finally {
      await fresh.close();
    }
  });
});
