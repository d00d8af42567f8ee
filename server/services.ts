// App-scoped services (issue 31 §1): createServices(deps) builds each module's service from one Deps type, and
// the app decorates itself with the result as `app.services`. Routes, jobs, the page renderer and scripts call
// `app.services.<module>`; a service keeps its state (caches, sessions, pending writes) on itself, never in its
// module, so two apps in one process share nothing. Modules move behind this one at a time: see
// docs/ARCHITECTURE.md ("Services") for which are here and the shape a new one takes.
import type { Deps } from './deps';
import { accountsService } from './modules/accounts/service';
import { analyticsService } from './modules/analytics/service';
import { appointmentsService } from './modules/appointments/service';
import { appraisalService } from './modules/appraisal/service';
import { createAssistant } from './modules/assistant/service';
import { authService } from './modules/auth/service';
import { dealWorksheetService } from './modules/deal-worksheet/service';
import { dealerSettingsService } from './modules/dealer-settings/service';
import { dealsService } from './modules/deals/service';
import { financeService } from './modules/finance/service';
import { finderService } from './modules/finder/service';
import { holdsService } from './modules/holds/service';
import { leadsService } from './modules/leads/service';
import { notificationsService } from './modules/notifications/service';
import { preApprovalsService } from './modules/pre-approvals/service';
import { privateListingsService } from './modules/private-listings/service';
import { referralsService } from './modules/referrals/service';
import { savedSearchesService } from './modules/saved-searches/service';
import { savedService } from './modules/saved/service';

export type { Deps };

export function createServices(deps: Deps) {
  return {
    accounts: accountsService(deps),
    analytics: analyticsService(deps),
    appointments: appointmentsService(deps),
    appraisal: appraisalService(deps),
    assistant: createAssistant(deps),
    auth: authService(deps),
    dealerSettings: dealerSettingsService(deps),
    deals: dealsService(deps),
    dealWorksheet: dealWorksheetService(deps),
    finance: financeService(deps),
    finder: finderService(deps),
    holds: holdsService(deps),
    leads: leadsService(deps),
    notifications: notificationsService(deps),
    preApprovals: preApprovalsService(deps),
    privateListings: privateListingsService(deps),
    referrals: referralsService(deps),
    saved: savedService(deps),
    savedSearches: savedSearchesService(deps),
  };
}

export type Services = ReturnType<typeof createServices>;

/** Closes what the services hold open (pending writes) before the database closes. */
export async function closeServices(services: Services): Promise<void> {
  await services.assistant.close();
}
