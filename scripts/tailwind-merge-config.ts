// tailwind-merge's default configuration, cut down to what the app's classes need (issue 35 §1). The client build
// puts it in place of client/lib/tailwind-merge-config.ts (vite.config.ts, tailwindMergeForTheApp); everywhere else
// (server, tests, `npm run dev`) cn() merges with the full default. The full configuration describes every utility
// Tailwind has, and it was 6 of tailwind-merge's 8.4 KiB gzipped in every page's entry.
//
// Why the cut-down merge is the same merge, for every class the app can write:
// - The candidates are the tokens Tailwind's own scanner finds in client/ and domain/ that Tailwind makes a rule for:
//   the same scan decides which utilities the stylesheet has, so a class that is not found has no CSS either.
// - A class group is kept when a candidate is in it, and within a kept group an entry (a value, a validator, a
//   nested prefix) is dropped only when the group still matches every candidate it matched. Kept groups keep their
//   names, order and conflicts, so every candidate finds the same group, and conflicts with the same groups.
// - client/lib/cn.test.ts checks the result: on every pair of the app's candidates, in either order, the cut-down
//   merge gives what the full default gives.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { __unstable__loadDesignSystem } from '@tailwindcss/node';
import { Scanner } from '@tailwindcss/oxide';
import { createTailwindMerge, getDefaultConfig, validators } from 'tailwind-merge';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type Config = ReturnType<typeof getDefaultConfig>;
type ThemeGetter = ((theme: Record<string, unknown>) => unknown) & { isThemeGetter: true };
type Definition = unknown[];

/**
 * Every Tailwind class the app's sources can hold: the tokens Tailwind's scanner finds there that Tailwind makes a
 * rule for (with the app's stylesheet, client/styles.css). Sorted, so the output is stable.
 */
export async function appCandidates(): Promise<string[]> {
  const scanner = new Scanner({
    sources: ['client', 'domain'].map((dir) => ({ base: path.join(ROOT, dir), pattern: '**/*', negated: false })),
  });
  const tokens = [...new Set(scanner.scan())].sort();
  const design = await __unstable__loadDesignSystem(readFileSync(path.join(ROOT, 'client/styles.css'), 'utf8'), { base: path.join(ROOT, 'client') });
  const css = design.candidatesToCss(tokens);
  return tokens.filter((_, i) => css[i] !== null);
}

const isThemeGetter = (v: unknown): v is ThemeGetter => typeof v === 'function' && (v as Partial<ThemeGetter>).isThemeGetter === true;

/** The theme key a `fromTheme(key)` getter reads (tailwind-merge does not expose it; the getter is asked). */
function themeKeyOf(getter: ThemeGetter): string {
  let key: string | undefined;
  getter(new Proxy({}, { get: (_t, k) => { key = String(k); return []; } }));
  if (!key) throw new Error('a theme getter read no key');
  return key;
}

function themeKeysIn(value: unknown, into: Set<string>): Set<string> {
  if (isThemeGetter(value)) into.add(themeKeyOf(value));
  else if (Array.isArray(value)) value.forEach((v) => themeKeysIn(v, into));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => themeKeysIn(v, into));
  return into;
}

/**
 * Drops the entries of a definition its members do not need, last first, recursing into nested prefixes; `holds`
 * says whether a definition still matches every member.
 */
function prune(definition: Definition, holds: (d: Definition) => boolean): Definition {
  let current = [...definition];
  for (let i = current.length - 1; i >= 0; i--) {
    const without = [...current.slice(0, i), ...current.slice(i + 1)];
    if (holds(without)) { current = without; continue; }
    const item = current[i];
    if (item && typeof item === 'object' && !Array.isArray(item)) {
      // A nested prefix ({ span: [...] }): keep the prefixes, with only the entries needed.
      let nested = { ...(item as Record<string, Definition>) };
      for (const key of Object.keys(nested)) {
        const at = (value: Record<string, Definition>) => [...current.slice(0, i), value, ...current.slice(i + 1)];
        const { [key]: _dropped, ...rest } = nested;
        if (Object.keys(rest).length > 0 && holds(at(rest))) { nested = rest; continue; }
        nested = { ...nested, [key]: prune(nested[key]!, (d) => holds(at({ ...nested, [key]: d }))) };
      }
      current = [...current.slice(0, i), nested, ...current.slice(i + 1)];
    }
  }
  return current;
}

