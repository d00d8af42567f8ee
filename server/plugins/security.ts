// Security headers and the Origin check (foundation issue: "CSP without inline script, nosniff, frame-ancestors,
// and an Origin check on state-changing requests that carry the session cookie").
import helmet from '@fastify/helmet';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { forbidden } from '../errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Pages and answers reached by a secret link (issue 56 finding 6): a booking's manage link (token in the query) and a
 * kept worksheet's share link (token in the path), pages and API alike. Whoever holds the URL holds the capability.
 */
const CAPABILITY_LINK = /^\/(?:api\/)?(?:appointments\/manage(?:\/|\?|$)|deal-worksheets\/[^/?#]+)/;

export const securityPlugin = fp<{ config: Config }>(async (app, { config }) => {
  const https = config.publicUrl.startsWith('https://');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // No inline script anywhere: the SPA and Swagger UI load scripts from files. JSON-LD blocks are data, not script.
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        // React's style attributes (and Radix positioning) need inline styles; styles cannot run code.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Upgrading would break a plain-http deployment (e.g. localhost); only ask for it when we are served over https.
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS over plain http would be ignored at best and pin a dev host to https at worst.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  });

  const publicOrigin = new URL(config.publicUrl).origin;
  const cookieName = config.session.cookieName;

  /** Does the Origin (or, failing that, the Referer) name this site: the public URL or the Host the request came to? */
  function fromOurSite(request: FastifyRequest): boolean {
    const source = request.headers.origin ?? request.headers.referer;
    if (!source) return false;
    let url: URL;
    try {
      url = new URL(source);
    } catch {
      return false;
    }
    return url.origin === publicOrigin || (!!request.headers.host && url.host === request.headers.host);
  }

  // Neither a cache nor the browser's history store keeps them, and no link followed from them tells another site the
  // URL in its Referer. Set last (onSend), over the page renderer's own Cache-Control and helmet's referrer policy.
  app.addHook('onSend', async (request, reply) => {
    if (!CAPABILITY_LINK.test(request.url)) return;
    reply.header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer');
  });

  // A cookie rides along with cross-site requests; a bearer token never does, so bearer-only calls need no check.
  // SameSite=Lax already stops most cross-site POSTs; this also covers same-site subdomains and old browsers.
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    if (request.cookies[cookieName] === undefined) return;
    if (!fromOurSite(request)) throw forbidden('Cross-site request refused');
  });
}, { name: 'security', dependencies: ['@fastify/cookie'] });
