// issue 57: one date style. Every date a shopper reads goes through formatDealershipDate ("Dec 7, 2026"); a bare
// toLocaleDateString('en-CA') prints "2026-12-07", which is how the shared worksheet and the profile drifted.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDealershipDate } from './dealership-date';

const clientDir = join(import.meta.dirname, '..');
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

describe('one date style', () => {
  it('the medium style reads "Dec 7, 2026" in Alberta', () => {
    expect(formatDealershipDate('2026-12-07T18:00:00Z', 'medium')).toBe('Dec 7, 2026');
    // 11 p.m. in Alberta on Dec 7 is Dec 8 in UTC: the Alberta date is shown.
    expect(formatDealershipDate('2026-12-08T05:00:00Z', 'medium')).toBe('Dec 7, 2026');
  });

  it('no page prints a date with toLocaleDateString and no month (the "2026-12-07" style)', () => {
    const offenders = sourceFiles(clientDir).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return [...text.matchAll(/toLocaleDateString\(([^)]*)\)/g)].filter((m) => !/month/.test(m[1]!)).map(() => relative(clientDir, file));
    });
    expect(offenders).toEqual([]);
  });
});
