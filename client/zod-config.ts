// Imported first by main.tsx, before any schema exists. Our CSP allows no eval (script-src 'self'); zod's fast
// path probes `new Function` when the first object schema is built, and although zod catches the refusal, the
// browser still reports a CSP violation (Lighthouse best practices, and noise in any CSP report). Parsing works
// the same without it, a little slower, on forms of a few fields.
//
// Set through the global zod reads its settings from (zod/v4/core/core.js, `__zod_globalConfig`), not through
// z.config(): importing zod here would put 4 KiB of it into every page's entry. zod-config.test.ts checks zod still
// reads it.
const g = globalThis as { __zod_globalConfig?: Record<string, unknown> };
g.__zod_globalConfig = { ...g.__zod_globalConfig, jitless: true };

export {};
