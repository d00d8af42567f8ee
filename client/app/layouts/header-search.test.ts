import { describe, expect, it } from 'vitest';
import { vehiclesSearchPath } from './header-search';

describe('header search (spec §2, §5)', () => {
  it('goes to /vehicles?search=<trimmed text>', () => {
    expect(vehiclesSearchPath('  Ford F-150 ')).toBe('/vehicles?search=Ford+F-150');
    expect(vehiclesSearchPath('a&b')).toBe('/vehicles?search=a%26b');
  });
  it('goes to plain /vehicles when empty', () => {
    expect(vehiclesSearchPath('')).toBe('/vehicles');
    expect(vehiclesSearchPath('   ')).toBe('/vehicles');
  });
});
