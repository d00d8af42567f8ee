import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@domain/constants';

describe('theme-init.js', () => {
  it('reads the same storage key as the app (a static file cannot import the constant)', () => {
    const script = readFileSync(new URL('../public/theme-init.js', import.meta.url), 'utf8');
    expect(script).toContain(`localStorage.getItem('${STORAGE_KEYS.theme}')`);
  });
});
