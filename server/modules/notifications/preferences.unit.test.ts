// Every e-mail switch on the profile must change something (issue 33): a notification that is always e-mailed on its
// own (`emailedSeparately`, a transactional message such as a decision on the shopper's listing) cannot also sit
// behind a preference, or the switch would do nothing. This reads the notifications the server's source creates.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMAIL_PREFERENCES, preferenceForEvent } from '@domain/accounts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('email preferences', () => {
  // Each object literal that names a notification event, read up to its closing brace (the first line indented less).
  const calls = sourceFiles(join(import.meta.dirname, '..')).flatMap((f) => {
    const lines = readFileSync(f, 'utf8').split('\n');
    return lines.flatMap((line, i) => {
      const m = /^(\s*)(?:.*[{,]\s*)?event: '([\w.]+)',/.exec(line);
      if (!m) return [];
      const end = lines.findIndex((l, j) => j > i && /^\s*\}/.test(l) && l.search(/\S/) < m[1]!.length);
      return [{ event: m[2]!, separately: lines.slice(i, end).some((l) => /emailedSeparately: true/.test(l)) }];
    });
  });

  it('finds the notify calls it checks', () => {
    expect(calls.map((c) => c.event)).toEqual(expect.arrayContaining(['listing.approved', 'listing.rejected']));
  });

  it('no preference controls a notification that is always e-mailed on its own', () => {
    const mismatched = calls.filter((c) => c.separately && preferenceForEvent(c.event) !== null).map((c) => c.event);
    expect(mismatched).toEqual([]);
  });

  it('every preference has at least one notification it controls', () => {
    const controlled = new Set(calls.filter((c) => !c.separately).map((c) => preferenceForEvent(c.event)));
    expect(EMAIL_PREFERENCES.map((p) => p.key).filter((k) => !controlled.has(k))).toEqual([]);
  });
});
