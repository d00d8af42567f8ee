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
