import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const alias = { '@': r('./client'), '@domain': r('./domain'), '@server': r('./server') };

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
        test: {
          name: 'api',
          include: ['server/**/*.test.ts'],
          exclude: ['server/**/*.unit.test.ts'],
          environment: 'node',
          globalSetup: ['./server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite runs in-process; two workers keep both cores busy without thrashing.
          maxWorkers: 2,
        },
      },
    ],
  },
});
