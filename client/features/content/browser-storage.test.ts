// Issue 7: "the cookies policy lists the browser storage keys the site actually uses". The policy's table comes
// from BROWSER_STORAGE (domain/content.ts); this test reads the client's source to keep that list exact: every
// key the code stores must be listed, and every listed key must still be stored somewhere.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BROWSER_STORAGE } from '@domain/content';
import { STORAGE_KEYS } from '@domain/constants';

const root = path.resolve(__dirname, '../../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const files = sourceFiles(path.join(root, 'client')).map((f) => ({ f, text: readFileSync(f, 'utf8') }));
const all = files.map((x) => x.text).join('\n');
/** NAME = 'value' string constants in the client, to resolve keys passed by name. */
const constants = new Map([...all.matchAll(/\b([A-Z][A-Z0-9_]*)\s*=\s*'([^']+)'/g)].map((m) => [m[1]!, m[2]!]));

/** const flag = `saved-merged-${userId}`: keys with a variable part, listed as 'saved-merged-{…}'. */
const templates = new Map([...all.matchAll(/\bconst\s+(\w+)\s*=\s*`([a-z0-9-]+)\$\{/g)].map((m) => [m[1]!, `${m[2]!}{`]));

/** The first argument of every storage call in the client: literal strings and named constants resolved. */
function storedKeys(): Set<string> {
  const keys = new Set<string>();
  const calls = /\b(?:readString|writeString|readJSON|writeJSON|removeItem|createLocalStore|setSessionFlag|takeSessionFlag|getItem|setItem)(?:<[^>(]*>)?\(\s*([^,)]+)/g;
  for (const m of all.matchAll(calls)) {
    const arg = m[1]!.trim();
    const literal = /^'([^']+)'$/.exec(arg);
    if (literal) keys.add(literal[1]!);
    else if (arg.startsWith('STORAGE_KEYS.')) keys.add(STORAGE_KEYS[arg.slice('STORAGE_KEYS.'.length) as keyof typeof STORAGE_KEYS]);
    else if (constants.has(arg)) keys.add(constants.get(arg)!);
    else if (templates.has(arg)) keys.add(templates.get(arg)!);
  }
  return keys;
}

describe('cookies policy inventory', () => {
  const listed = new Set(BROWSER_STORAGE.map((i) => i.name));

  it('lists every key the client stores in browser storage', () => {
    const stored = storedKeys();
    expect(stored.size).toBeGreaterThan(10);
    const names = [...listed];
    for (const key of stored) {
      const found = key.endsWith('{') ? names.some((n) => n.startsWith(key)) : listed.has(key);
      expect(found, `"${key}" is stored but not in the cookies policy`).toBe(true);
    }
  });

  it('lists no key the client no longer stores', () => {
    const stored = storedKeys();
    for (const item of BROWSER_STORAGE.filter((i) => i.kind !== 'Cookie')) {
      const key = item.name.includes('{') ? item.name.slice(0, item.name.indexOf('{') + 1) : item.name;
      expect(stored, `"${item.name}" is in the cookies policy but the client no longer stores it`).toContain(key);
    }
  });

  it('names the one cookie the server sets: the session cookie', () => {
    const config = readFileSync(path.join(root, 'server/config.ts'), 'utf8');
    const cookie = /cookieName:\s*'([^']+)'/.exec(config)?.[1];
    expect(BROWSER_STORAGE.filter((i) => i.kind === 'Cookie').map((i) => i.name)).toEqual([cookie]);
    // No client code writes cookies itself.
    expect(files.filter((x) => /document\.cookie\s*=/.test(x.text)).map((x) => x.f)).toEqual([]);
  });
});
