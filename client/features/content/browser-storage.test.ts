// Issue 7: "the cookies policy lists the browser storage keys the site actually uses". The policy's table comes
// from BROWSER_STORAGE (domain/content.ts); this test reads the client's source to keep that list exact: every
// key the code stores must be listed, and every listed key must still be stored somewhere; the cookies listed are
// exactly those the server and the pages set.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BROWSER_STORAGE } from '@domain/content';
import { STORAGE_KEYS } from '@domain/constants';
import { SORT_COOKIE, THEME_COOKIE } from '@domain/page-render';

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

  it('names every cookie the site sets: the session cookie (server), the theme and sort cookies (pages)', () => {
    // The server sets one cookie, named in its config.
    const config = readFileSync(path.join(root, 'server/config.ts'), 'utf8');
    const base = /SESSION_COOKIE = '([^']+)'/.exec(config)?.[1];
    expect(base).toBeTruthy();
    // On the live (https) site the name carries the __Host- prefix: the name a visitor sees.
    expect(config).toContain('`__Host-${SESSION_COOKIE}`');
    const session = `__Host-${base}`;
    const server = sourceFiles(path.join(root, 'server')).map((f) => readFileSync(f, 'utf8')).join('\n');
    expect([...server.matchAll(/\.setCookie\(\s*([^,)]+)/g)].map((m) => m[1]!.trim())).toEqual(['config.session.cookieName']);

    // The pages write the others themselves (the module code and the external scripts of public/): each write is
    // document.cookie = `${NAME}=…` or 'name=…', NAME one of the client's or the domain's string constants.
    const domain = sourceFiles(path.join(root, 'domain')).map((f) => readFileSync(f, 'utf8')).join('\n');
    const named = new Map([...`${all}\n${domain}`.matchAll(/\b([A-Z][A-Z0-9_]*)\s*=\s*'([^']+)'/g)].map((m) => [m[1]!, m[2]!]));
    const scripts = readdirSync(path.join(root, 'client/public')).filter((n) => n.endsWith('.js'))
      .map((n) => path.join(root, 'client/public', n)).map((f) => ({ f, text: readFileSync(f, 'utf8') }));
    const writes = [...files, ...scripts].flatMap(({ f, text }) => [...text.matchAll(/document\.cookie\s*=(?!=)\s*(?:`\$\{(\w+)\}=|'([\w-]+)=)?/g)]
      .map((m) => ({ file: path.relative(root, f), name: m[1] ? named.get(m[1]) : m[2] })));
    expect(writes.map((w) => w.file).sort()).toEqual(['client/lib/rendered-sort.ts', 'client/lib/theme.ts', 'client/public/theme-init.js']);
    for (const w of writes) expect(w.name, `the cookie ${w.file} writes is not named by a constant or a literal`).toBeTruthy();
    const written = [...new Set(writes.map((w) => w.name!))];
    // The theme and sort mirrors, under the names the server reads them by (server/plugins/pages.ts).
    expect(written.sort()).toEqual([SORT_COOKIE, THEME_COOKIE].sort());

    expect(BROWSER_STORAGE.filter((i) => i.kind === 'Cookie').map((i) => i.name).sort()).toEqual([session, ...written].sort());
  });
});
