// App-scoped services (issue 31 §1): createServices(deps) builds each module's service from one Deps type, and
// the app decorates itself with the result as `app.services`. Routes, jobs, the page renderer and scripts call
// `app.services.<module>`; a service keeps its state (caches, sessions, pending writes) on itself, never in its
// module, so two apps in one process share nothing. Modules move behind this one at a time: see
// docs/ARCHITECTURE.md ("Services") for which are here and the shape a new one takes.
import type { Deps } from './deps';
import { createAssistant } from './modules/assistant/service';
import { adminService } from './modules/admin/service';
import { contentService } from './modules/content/service';
import { feedsService } from './modules/feeds/service';
import { importsService } from './modules/imports/service';
import { inventoryFeedsService } from './modules/inventory-feeds/service';
import { leadDeliveryService } from './modules/lead-delivery/service';
import { leadsService } from './modules/leads/service';
import { mailService } from './modules/mail/service';
import { mediaService } from './modules/media/service';
import { vehiclesService } from './modules/vehicles/service';
import { vinService } from './modules/vin/service';

export type { Deps };

export function createServices(deps: Deps) {
  // One VIN decoder per app: the imports decode with the same one the vin routes use.
  const vin = vinService(deps);
  return {
    assistant: createAssistant(deps),
    leads: leadsService(deps),
    admin: adminService(deps),
    content: contentService(deps),
    feeds: feedsService(deps),
    imports: importsService(deps, vin),
    inventoryFeeds: inventoryFeedsService(deps),
    leadDelivery: leadDeliveryService(deps),
    mail: mailService(deps),
    media: mediaService(deps),
    vehicles: vehiclesService(deps),
    vin,
  };
}

export type Services = ReturnType<typeof createServices>;

/** Closes what the services hold open (pending writes, the VIN decoder's database) before the database closes. */
export async function closeServices(services: Services): Promise<void> {
  await services.assistant.close();
  await services.vin.close();
}
