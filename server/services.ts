// App-scoped services (issue 31 §1): createServices(deps) builds each module's service from one Deps type, and
// the app decorates itself with the result as `app.services`. Routes, jobs, the page renderer and scripts call
// `app.services.<module>`; a service keeps its state (caches, sessions, pending writes) on itself, never in its
// module, so two apps in one process share nothing. Modules move behind this one at a time: see
// docs/ARCHITECTURE.md ("Services") for which are here and the shape a new one takes.
import type { Config } from './config';
import type { Db } from './db/client';
import type { Logger } from './lib/logger';
import { createAssistant } from './modules/assistant/service';
import type { InventoryCache } from './modules/vehicles/cache';
import type { InventoryIndex } from './modules/vehicles/search-index';

/** Everything a service may be handed. One type, so a new service never invents its own context. */
export interface Deps {
  db: Db;
  config: Config;
  log: Logger;
  inventoryCache: InventoryCache;
  inventoryIndex: InventoryIndex;
}

export function createServices(deps: Deps) {
  return {
    assistant: createAssistant(deps),
  };
}

export type Services = ReturnType<typeof createServices>;

/** Closes what the services hold open (pending writes) before the database closes. */
export async function closeServices(services: Services): Promise<void> {
  await services.assistant.close();
}
