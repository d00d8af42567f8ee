// What a service may be handed (issue 31 §1): one type, so a new service never invents its own context and a test
// builds any service from the same parts. A service asks for the parts it uses with `Pick<Deps, …>`; the app
// (server/app.ts) carries every one of them under the same name, so a route passes `app` and a job, a script or a
// test passes exactly what it has. Types only: nothing here runs.
import type { BackgroundTasks } from './background';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Logger } from './lib/logger';
import type { Mailer } from './modules/mail/mailer';
import type { Storage } from './modules/media/storage';
import type { InventoryCache } from './modules/vehicles/cache';
import type { VehicleCommands } from './modules/vehicles/commands';
import type { InventoryIndex } from './modules/vehicles/search-index';

export interface Deps {
  db: Db;
  config: Config;
  log: Logger;
  mailer: Mailer;
  storage: Storage;
  background: BackgroundTasks;
  inventoryCache: InventoryCache;
  inventoryIndex: InventoryIndex;
  /** The one writer of vehicles and price history (modules/vehicles/commands.ts). */
  vehicleCommands: VehicleCommands;
}
