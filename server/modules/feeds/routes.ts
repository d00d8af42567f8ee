// The feeds' public addresses (issue 19; docs/decisions/016-vehicle-feeds.md). Public on purpose: Google Merchant
// Center and the marketplaces fetch them on a schedule by URL, and they carry nothing the vehicle pages do not
// already show to anyone (no personal data, no cost or margin). They are data, not pages: X-Robots-Tag noindex
// keeps them out of search results, and `no-cache` makes every fetch ask again (a sold unit must not linger in a
// shared cache). Thin: the building is ./service.ts.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FEED_PATHS } from '@domain/feeds';

const asFeed = (reply: FastifyReply, type: string) =>
  reply.type(type).header('cache-control', 'no-cache').header('x-robots-tag', 'noindex');

export const feedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(FEED_PATHS.google, {
    // Like the sitemap and the blog feeds: a file for machines, not an API call (README "Vehicle feeds" documents it).
    schema: { hide: true },
  }, async (_request, reply) => asFeed(reply, 'application/xml; charset=utf-8').send(await app.services.feeds.googleFeedXml()));

  app.get(FEED_PATHS.inventoryCsv, {
    schema: { hide: true },
  }, async (_request, reply) => asFeed(reply, 'text/csv; charset=utf-8')
    .header('content-disposition', 'inline; filename="inventory.csv"')
    .send(await app.services.feeds.inventoryCsv()));
};