/** The default configuration with only the groups, entries and theme scales the candidates need. */
export function subsetConfig(candidates: readonly string[]): Config {
  const full = getDefaultConfig();
  const merger = (classGroups: Record<string, Definition>, theme: Config['theme'] = full.theme) => createTailwindMerge(() => ({
    ...full, theme, classGroups, conflictingClassGroups: {}, conflictingClassGroupModifiers: {},
  }) as unknown as Config);
  // An arbitrary property ([overflow-wrap:anywhere]) is its own group, whatever the configuration says.
  const noGroups = merger({});
  const grouped = candidates.filter((c) => noGroups(`${c} ${c}`) !== c);
  const groups = full.classGroups as unknown as Record<string, Definition>;
  // A merge that knows only one group collapses "c c" to "c" exactly when c is in it.
  const membersOf = (group: string, definition: Definition, theme?: Config['theme']) => {
    const merge = merger({ [group]: definition }, theme);
    return grouped.filter((c) => merge(`${c} ${c}`) === c);
  };
  const classGroups: Record<string, Definition> = {};
  for (const [group, definition] of Object.entries(groups)) {
    const members = membersOf(group, definition);
    if (members.length === 0) continue;
    classGroups[group] = prune(definition, (d) => {
      const merge = merger({ [group]: d });
      return members.every((c) => merge(`${c} ${c}`) === c);
    });
  }
  const kept = new Set(Object.keys(classGroups));
  const pick = (map: Record<string, readonly string[] | undefined>) => Object.fromEntries(
    Object.entries(map)
      .filter(([group]) => kept.has(group))
      .map(([group, others]) => [group, (others ?? []).filter((o) => kept.has(o))])
      .filter(([, others]) => (others as string[]).length > 0),
  );
  const themeKeys = new Set<string>();
  themeKeysIn(classGroups, themeKeys);
  for (let size = -1; size !== themeKeys.size;) {
    size = themeKeys.size;
    for (const key of [...themeKeys]) themeKeysIn((full.theme as Record<string, unknown>)[key], themeKeys);
  }
  return {
    cacheSize: full.cacheSize,
    theme: Object.fromEntries([...themeKeys].sort().map((k) => [k, (full.theme as Record<string, unknown>)[k]])),
    classGroups,
    conflictingClassGroups: pick(full.conflictingClassGroups as Record<string, readonly string[]>),
    conflictingClassGroupModifiers: pick(full.conflictingClassGroupModifiers as Record<string, readonly string[]>),
    orderSensitiveModifiers: full.orderSensitiveModifiers,
  } as unknown as Config;
}

const validatorNames = new Map<unknown, string>(Object.entries(validators).map(([name, fn]) => [fn, name]));
const key = (k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k));

/** A value of the configuration as source: validators as `v.name`, theme getters as `fromTheme(key)`. */
function emit(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return JSON.stringify(value);
  if (isThemeGetter(value)) return `fromTheme(${JSON.stringify(themeKeyOf(value))})`;
  if (typeof value === 'function') {
    const name = validatorNames.get(value);
    if (!name) throw new Error(`the configuration uses a function tailwind-merge does not export: ${value.toString().slice(0, 80)}`);
    return `v.${name}`;
  }
  if (Array.isArray(value)) return `[${value.map(emit).join(',')}]`;
  if (value && typeof value === 'object') return `{${Object.entries(value).map(([k, v]) => `${key(k)}:${emit(v)}`).join(',')}}`;
  throw new Error(`cannot write ${String(value)}`);
}

/** The configuration as an expression over `fromTheme` and `v` (tailwind-merge's validators). */
export function configExpression(config: Config): string {
  return emit(config);
}

/** The module the client build uses in place of client/lib/tailwind-merge-config.ts. */
export function configModule(config: Config): string {
  return [
    '// Written by the client build from scripts/tailwind-merge-config.ts: tailwind-merge\'s default configuration,',
    '// cut down to what the app\'s classes need.',
    "import { fromTheme, validators as v } from 'tailwind-merge';",
    `export const tailwindMergeConfig = ${configExpression(config)};`,
    '',
  ].join('\n');
}
