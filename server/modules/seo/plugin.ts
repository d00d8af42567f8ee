// Decorates app.seo (registry.ts) for the modules registered after it, and serves /sitemap.xml and /robots.txt.
// Registered in server/app.ts before the module routes, so they can add their pages.
import fp from 'fastify-plugin';
import { createSeoRegistry, type SeoRegistry } from './registry';

declare module 'fastify' {
  interface FastifyInstance {
    seo: SeoRegistry;
  }
}

export const seoPlugin = fp(async (app) => {
  app.decorate('seo', createSeoRegistry());
}, { name: 'seo', dependencies: ['db'] });
