// App-scoped services (issue 31 §1): createServices(deps) builds each module's service from one Deps type, and
// the app decorates itself with the result as `app.services`. Routes, jobs, the page renderer and scripts call
// `app.services.<module>`; a service keeps its state (caches, sessions, pending writes) on itself, never in its
// module, so two apps in one process share nothing. docs/ARCHITECTURE.md ("Services") has the shape a service
// takes (server/lib/bind.ts) and when a caller uses a module's plain functions instead (inside a transaction).
import type { Deps } from './deps';
import { accountsService } from './modules/accounts/service';
import { adminService } from './modules/admin/service';
import { analyticsService } from './modules/analytics/service';
import { appointmentsService } from './modules/appointments/service';
import { appraisalService } from './modules/appraisal/service';
import { createAssistant } from './modules/assistant/service';
import { authService } from './modules/auth/service';
import { contentService } from './modules/content/service';
import { dealWorksheetService } from './modules/deal-worksheet/service';
import { dealerSettingsService } from './modules/dealer-settings/service';
import { dealsService } from './modules/deals/service';
import { feedsService } from './modules/feeds/service';
import { financeService } from './modules/finance/service';
import { finderService } from './modules/finder/service';
import { holdsService } from './modules/holds/service';
import { importsService } from './modules/imports/service';
import { inventoryFeedsService } from './modules/inventory-feeds/service';
import { leadDeliveryService } from './modules/lead-delivery/service';
import { leadsService } from './modules/leads/service';
import { mailService } from './modules/mail/service';
import { mediaService } from './modules/media/service';
import { notificationsService } from './modules/notifications/service';
import { preApprovalsService } from './modules/pre-approvals/service';
import { privateListingsService } from './modules/private-listings/service';
import { referralsService } from './modules/referrals/service';
import { savedSearchesService } from './modules/saved-searches/service';
import { savedService } from './modules/saved/service';
import { vehiclesService } from './modules/vehicles/service';
import { vinService } from './modules/vin/service';

export type { Deps };

export function createServices(deps: Deps) {
  // One VIN decoder per app: the imports decode with the same one the vin routes use.
  const vin = vinService(deps);
  return {
    accounts: accountsService(deps),
    admin: adminService(deps),
    analytics: analyticsService(deps),
    appointments: appointmentsService(deps),
    appraisal: appraisalService(deps),
    assistant: createAssistant(deps),
    auth: authService(deps),
    content: contentService(deps),
    dealerSettings: dealerSettingsService(deps),
    deals: dealsService(deps),
    dealWorksheet: dealWorksheetService(deps),
    feeds: feedsService(deps),
    finance: financeService(deps),
    finder: finderService(deps),
    holds: holdsService(deps),
    imports: importsService(deps, vin),
    inventoryFeeds: inventoryFeedsService(deps, vin.decoder),
    leadDelivery: leadDeliveryService(deps),
    leads: leadsService(deps),
    mail: mailService(deps),
    media: mediaService(deps),
    notifications: notificationsService(deps),
    preApprovals: preApprovalsService(deps),
    privateListings: privateListingsService(deps),
    referrals: referralsService(deps),
    saved: savedService(deps),
    savedSearches: savedSearchesService(deps),
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
