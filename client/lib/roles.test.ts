import { describe, expect, it } from 'vitest';
import { isActiveAdmin as domainRule } from '@domain/auth';
import { isActiveAdmin } from './roles';

describe('isActiveAdmin (client copy)', () => {
  it('agrees with domain/auth.ts on every case', () => {
    const cases = [null, undefined, ...(['admin', 'customer'] as const).flatMap((role) => [true, false].map((isActive) => ({ role, isActive })))];
    for (const u of cases) expect(isActiveAdmin(u)).toBe(domainRule(u));
    expect(isActiveAdmin({ role: 'admin', isActive: true })).toBe(true);
    expect(isActiveAdmin({ role: 'admin', isActive: false })).toBe(false);
  });
});
