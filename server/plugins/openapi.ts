// OpenAPI from the routes' Zod schemas (DESIGN.md convention 2), browsable at /api/docs, JSON at /api/docs/json.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';

export const openapiPlugin = fp<{ version: string }>(async (app, { version }) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Prairie Motor Hub API', description: 'Inventory, accounts and the back office of the dealership site.', version },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'session' },
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
  });
}, { name: 'openapi' });
