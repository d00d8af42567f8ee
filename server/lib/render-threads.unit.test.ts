// The render threads' protocol (issue 30 §5), with real worker threads running a small renderer built from this
// module's serveRenders. The React app itself rendering in a thread: server/test/render-threads.test.ts.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiTransport, RawAnswer, RenderPageInput, RenderPageResult } from '@domain/page-render';
import { RenderThreadExitedError, startRenderThreads, type RenderThreads } from './render-threads';

// What the renderer in the thread does depends on the page's path.
const RENDERER = `
import { threadId } from 'node:worker_threads';
import { serveRenders } from './render-threads';
serveRenders(async ({ url, theme, sort, device, api, onError }) => {
  const { pathname } = new URL(url);
  if (pathname === '/throw') throw new TypeError('render broke');
  if (pathname === '/exit') process.exit(7);
  if (pathname === '/soft-error') onError(new RangeError('a part failed'));
  let text;
  try {
    text = (await api('GET', '/api/echo' + pathname, { accept: 'application/json' }, undefined)).text;
  } catch (err) {
    text = 'api failed: ' + err.message;
  }
  return { kind: 'page', status: 200, html: text + ' ' + theme + ' ' + sort + ' ' + device + ' thread ' + threadId, state: '{}', modules: [], head: null, renders: 1, unloaded: [] };
});
`;

let dir: string;
let file: URL;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'render-threads-'));
  const outfile = path.join(dir, 'renderer.mjs');
  await build({ stdin: { contents: RENDERER, resolveDir: import.meta.dirname, loader: 'ts' }, bundle: true, platform: 'node', format: 'esm', outfile, logLevel: 'silent' });
  file = pathToFileURL(outfile);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const answer = (text: string): RawAnswer => ({ status: 200, statusText: 'OK', text });

function input(pathname: string, api: ApiTransport, errors: unknown[] = []): RenderPageInput {
  return { url: `https://shop.example.ca${pathname}`, theme: 'dark', sort: 'price-asc', device: 'phone', api, onError: (err) => errors.push(err) };
}

const html = (r: RenderPageResult) => (r.kind === 'page' ? r.html : r.location);

describe('render threads', () => {
  let threads: RenderThreads;
  beforeAll(() => { threads = startRenderThreads({ file, size: 2 }); });
  afterAll(() => threads.close());

  it('renders in a thread, each API request answered by its own render’s transport', async () => {
    const asked: string[][] = [[], []];
    const transport = (n: number): ApiTransport => async (method, url, headers) => {
      asked[n]!.push(`${method} ${url} ${headers.accept}`);
      return answer(`answer ${n} to ${url}`);
    };
    const [a, b] = await Promise.all([threads.renderPage(input('/one', transport(0))), threads.renderPage(input('/two', transport(1)))]);
    expect(html(a)).toMatch(/^answer 0 to \/api\/echo\/one dark price-asc phone thread \d+$/);
    expect(html(b)).toMatch(/^answer 1 to \/api\/echo\/two dark price-asc phone thread \d+$/);
    expect(asked).toEqual([['GET /api/echo/one application/json'], ['GET /api/echo/two application/json']]);
  });

  it('spreads the renders in progress over the threads', async () => {
    const release: (() => void)[] = [];
    const held: ApiTransport = () => new Promise((resolve) => release.push(() => resolve(answer('late'))));
    const pages = [threads.renderPage(input('/a', held)), threads.renderPage(input('/b', held))];
    await expect.poll(() => release.length).toBe(2);
    expect(threads.inFlight()).toEqual([1, 1]);
    for (const r of release) r();
    const ids = (await Promise.all(pages)).map((r) => /thread (\d+)$/.exec(html(r))![1]);
    expect(new Set(ids).size).toBe(2);
    expect(threads.inFlight()).toEqual([0, 0]);
  });

  it('passes a render’s errors to its error sink, and a failed render rejects with the thread’s error', async () => {
    const errors: unknown[] = [];
    const page = await threads.renderPage(input('/soft-error', async () => answer('fine'), errors));
    expect(html(page)).toMatch(/^fine /);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(Error);
    expect(errors[0]).toMatchObject({ name: 'RangeError', message: 'a part failed' });
    await expect(threads.renderPage(input('/throw', async () => answer('unused')))).rejects.toMatchObject({ name: 'TypeError', message: 'render broke' });
  });

  it('gives a render its transport’s failure as a failed API request', async () => {
    const page = await threads.renderPage(input('/x', async () => { throw new Error('the database is away'); }));
    expect(html(page)).toMatch(/^api failed: the database is away /);
  });

  it('fails only the renders of a thread that stops, and renders the next page in a new thread', async () => {
    const stopped = threads.renderPage(input('/exit', async () => answer('unused')));
    await expect(stopped).rejects.toBeInstanceOf(RenderThreadExitedError);
    await expect(stopped).rejects.toThrow(/exit code 7/);
    const pages = await Promise.all([1, 2, 3].map((n) => threads.renderPage(input(`/after-${n}`, async (_m, url) => answer(url)))));
    expect(pages.map(html)).toEqual([1, 2, 3].map((n) => expect.stringMatching(new RegExp(`^/api/echo/after-${n} `))));
  });
});

it('lets the renders in progress finish when closed, and refuses new ones', async () => {
  const threads = startRenderThreads({ file, size: 1 });
  expect(html(await threads.renderPage(input('/first', async () => answer('ok'))))).toMatch(/^ok /);
  let release: (() => void) | null = null;
  const held = threads.renderPage(input('/held', () => new Promise((resolve) => { release = () => resolve(answer('finished')); })));
  await expect.poll(() => release).not.toBeNull();
  expect(threads.inFlight()).toEqual([1]);
  const closing = threads.close();
  release!();
  expect(html(await held)).toMatch(/^finished /);
  await closing;
  await expect(threads.renderPage(input('/late', async () => answer('ok')))).rejects.toThrow('the render threads are closed');
});
