// The one entry point that listens: config, database, migrations, first-start seed, then serve (DESIGN.md).
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import pretty from 'pino-pretty';
import { renderPage, routeHead } from '../client/entry-server';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type Database } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { IDLE_INTERVAL_MS, IdleCollector } from './lib/idle-collector';
import { startRenderThreads, type RenderThreads } from './lib/render-threads';
import { seedBaseIfEmpty, seedIfEmpty } from './db/seed/index';
import { ensureContent } from './modules/content/seed/index';
import { removeControlFile, writeControlFile } from './modules/backup/service';
import { refreshEmbeddedStatistics, startJobs } from './modules/jobs/scheduler';
import { startLeadDelivery } from './modules/lead-delivery/dispatcher';
import { databaseZoneData, enforceZoneData, runtimeZoneData, ZoneDataError } from './zone-data';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

const config = readConfig();
if (config.database.kind === 'pglite') await mkdir(config.database.dataDir, { recursive: true });
await mkdir(config.uploadsDir, { recursive: true });

async function open(): Promise<Database> {
  try {
    return await openDatabase(config.database);
  } catch (err) {
    // Issue 30: another process has the embedded database open; this one refuses to start and says which.
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

const database = await open();
await database.migrate();
// Issue 29: Node's and PostgreSQL's zone data must know Alberta's permanent UTC-6 (tzdata 2026c).
try {
  enforceZoneData({ runtime: runtimeZoneData(), database: await databaseZoneData(database.db) }, config.zoneDataCheck, (m) => console.warn(m));
} catch (err) {
  if (!(err instanceof ZoneDataError)) throw err;
  console.error(err.message);
  await database.close();
  process.exit(1);
}
// issue 15 item 1: demo data only outside production or when asked for with its passwords replaced (config.ts).
if (config.seed === 'demo') {
  await seedIfEmpty(database, { uploadsDir: config.uploadsDir, adminPassword: config.adminPassword, customerPassword: config.demoCustomerPassword });
} else if (config.seed === 'base') {
  await seedBaseIfEmpty(database, { adminPassword: config.adminPassword, log: (msg) => console.log(msg) });
}
// Site pages (info, legal) always; the demo blog once, with the demo data (issue 7).
await ensureContent(database.db, { posts: config.seed === 'demo', preApprovalRetentionDays: config.preApprovalRetentionDays });
await refreshEmbeddedStatistics(database);

// The composition root is the one server file that knows the React app: the rest sees the RenderPage contract.
// `npm run db:backup` reaches the embedded database through this process (modules/backup/service.ts).
let controlToken: string | null = null;
// Issue 29: a person at a terminal in development reads log lines, not JSON; production (and any log collector
// reading a pipe) keeps one JSON object per line.
const logger = config.env !== 'production' && process.stdout.isTTY
  ? { stream: pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' }) }
  : undefined;
// Issue 30 §5: pages render in worker threads (lib/render-threads.ts), where the build wrote the thread's module
// beside this one (dist/server). Run from source (npm run dev's tsx), there is no such module (a thread would need
// the TypeScript loader), and pages render on this thread.
const renderThreadFile = new URL('./render-thread.js', import.meta.url);
const renderThreads: RenderThreads | null = config.renderThreads > 0 && existsSync(fileURLToPath(renderThreadFile))
  ? startRenderThreads({ file: renderThreadFile, size: config.renderThreads, onThreadError: (err) => console.error('a render thread stopped:', err) })
  : null;
const app = await buildApp({ config, database, renderPage: renderThreads?.renderPage ?? renderPage, routeHead, backupControlToken: () => controlToken, ...(logger ? { logger } : {}) });

// Issue 17: the heap a burst of traffic leaves behind goes back once the server is quiet (npm start passes
// --expose-gc; lib/idle-collector.ts). The serving process only: tests build apps without it.
const gc = (globalThis as { gc?: () => void }).gc;
if (gc) {
  // Twice: the first frees the garbage, the second gives the emptied pages back (measured, issue 17).
  // The heap and what its objects hold outside it: compression streams' native buffers (external) were most of
  // the growth after 200 connections in one measured run, with the heap itself barely grown.
  const heldBytes = () => { const m = process.memoryUsage(); return m.heapTotal + m.external; };
  const idle = new IdleCollector({ collect: () => { gc(); gc(); }, heapBytes: heldBytes });
  app.addHook('onRequest', async (request) => idle.request(request.routeOptions.url));
  setInterval(() => idle.tick(), IDLE_INTERVAL_MS).unref();
}

let stopLeadDelivery: () => Promise<void> = async () => {};
let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  try {
    await removeControlFile(config.dataDir);
    await stopLeadDelivery();
    await app.close();
    await renderThreads?.close();
    await database.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: config.port, host: config.host });
  controlToken = await writeControlFile(config.dataDir, config.port);
  // Housekeeping timers (retention purges) run in the serving process only, never in tests (modules/jobs).
  startJobs(app);
  // Issue 32: new leads go to the dealer's CRM; deliveries a crash left behind are sent from here too.
  stopLeadDelivery = await startLeadDelivery(app, database);
  app.log.info(`Prairie Motor Hub is up: ${config.publicUrl} (API docs at ${config.publicUrl}/api/docs); pages render ${renderThreads ? `in ${config.renderThreads} thread(s)` : 'on the main thread'}`);
} catch (err) {
  app.log.error({ err }, 'could not start the server');
  await database.close();
  process.exit(1);
}
