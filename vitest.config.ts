import { globSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const alias = { '@': r('./client'), '@domain': r('./domain'), '@server': r('./server') };

// The API suite shares each worker's loaded modules between its files (isolate: false): importing the server anew
// for every file was most of the suite's time (407 s against 243 s). A file that replaces a module with vi.mock needs
// a module registry of its own, as the shared one may already hold the real module: those run in `api-isolated`.
// Found by reading the files, so a new one lands there by itself.
const apiTests = ['server/**/*.test.ts'];
const apiExclude = ['server/**/*.unit.test.ts'];
const mocksModules = globSync(apiTests, { exclude: apiExclude })
  .filter((file) => /\bvi\.mock\(/.test(readFileSync(file, 'utf8')));
const apiTest = {
  environment: 'node',
  globalSetup: ['./server/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // PGlite runs in-process; two workers keep both cores busy without thrashing.
  maxWorkers: 2,
};

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['domain/**/*.test.ts', 'client/**/*.test.{ts,tsx}', 'server/**/*.unit.test.ts'],
          exclude: [...configDefaults.exclude, 'client/**/*.component.test.tsx'],
          environment: 'node',
        },
      },
      {
        // Components rendered into a DOM (jsdom) with Testing Library: forms, filters, the worksheet's inputs, the
        // booking modal. What needs a real browser (journeys, hydration, layout, speed) stays in e2e/.
        resolve: { alias },
        test: {
          name: 'component',
          include: ['client/**/*.component.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['./test/component/setup.ts'],
        },
      },
      {
        resolve: { alias },
        test: { ...apiTest, name: 'api', include: apiTests, exclude: [...apiExclude, ...mocksModules], isolate: false },
      },
      {
        resolve: { alias },
        test: { ...apiTest, name: 'api-isolated', include: mocksModules },
      },
    ],
  },
});
