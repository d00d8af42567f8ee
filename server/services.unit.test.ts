// Issue 31 §1 holds by test, not by habit: routes call `app.services.<module>` and never hand a module the app or
// one of its parts; only route and plugin files know Fastify; and every module with routes has its service.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const MODULES = path.join(import.meta.dirname, 'modules');
const sourceFiles = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
  const full = path.join(dir, e.name);
  if (e.isDirectory()) return e.name === 'seed' ? [] : sourceFiles(full);
  return e.name.endsWith('.ts') && !/\.test\.ts$/.test(e.name) && !e.name.endsWith('-child.ts') ? [full] : [];
});
const rel = (file: string) => path.relative(MODULES, file);
const isRouteFile = (file: string) => /(^|-)routes?\.ts$/.test(path.basename(file));

/**
 * A route file may still pass the app to these: plugin helpers that register hooks or limits on it, and the health
 * routes' own checks of the app's liveness (its database and Redis connections are not services).
 */
const MAY_TAKE_THE_APP = new Set(['createLimiter', 'readRoute', 'readiness', 'mayReadDetails', 'startSmsDispatch']);

/** Files outside routes that are Fastify's by nature: plugins, the back office's preHandler, the multipart adapter. */
const FASTIFY_FILES = new Set(['seo/plugin.ts', 'admin/guard.ts', 'media/upload-route.ts']);

describe('services (issue 31 §1)', () => {
  const files = sourceFiles(MODULES);

  it('routes call app.services: no route hands a module function the app, its database, storage or config', () => {
    const handing: string[] = [];
    for (const file of files.filter(isRouteFile)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/(\b[A-Za-z_$][\w$]*)\(\s*(app(?:\.(?:db|storage|config|mailer|inventoryCache|inventoryIndex|vehicleCommands|background))?)\s*[,)]/g)) {
        if (!MAY_TAKE_THE_APP.has(m[1]!)) handing.push(`${rel(file)}: ${m[1]}(${m[2]}, …)`);
      }
    }
    expect(handing).toEqual([]);
  });

  it('no service or domain file imports Fastify: only route files and plugins do', () => {
    const fastify = files
      .filter((f) => !isRouteFile(f) && !FASTIFY_FILES.has(rel(f)))
      .filter((f) => /from 'fastify(?:-plugin|-type-provider-zod)?'/.test(readFileSync(f, 'utf8')))
      .map(rel);
    expect(fastify).toEqual([]);
    const domain = path.join(import.meta.dirname, '..', 'domain');
    const domainFastify = readdirSync(domain).filter((f) => f.endsWith('.ts') && /from 'fastify/.test(readFileSync(path.join(domain, f), 'utf8')));
    expect(domainFastify).toEqual([]);
  });

  it('builds a service for every module whose routes call one, and each is registered in createServices', () => {
    const registered = new Set([...readFileSync(path.join(import.meta.dirname, 'services.ts'), 'utf8').matchAll(/^ {4}(\w+)(?::|,)/gm)].map((m) => m[1]));
    const called = new Set(files.filter(isRouteFile).flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/app\.services\.(\w+)/g)].map((m) => m[1])));
    expect(called.size).toBeGreaterThan(20);
    expect([...called].filter((name) => !registered.has(name))).toEqual([]);
  });
});
