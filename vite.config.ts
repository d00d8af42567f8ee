import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import { transform } from 'esbuild';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { appCandidates, configModule, subsetConfig } from './scripts/tailwind-merge-config';

/**
 * Writes .br and .gz beside every text asset of the build; the server sends them to browsers that accept them
 * (server/plugins/static.ts, preCompressed). Compressing once at build time, at the strongest levels, costs the
 * server nothing per request (Lighthouse "enable text compression": about 500 KiB per page uncompressed).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // The hand-written scripts of public/ (theme-init.js, app-loader.js) are copied as they are, comments and all;
      // every page loads them, so they are minified here first (issue 35 §1: 2.0 -> 1.0 KiB gzipped per page).
      await Promise.all(['theme-init.js', 'app-loader.js'].map(async (name) => {
        const full = path.join(outDir, name);
        const { code } = await transform(await readFile(full, 'utf8'), { minify: true, target: 'es2020', loader: 'js' });
        await writeFile(full, code);
      }));
      const files = (await readdir(outDir, { recursive: true })).filter((f) => /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/.test(f));
      await Promise.all(files.map(async (f) => {
        const full = path.join(outDir, f);
        const body = await readFile(full);
        if (body.length < 1024) return;
        const br = brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } });
        const gz = gzipSync(body, { level: 9 });
        if (br.length < body.length) await writeFile(`${full}.br`, br);
        if (gz.length < body.length) await writeFile(`${full}.gz`, gz);
      }));
    },
  };
}

/**
 * The page arrives server-rendered, so its first paint needs the HTML and the stylesheet only. The entry's module
 * script and its preloads become one tag for public/app-loader.js, which fetches them after the first paint.
 */
function appLoader(): Plugin {
  return {
    name: 'app-loader',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
        if (!entry) throw new Error('app-loader: no module entry script in index.html');
        const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
        let out = html.replace(entry[0], '');
        for (const p of preloads) out = out.replace(p[0], '');
        const tag = `<script src="/app-loader.js" async data-entry="${entry[1]}" data-preload="${preloads.map((p) => p[1]).join(' ')}"></script>\n  `;
        return out.replace('</head>', `${tag}</head>`);
      },
    },
  };
}

/**
 * React Router, built for production (issue 35 §1: less script before interaction; the saving is in PERFORMANCE.md).
 * - Its package.json sends every bundler to its development build, whose only difference is that its developer
 *   warnings are on (remix-run/react-router#12532, #14102); the client build takes the production build beside it.
 * - It declares its components with bare `React.forwardRef(...)`, `React.memo(...)` and `React.createContext(...)`
 *   calls at module level, then sets their `displayName`. Unmarked, the bundler must assume those calls and writes
 *   have side effects, so it keeps every component and all it uses whether the app renders it or not: its <Link>
 *   with the framework mode's route prefetching, <NavLink> and <Form> (the app's links are components/link.tsx).
 *   These React calls have none; marked `@__PURE__`, without the display names (which only React's developer tools
 *   read), the unused ones go. The marks leave every line where it was, so the source map stays usable.
 */
function reactRouterForProduction(): Plugin {
  const production = (file: string) => r(`./node_modules/react-router/dist/production/${file}`);
  return {
    name: 'react-router-for-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      if (source === 'react-router') return production('index.mjs');
      if (source === 'react-router/dom') return production('dom-export.mjs');
      return null;
    },
    transform(code, id) {
      if (!/node_modules\/react-router\/dist\/production\/.*\.mjs$/.test(id)) return null;
      const marked = code
        .replace(/= (React\d*)\.(forwardRef|createContext|memo)\(/g, '= /* @__PURE__ */ $1.$2(')
        .replace(/^\w+\.displayName = "\w+";$/gm, '');
      return { code: marked, map: null };
    },
  };
}

/**
 * tailwind-merge (cn(), client/lib/cn.ts) with its configuration cut down to what the app's classes need, in place of
 * its full default: the default describes every utility Tailwind has, and was 6 KiB gzipped of every page's entry
 * (issue 35 §1). Built from the app's sources on every build (scripts/tailwind-merge-config.ts), so a class written
 * today is in it; client/lib/cn.test.ts checks that it merges every pair of the app's classes as the default does.
 */
function tailwindMergeForTheApp(): Plugin {
  const target = r('./client/lib/tailwind-merge-config.ts');
  return {
    name: 'tailwind-merge-for-the-app',
    apply: 'build',
    async load(id) {
      if (id !== target) return null;
      return configModule(subsetConfig(await appCandidates()));
    },
  };
}

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const apiPort = process.env.PORT ?? '3000';

// The client is a Vite app rooted at client/; the server serves dist/client in production.
export default defineConfig({
  root: r('./client'),
  publicDir: r('./client/public'),
  plugins: [react(), tailwindcss(), reactRouterForProduction(), tailwindMergeForTheApp(), appLoader(), precompress()],
  resolve: {
    alias: [
      { find: '@', replacement: r('./client') },
      { find: '@domain', replacement: r('./domain') },
      { find: '@server', replacement: r('./server') },
    ],
  },
  build: {
    outDir: r('./dist/client'),
    emptyOutDir: true,
    // Source maps are written beside the chunks (scripts/bundle-composition.ts reads them; a developer can load them
    // into the browser's tools), without the `//# sourceMappingURL=` line at the end of every chunk: a page loads up
    // to 28 chunks, and those lines alone were about 1 KiB gzipped of its script (issue 35 §1).
    sourcemap: 'hidden',
    // The server reads it to preload a server-rendered page's chunks (server/plugins/pages.ts).
    manifest: true,
    target: 'es2022',
  },
  server: {
    port: 5173,
    // npm run dev: the API runs on PORT; Vite proxies to it so cookies stay same-origin.
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/uploads': `http://127.0.0.1:${apiPort}`,
      '/sitemap.xml': `http://127.0.0.1:${apiPort}`,
      '/robots.txt': `http://127.0.0.1:${apiPort}`,
    },
  },
});
