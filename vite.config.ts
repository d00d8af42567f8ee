import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const apiPort = process.env.PORT ?? '3000';

// The client is a Vite app rooted at client/; the server serves dist/client in production.
export default defineConfig({
  root: r('./client'),
  publicDir: r('./client/public'),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': r('./client'), '@domain': r('./domain'), '@server': r('./server') },
  },
  build: {
    outDir: r('./dist/client'),
    emptyOutDir: true,
    sourcemap: true,
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
