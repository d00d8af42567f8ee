// Issue 30 §5: in production pages render in worker threads (lib/render-threads.ts, render-thread.ts). The thread
// runs the React app's own renderer from the server's build, and every API request it makes is answered on the
// main thread as the visitor: so a page, public or personal, is the same HTML as rendered in process.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import { build } from 'esbuild';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RenderPage } from '@domain/page-render';
import { renderPage as renderInProcess } from '../../client/entry-server';
import { users } from '../db/schema';
import { seedDemoData } from '../db/seed/index';
import { startRenderThreads, type RenderThreads } from '../lib/render-threads';
import { ensureContent } from '../modules/content/seed/index';
import { createTestAppWithClient, loginAs, renderedRoot, type TestContext } from './helpers';

const SEED_NOW = new Date('2026-11-22T17:00:00Z');

let t: TestContext;
let threads: RenderThreads;
let buildDir: string;
let where: 'thread' | 'process' = 'thread';
const rendered: string[] = [];

beforeAll(async () => {
  // Built as `npm run build:server` builds it (scripts/build-server.mjs), inside the project so that its packages
  // (left external) resolve from node_modules.
  await mkdir('.tmp', { recursive: true });
  buildDir = await mkdtemp(path.resolve('.tmp', 'render-thread-'));
  const outfile = path.join(buildDir, 'render-thread.js');
  await build({ entryPoints: ['server/render-thread.ts'], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node24', packages: 'external', logLevel: 'warning' });
  threads = startRenderThreads({ file: pathToFileURL(outfile), size: 2 });
  const renderer: RenderPage = (input) => {
    rendered.push(`${where} ${new URL(input.url).pathname}`);
    return where === 'thread' ? threads.renderPage(input) : renderInProcess(input);
  };
  t = await createTestAppWithClient({ renderer });
  await seedDemoData(t.db, { uploadsDir: t.config.uploadsDir, adminPassword: 'test-admin-password', images: false, now: SEED_NOW });
  await ensureContent(t.db, { posts: true, now: SEED_NOW, preApprovalRetentionDays: 730 });
  t.app.inventoryCache.invalidate();
  await t.app.inventoryIndex.build();
}, 120_000);
afterAll(async () => {
  await t?.close();
  await threads?.close();
  await rm(buildDir, { recursive: true, force: true });
});

async function page(url: 'thread' | 'process', path_: string, cookie?: string) {
  where = url;
  const res = await t.app.inject({ url: path_, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
  return { status: res.statusCode, root: res.statusCode === 302 ? '' : renderedRoot(res.body), location: res.headers.location };
}

it('renders public pages in a thread exactly as in process', async () => {
  const list = (await t.app.inject({ url: '/api/vehicles?format=paginated&limit=1' })).json() as { vehicles: { id: number; make: string }[] };
  const vehicle = list.vehicles[0]!;
  for (const url of ['/', '/vehicles?make=Ford&sortBy=price-asc', `/vehicles/${vehicle.id}`, '/vehicles/999999', '/blog']) {
    // A signed-out page is kept for a few seconds (plugins/page-cache.ts): a query string of its own per render.
    const inThread = await page('thread', `${url}${url.includes('?') ? '&' : '?'}r=1`);
    const inProcess = await page('process', `${url}${url.includes('?') ? '&' : '?'}r=2`);
    expect(inThread.status, url).toBe(inProcess.status);
    expect(inThread.root.length, url).toBeGreaterThan(1000);
    expect(inThread.root, url).toBe(inProcess.root.replaceAll('r=2', 'r=1').replaceAll('r%3D2', 'r%3D1'));
  }
  expect((await page('thread', `/vehicles/${vehicle.id}?r=3`)).root).toContain(vehicle.make);
  expect(rendered.filter((r) => r.startsWith('thread')).length).toBeGreaterThanOrEqual(6);
}, 120_000);

it('renders a signed-in shopper’s page in a thread with their own data, and sends a signed-out visitor to sign in', async () => {
  const [jordan] = await t.db.select().from(users).where(eq(users.username, 'jordan'));
  const { cookie } = await loginAs(t.app, jordan!);
  const inThread = await page('thread', '/profile', cookie);
  const inProcess = await page('process', '/profile', cookie);
  expect(inThread.status).toBe(200);
  expect(inThread.root).toContain(jordan!.email);
  expect(inThread.root).toBe(inProcess.root);
  const signedOut = await page('thread', '/profile');
  expect(signedOut.status).toBe(302);
  expect(signedOut.location).toMatch(/^\/login/);
}, 60_000);
