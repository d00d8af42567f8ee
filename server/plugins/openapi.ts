// OpenAPI from the routes' Zod schemas (DESIGN.md convention 2), browsable at /api/docs, JSON at /api/docs/json.
// Public outside production; in production for signed-in admins only unless API_DOCS=public (issue 15 item 11,
// ASVS 13.4: the map of every endpoint and field is not handed to anyone who asks).
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { requireAdmin } from './auth';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';

export const openapiPlugin = fp<{ version: string }>(async (app, { version }) => {
  const { config } = app;
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Prairie Motor Hub API', description: 'Inventory, accounts and the back office of the dealership site.', version },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: config.session.cookieName },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: createJsonSchemaTransform({ skipList: ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/yaml', '/api/docs/*', '/api/docs/static/*'] }),
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // No calls to the public validator: the CSP allows images from our own origin only.
    uiConfig: { validatorUrl: null },
    // Every route of the UI (the page, its files, /json and /yaml). preHandler: the session is resolved by then.
    uiHooks: config.apiDocs === 'public' ? {} : { preHandler: requireAdmin },
  });
}, { name: 'openapi', dependencies: ['auth'] });
