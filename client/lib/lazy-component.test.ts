// Issue 31: a lazy component's id is the path of the module its loader imports, so the server finds the page's
// chunks in Vite's manifest and preloads them. 28 of 64 ids once named no file (old folder names, `#Name` ids).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { CLIENT_ROOT, lazyModules } from '../../scripts/lazy-modules';

it('names every lazy component by the module its loader imports, and that module exists', () => {
  const modules = lazyModules();
  // The router's pages alone are over 50; a scanner that stopped finding them would pass vacuously.
  expect(modules.filter((m) => m.file === 'app/router.tsx').length).toBeGreaterThan(50);
  const wrong = modules.filter((m) => m.imported !== m.id).map((m) => `${m.file}: '${m.id}' loads '${m.imported}'`);
  expect(wrong).toEqual([]);
  const missing = modules.filter((m) => !['.tsx', '.ts'].some((ext) => existsSync(path.join(CLIENT_ROOT, m.id + ext))));
  expect(missing.map((m) => m.id)).toEqual([]);
});

// Issue 35 §1-2: a part that waits to be near the viewport (lazyOnView) is in the server's HTML like any other, in
// its wrapper, but not named in the render state, so the browser does not load its code before hydrating. (Its
// waiting, the held tap and the navigation that wakes it are covered end to end: e2e/client-manifest.spec.ts.)
it('renders a part that waits for the viewport in full on the server, and leaves it out of the render state', async () => {
  const { lazyOnView, lazyComponent, preloadAllComponents } = await import('./lazy-component');
  const { RenderOutcomeContext } = await import('./render-context');
  const { renderToStaticMarkup } = await import('react-dom/server');
  const { createElement } = await import('react');
  const Waiting = lazyOnView('test/waiting-part', async () => ({ default: ({ label }: { label: string }) => createElement('p', null, label) }));
  const Eager = lazyComponent('test/eager-part', async () => ({ default: () => createElement('span', null, 'eager') }));
  await preloadAllComponents();
  const outcome = { status: 200, redirect: null, modules: new Set<string>() };
  const html = renderToStaticMarkup(createElement(RenderOutcomeContext.Provider, { value: outcome },
    createElement(Waiting, { label: 'below the fold', className: 'mt-auto' }), createElement(Eager)));
  expect(html).toBe('<div class="empty:hidden mt-auto" data-part="test/waiting-part"><p>below the fold</p></div><span>eager</span>');
  expect([...outcome.modules]).toEqual(['test/eager-part']);
});
