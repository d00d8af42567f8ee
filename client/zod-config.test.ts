import { expect, it } from 'vitest';

it('turns zod\'s eval-based fast path off through the global zod reads (so our CSP reports no eval probe)', async () => {
  await import('./zod-config');
  const { z } = await import('zod');
  expect(z.config().jitless).toBe(true);
});
