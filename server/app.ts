// buildApp assembles plugins, then modules; it never listens (DESIGN.md convention 1): main.ts listens, tests inject.
import type { RenderPage, RouteHeadOf } from '@domain/page-render';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import pkg from '../package.json' with { type: 'json' };
import type { Config } from './config';
import type { Database } from './db/client';
import { BackgroundTasks } from './background';
import { frameworkErrors, registerErrorHandler } from './errors';
import { logSerializers } from './logging';
import { accountAdminRoutes } from './modules/accounts/admin-routes';
import { accountRoutes } from './modules/accounts/routes';
import { adminScopeGuard } from './modules/admin/guard';
import { adminRoutes } from './modules/admin/routes';
import { analyticsAdminRoutes } from './modules/analytics/admin-routes';
import { analyticsRoutes } from './modules/analytics/routes';
import { appointmentRoutes } from './modules/appointments/routes';
import { appraisalRoutes } from './modules/appraisal/routes';
import { assistantRoutes } from './modules/assistant/routes';
import { contentAdminRoutes } from './modules/content/admin-routes';
import { contentRoutes } from './modules/content/routes';
import { twoFactorAdminRoutes } from './modules/auth/admin-routes';
import { authRoutes } from './modules/auth/routes';
import { dealRoutes } from './modules/deals/routes';
import { feedAdminRoutes } from './modules/feeds/admin-routes';
import { inventoryFeedRoutes } from './modules/inventory-feeds/routes';
import { feedRoutes } from './modules/feeds/routes';
import { financeRoutes } from './modules/finance/routes';
import { finderRoutes } from './modules/finder/routes';
import { registerBackupControl } from './modules/backup/routes';
import { Metrics } from './modules/metrics/metrics';
import { registerMetrics } from './modules/metrics/routes';
import { S3Storage, uploadSource } from './modules/media/s3-storage';
import { healthRoutes } from './modules/health/routes';
import { importRoutes } from './modules/imports/routes';
import { holdAdminRoutes } from './modules/holds/admin-routes';
import { holdRoutes } from './modules/holds/routes';
import { leadDeliveryAdminRoutes } from './modules/lead-delivery/admin-routes';
import { closedDayRoutes, dealerSettingsAdminRoutes } from './modules/dealer-settings/routes';
import { dealSettingsAdminRoutes, dealWorksheetRoutes } from './modules/deal-worksheet/routes';
import { leadAdminRoutes } from './modules/leads/admin-routes';
import { leadRoutes } from './modules/leads/routes';
import { listingAdminRoutes } from './modules/private-listings/admin-routes';
import { listingRoutes } from './modules/private-listings/routes';
import { preApprovalAdminRoutes } from './modules/pre-approvals/admin-routes';
import { preApprovalRoutes } from './modules/pre-approvals/routes';
import { createMailer, type Mailer } from './modules/mail/mailer';
import { mediaRoutes } from './modules/media/routes';
import { closeServices, createServices, type Services } from './services';
import { LocalDiskStorage, type Storage as UploadStorage } from './modules/media/storage';
import { notificationRoutes } from './modules/notifications/routes';
import { referralRoutes } from './modules/referrals/routes';
import { savedSearchRoutes } from './modules/saved-searches/routes';
import { savedRoutes } from './modules/saved/routes';
import { seoPlugin } from './modules/seo/plugin';
import { InventoryCache } from './modules/vehicles/cache';
import { changedIds, startChangeFeed } from './modules/vehicles/change-feed';
import { keepDealRatings, recomputeAllDealRatings } from './modules/vehicles/deal-ratings';
import { InventoryIndex } from './modules/vehicles/search-index';
import { VehicleCommands } from './modules/vehicles/commands';
import { vehicleNotices } from './modules/notifications/vehicle-events';
import { vehicleAdminRoutes } from './modules/vehicles/admin-routes';
import { vehicleRoutes } from './modules/vehicles/routes';
import { twoFactorRoutes } from './modules/auth/two-factor-routes';
import { vinRoutes } from './modules/vin/routes';
import { authPlugin } from './plugins/auth';
import { bodyPlugin, JSON_BODY_LIMIT } from './plugins/body';
import { dbPlugin } from './plugins/db';
import { documentAdminRoute, openapiPlugin } from './plugins/openapi';
import { rateLimitPlugin } from './plugins/rate-limit';
import { securityPlugin } from './plugins/security';
import { pagesPlugin } from './plugins/pages';
import { pageReadsPlugin } from './plugins/page-reads';
import { staticPlugin } from './plugins/static';
import fastifyCompress from '@fastify/compress';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    mailer: Mailer;
    background: BackgroundTasks;
    /** The one writer of vehicles and price history (modules/vehicles/commands.ts). */
    vehicleCommands: VehicleCommands;
    /** The available vehicles, indexed in memory for the listing and its facets (modules/vehicles/search-index.ts). */
    inventoryIndex: InventoryIndex;
    /** App-scoped services (server/services.ts). */
    services: Services;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** false for none; otherwise options for the default logger (a stream, a level), request lines always redacted. */
  logger?: false | { level?: string; stream?: { write(line: string): void } };
  /** The built client to serve (default: config.clientDir). */
  clientDir?: string;
  /** The React app's page renderer (client/entry-server.tsx); without it pages are the shell the browser renders. */
  renderPage?: RenderPage;
  /** What each page's route declares about its head (client/entry-server.tsx); without it, the site's default head. */
  routeHead?: RouteHeadOf;
  /** Replaces the outbox/SMTP mailer (tests use a failing one to prove leads survive mail failures). */
  mailer?: Mailer;
  /** The serving process only (main.ts): the token of POST /internal/backup, once the control file is written. */
  backupControlToken?: () => string | null;
}

