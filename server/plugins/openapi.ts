// OpenAPI from the routes' Zod schemas (DESIGN.md convention 2), browsable at /api/docs, JSON at /api/docs/json.
// Public outside production; in production for signed-in admins only unless API_DOCS=public (issue 15 item 11,
// ASVS 13.4: the map of every endpoint and field is not handed to anyone who asks).
//
// Issue 36 item 7: every operation names itself (operationId, from ./openapi-operations.ts) and says how it is called
// (security): the session cookie or the bearer token for a signed-in user's and an admin's routes, [] for public ones.
// Both are set as routes are added (onRoute): a route with requireUser, or in the admin scope (app.ts calls
// documentAdminRoute there), needs a session. Internal endpoints (/internal/*: `hide: true` on the route, as /metrics)
// and the docs themselves are left out.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { RouteOptions } from 'fastify';
import { APPRAISAL_PHOTO_TOKEN_HEADER } from '@domain/appraisal';
import fp from 'fastify-plugin';
import { requireAdmin, requireUser } from './auth';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { OPERATION_IDS } from './openapi-operations';

/** A signed-in user's or an admin's route: the session cookie (the site) or the same token as a bearer header (the back office, integrators). */
export const SIGNED_IN: Record<string, string[]>[] = [{ session: [] }, { bearer: [] }];

const hooksOf = (h: unknown): unknown[] => (Array.isArray(h) ? h : h ? [h] : []);

/** The operationId and security of a route, kept on its schema for @fastify/swagger. */
function document(route: RouteOptions, security?: Record<string, string[]>[]) {
  if (route.method === 'HEAD' || (Array.isArray(route.method) && route.method.includes('HEAD'))) return;
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const operationId = OPERATION_IDS[`${String(route.method)} ${route.url}`];
  const needsUser = hooksOf(route.preHandler).some((h) => h === requireUser || h === requireAdmin) || hooksOf(route.preValidation).some((h) => h === requireUser || h === requireAdmin);
  route.schema = {
    ...schema,
    ...(operationId && !schema.operationId ? { operationId } : {}),
    security: security ?? (schema.security as Record<string, string[]>[] | undefined) ?? (needsUser ? SIGNED_IN : []),
  };
}

/** onRoute hook of the admin scope (app.ts): every route there needs an admin's session. */
export function documentAdminRoute(route: RouteOptions) {
  document(route, SIGNED_IN);
}

/**
 * OpenAPI 3.0 wants a `type` beside `nullable`; Zod's `.nullable()` on a union gives `nullable` beside `anyOf` alone
 * (Redocly's nullable-type-sibling error). Each branch of the union is made nullable instead: the same values pass.
 */
function nullableBranches(node: unknown): void {
  if (Array.isArray(node)) { node.forEach(nullableBranches); return; }
  if (!node || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  if (o.nullable === true && o.type === undefined && Array.isArray(o.anyOf)) {
    delete o.nullable;
    for (const branch of o.anyOf as Record<string, unknown>[]) branch.nullable = true;
  }
  Object.values(o).forEach(nullableBranches);
}

/**
 * A Zod record keyed by an enum becomes `required` keys with no `properties` (Redocly's
 * no-required-schema-properties-undefined): each required key is given the record's value schema, which says the same.
 */
function recordProperties(node: unknown): void {
  if (Array.isArray(node)) { node.forEach(recordProperties); return; }
  if (!node || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  if (Array.isArray(o.required) && !o.properties && o.additionalProperties && typeof o.additionalProperties === 'object') {
    o.properties = Object.fromEntries((o.required as string[]).map((key) => [key, o.additionalProperties]));
  }
  Object.values(o).forEach(recordProperties);
}

/** Answers that are not JSON, so no Zod response schema describes them: said here, with their media type. */
const NON_JSON_ANSWERS: Record<string, Record<string, { description: string; mediaType: string }>> = {
  '/api/admin/imports/template.csv': { get: { description: 'The CSV template', mediaType: 'text/csv' } },
  '/api/admin/imports/csv/commit': { post: { description: 'Progress lines, then the result, as newline-delimited JSON', mediaType: 'application/x-ndjson' } },
};

type OpenApiDocument = { paths?: Record<string, Record<string, { responses?: Record<string, unknown> }>> };

function tidy(doc: OpenApiDocument): OpenApiDocument {
  nullableBranches(doc.paths);
  recordProperties(doc.paths);
  for (const [path, methods] of Object.entries(NON_JSON_ANSWERS)) {
    for (const [method, answer] of Object.entries(methods)) {
      const operation = doc.paths?.[path]?.[method];
      if (operation) operation.responses = { 200: { description: answer.description, content: { [answer.mediaType]: { schema: { type: 'string' } } } }, ...operation.responses };
    }
  }
  return doc;
}

export const openapiPlugin = fp<{ version: string }>(async (app, { version }) => {
  const { config } = app;
  // Before swagger's own onRoute hook, so the document it builds sees the names and security.
  app.addHook('onRoute', (route) => { if (route.url.startsWith('/api/')) document(route); });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      // The site's own API, not open source (package.json: private): said so, as Redocly's info-license asks.
      info: { title: 'Prairie Motor Hub API', description: 'Inventory, accounts and the back office of the dealership site.', version, license: { name: 'Proprietary', url: `${config.publicUrl}/terms-and-conditions` } },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: config.session.cookieName },
          bearer: { type: 'http', scheme: 'bearer' },
          // The photoToken an estimate answers with (POST /api/appraisals), for that estimate's photos only.
          appraisalPhotoToken: { type: 'apiKey', in: 'header', name: APPRAISAL_PHOTO_TOKEN_HEADER },
        },
      },
    },
    transform: createJsonSchemaTransform({ skipList: ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/yaml', '/api/docs/*', '/api/docs/static/*'] }),
    transformObject: (documents) => ('openapiObject' in documents ? tidy(documents.openapiObject as OpenApiDocument) : documents.swaggerObject) as never,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // No calls to the public validator: the CSP allows images from our own origin only.
    uiConfig: { validatorUrl: null },
    // Every route of the UI (the page, its files, /json and /yaml). preHandler: the session is resolved by then.
    uiHooks: config.apiDocs === 'public' ? {} : { preHandler: requireAdmin },
  });
}, { name: 'openapi', dependencies: ['auth'] });
