// Issue 14 item 1: the browser runs React 19 itself (the owner asked for React), never a compatibility layer.
// Checked twice: in the built bundle the server serves, and in the running page.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';

test('the built client bundles react-dom and no Preact', async () => {
  const dir = path.resolve('dist/client/assets');
  const code = readdirSync(dir).filter((f) => f.endsWith('.js')).map((f) => readFileSync(path.join(dir, f), 'utf8')).join('\n');
  // react-dom's production build: the markers it puts on the root container and on every node it renders, its
  // minified error text, and the hydrateRoot export.
  expect(code).toContain('__reactContainer$');
  expect(code).toContain('__reactFiber$');
  expect(code).toContain('Minified React error');
  expect(code).toContain('hydrateRoot');
  // Preact's signatures: its options hooks and devtools global.
  expect(code).not.toMatch(/__PREACT_DEVTOOLS__|preact\/compat|__preactattr_/);
});

test('the running page is a React root, hydrated from the server HTML', async ({ page }) => {
  const res = await page.request.get('/');
  expect(await res.text()).toMatch(/<div id="root"><div/);
  await page.goto('/');
  const isReactRoot = await page.evaluate(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer$')));
  expect(isReactRoot).toBe(true);
});