export async function buildApp({ config, database, logger, clientDir = config.clientDir, mailer, renderPage, routeHead, backupControlToken }: BuildAppOptions): Promise<FastifyInstance> {
  const { trustProxy } = config;
  const options: FastifyServerOptions = {
    // Request lines go through logSerializers: no secret or address from a query string reaches the log.
    logger: logger === false ? false : { level: config.logLevel, ...logger, serializers: logSerializers },
    bodyLimit: JSON_BODY_LIMIT,
    // A hop count means "believe that many proxies in front of us".
    trustProxy: typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    frameworkErrors,
  };
  const app = Fastify(options).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  app.decorate('config', config);
  await app.register(dbPlugin, { database });
  app.decorate('inventoryCache', new InventoryCache({
    maxEntries: 500,
    maxBytes: 32 * 1024 * 1024,
    // Exact when this process is the only writer (embedded database); a short TTL when other instances may write.
    ttlMs: database.kind === 'pglite' ? Infinity : 5_000,
  }));
  // Vehicle changes are published after they commit: the index and the caches first (the writer's own answer reads
  // fresh data: a sold vehicle has left the results before the seller's request is answered), then other
  // instances (PostgreSQL), then the shoppers' notices (modules/notifications/vehicle-events.ts).
  // Large changes (imports) commit in steps on the embedded database, whose one connection a long transaction would
  // hold from every other request (decision 031).
  const vehicleCommands = new VehicleCommands(database.db, app.log, undefined, { stepped: database.kind === 'pglite' });
  const inventoryIndex = new InventoryIndex(database.db, { log: app.log });
  vehicleCommands.subscribe((events) => inventoryIndex.patch(changedIds(events)));
  vehicleCommands.subscribe(() => app.inventoryCache.invalidate());
  // Deal ratings (issue 19) are rated again inside each write's transaction; registered before the change feed's
  // NOTIFY so the vehicles whose rating moved reach other instances in the same message.
  keepDealRatings(vehicleCommands, database.db);
  if (database.channel) {
    const stopFeed = await startChangeFeed(database.channel, vehicleCommands, {
      log: app.log,
      changed: async (ids) => { await inventoryIndex.patch(ids); app.inventoryCache.invalidate(); },
      resync: async () => { app.inventoryCache.invalidate(); await inventoryIndex.build(); },
    });
    app.addHook('onClose', stopFeed);
  }
  vehicleCommands.subscribe(vehicleNotices(database.db, config.publicUrl));
  app.decorate('vehicleCommands', vehicleCommands);
  app.decorate('inventoryIndex', inventoryIndex);
  app.decorate('mailer', mailer ?? createMailer({
    db: database.db, smtpUrl: config.mail.smtpUrl, from: config.mail.from, log: app.log, keepSecretsInOutbox: config.env !== 'production',
  }));
  // Uploads on disk, or in an S3-compatible bucket when S3_BUCKET is set (several instances share it).
  const disk = new LocalDiskStorage(config.uploadsDir);
  const bucket = config.s3 ? new S3Storage(config.s3) : null;
  const storage: UploadStorage = bucket ?? disk;
  app.decorate('storage', storage);
  app.decorate('background', new BackgroundTasks(app.log));
  const services = createServices({
    db: database.db, config, log: app.log, mailer: app.mailer, storage, background: app.background,
    inventoryCache: app.inventoryCache, inventoryIndex, vehicleCommands,
  });
  app.decorate('services', services);
  // The whole lot is rated once at start (a seeded or bulk-loaded lot, or a database from before deal ratings, has
  // none yet; writes keep them in step from then on), without holding the app up: about 4 s at 10,000 vehicles
  // (docs/PERFORMANCE.md). Writes meanwhile wait for it (a shared lock, modules/vehicles/deal-ratings.ts). The index
  // is built once the ratings are in, so its best-deal order reads them; SQL answers until then.
  let startup: Promise<void> = Promise.resolve();
  app.addHook('onReady', async () => {
    // An import a dead process left half made is undone before anything is served or rated (decision 031).
    await vehicleCommands.undoUnfinishedRuns();
    const started = performance.now();
    const rating = recomputeAllDealRatings(database.db).then((rated) => {
      app.inventoryCache.invalidate();
      app.log.info({ rated, ms: Math.round(performance.now() - started) }, 'deal ratings ready');
    }).catch((err: unknown) => app.log.error({ err }, 'deal ratings: rating the lot failed; writes keep rating their groups'));
    startup = rating;
    // Built once the app is ready, without holding it up: SQL answers until the index is complete.
    if (config.inventoryIndex) {
      startup = rating.then(() => inventoryIndex.build()).then(() => {
        app.log.info({ vehicles: inventoryIndex.count, ms: Math.round(performance.now() - started) }, 'inventory index ready');
        inventoryIndex.prepareSearch();
        void inventoryIndex.warm();
      }).catch((err: unknown) => app.log.error({ err }, 'inventory index: the build failed; SQL answers'));
    }
    // The car assistant's lot too (issue 20): about a second of reading at 10,000 vehicles that the first question
    // after a start would otherwise wait for; a failure is logged and the first question reads it instead.
    startup = startup.then(() => services.assistant.lot.read())
      .then(() => undefined, (err: unknown) => app.log.warn({ err }, 'car assistant: reading the lot at start failed; the first question reads it'));
  });
  app.addHook('onClose', () => startup);
  // What the services still hold (the assistant's pending chat log) is written before the database closes (main.ts
  // closes it after the app).
  app.addHook('onClose', () => closeServices(services));
  app.addHook('onClose', () => inventoryIndex.idle());
  app.decorate('metrics', new Metrics(database));
  registerMetrics(app, config.metricsToken);
  app.addHook('onClose', async () => { await app.background.idle(); });
  // JSON answers and pages compressed on the fly (Lighthouse "text compression": the first listing page is about
  // 60 KB of JSON, 6 KB compressed). Built assets are already compressed at build time (static.ts) and images are
  // not compressible, so the plugin passes those by. Brotli and gzip only, which every browser accepts.
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(bodyPlugin);
  // The composition root hands the auth plugin the sessions module's resolver: plugins never import modules.
  await app.register(authPlugin, { config, resolveSession: services.auth.resolveSession });
  await app.register(pageReadsPlugin);
  await app.register(securityPlugin, { config });
  await app.register(rateLimitPlugin, { config });
  await app.register(openapiPlugin, { version: pkg.version });
  // Before the modules: they add their pages' sitemap entries and server-rendered heads through app.seo.
  await app.register(seoPlugin);

  await app.register(healthRoutes, { version: pkg.version });
  // issue 36 item 5: the token alone does not open it; BACKUP_ENDPOINT=on must ask for it too.
  if (backupControlToken && config.backup.endpoint) registerBackupControl(app, backupControlToken);
  await app.register(authRoutes);
  await app.register(vehicleRoutes);
  await app.register(appointmentRoutes);
  await app.register(dealRoutes);
  await app.register(financeRoutes);
  await app.register(finderRoutes);
  await app.register(referralRoutes);
  await app.register(listingRoutes);
  await app.register(twoFactorRoutes);
  await app.register(contentRoutes);
  await app.register(preApprovalRoutes);
  await app.register(analyticsRoutes);
  await app.register(appraisalRoutes);
  await app.register(leadRoutes);
  await app.register(holdRoutes);
  await app.register(assistantRoutes);
  await app.register(vinRoutes);
  await app.register(accountRoutes);
  await app.register(savedRoutes);
  await app.register(savedSearchRoutes);
  await app.register(notificationRoutes);
  await app.register(feedRoutes);
  await app.register(closedDayRoutes);
  await app.register(dealWorksheetRoutes);

  // The admin scope: every admin route of every module, and nothing else. A route is admin-only because it is
  // registered here (its URL and OpenAPI tags are documentation): the guard answers 401 without a session and 403
  // for anyone but an active admin, in preValidation, before the schemas. Routes that are public or "admin or owner"
  // with admin-only extras decide for themselves, outside: the vehicle list and detail, similar vehicles (the
  // vehicles module) and the API docs (plugins/openapi.ts, admin-only in production). modules/admin/admin.test.ts
  // walks the whole route table against this scope.
  await app.register(async (admin) => {
    admin.addHook('preValidation', adminScopeGuard);
    // Documented as needing a session (issue 36 item 7), as the guard above makes them.
    admin.addHook('onRoute', documentAdminRoute);
    await admin.register(adminRoutes);
    await admin.register(vehicleAdminRoutes);
    await admin.register(twoFactorAdminRoutes);
    await admin.register(listingAdminRoutes);
    await admin.register(contentAdminRoutes);
    await admin.register(mediaRoutes);
    await admin.register(preApprovalAdminRoutes);
    await admin.register(analyticsAdminRoutes);
    await admin.register(leadAdminRoutes);
    await admin.register(leadDeliveryAdminRoutes);
    await admin.register(holdAdminRoutes);
    await admin.register(importRoutes);
    await admin.register(accountAdminRoutes);
    await admin.register(feedAdminRoutes);
    await admin.register(inventoryFeedRoutes);
    await admin.register(dealerSettingsAdminRoutes);
    await admin.register(dealSettingsAdminRoutes);
  });

  // Last: built files and uploads, then every other GET is a server-rendered page (a JSON 404 under /api).
  await app.register(staticPlugin, { config, clientDir, ...(bucket && !config.s3?.publicUrl ? { uploads: uploadSource(bucket, disk) } : {}) });
  await app.register(pagesPlugin, { clientDir, ...(renderPage ? { renderPage } : {}), ...(routeHead ? { routeHead } : {}) });
  return app;
}
