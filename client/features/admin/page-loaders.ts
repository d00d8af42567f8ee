// The back office's route loaders (issue 31 §4; how loaders work: lib/page-loader.ts). Each names the queries its
// page's components read, built by the same functions from the same address, so the page renders once with its
// data. Loaded with the back office's code (app/router.tsx lazyLoader), never with the public pages' script.
import type { LoaderFunction } from 'react-router';
import { currentUser, pageLoader, signInFirst, type LoadArgs } from '@/lib/page-loader';
import { isActiveAdmin } from '@/lib/roles';
import { dashboardQueryOptions } from './shell/api/get-dashboard';
import { inventoryApiParams, inventoryQueryOptions, readInventoryParams } from './inventory/api/get-inventory';
import { adminVehicleQueryOptions } from './inventory/api/get-admin-vehicle';
import { pricingAsk, pricingAskReady, pricingGuidanceQueryOptions } from './inventory/api/get-pricing-guidance';
import { feedLockQueryOptions } from './inventory-feeds/api/feed-lock';
import { feedRunsQueryOptions, feedsQueryOptions, runsShownAtOnce } from './inventory-feeds/api/get-feeds';
import { coverageParams, DEFAULT_COVERAGE_FILTER, mediaVehiclesQueryOptions, pickerParams, TOO_FEW_PARAMS } from './media/api/get-media-vehicles';
import { chosenVehicleId, vehiclePhotosQueryOptions } from './media/api/get-vehicle-photos';
import { preApprovalQueryOptions } from './pre-approvals/api/get-pre-approval';
import { ALL_PRE_APPROVALS, openPreApprovalId, preApprovalsQueryOptions, readPreApprovalFilters } from './pre-approvals/api/get-pre-approvals';
import { DEFAULT_ANALYTICS_DAYS, formAnalyticsQueryOptions } from './analytics/api/get-form-analytics';
import { webVitalsQueryOptions } from './analytics/api/get-web-vitals';
import { leadListQueryOptions, openLeadId, readLeadFilters } from './leads/api/get-leads';
import { leadQueryOptions } from './leads/api/get-lead';
import { auditLogApiParams, auditLogQueryOptions, readAuditLogView } from './security/api/get-audit-log';
import { twoFactorStatusQueryOptions } from './security/api/get-two-factor-status';
import { dealerSettingsQueryOptions } from './dealer-settings/api/get-dealer-settings';
import { dealSettingsQueryOptions } from './deal-settings/api/deal-settings';
import { leadDeliverySettingsQueryOptions } from './lead-delivery/api/get-lead-delivery-settings';
import { leadDeliveriesQueryOptions, readDeliveriesQuery } from './lead-delivery/api/get-lead-deliveries';
import { DEFAULT_OUTBOX_QUERY, outboxQueryOptions } from './outbox/api/get-outbox';
import { feedStatusQueryOptions } from './feeds/api/get-feed-status';
import { DEFAULT_LISTING_STATE, listingQueueQueryOptions } from './listings/api/get-listing-queue';
import { adminContentListQueryOptions, DEFAULT_CONTENT_FILTERS, SITE_PAGES_FILTERS } from './content/api/get-content-list';
import { adminCategoriesQueryOptions } from './content/api/get-categories';
import { adminContentEntryQueryOptions } from './content/api/get-content-entry';

/** Only for an active admin (the RequireAdmin guard): a visitor's page shows no data, so it costs no request. */
const backOffice = (load: (args: LoadArgs) => Promise<unknown>): LoaderFunction =>
  pageLoader(async (args) => {
    const user = await currentUser(args.ctx.queryClient);
    // A visitor is sent to the staff sign-in; a signed-in non-admin sees "Not authorised" (app/guards.tsx).
    if (!user) return signInFirst(args.ctx, args.url, '/admin-login');
    if (isActiveAdmin(user)) await load(args);
  });

/** A route's id parameter, as the pages accept it (a positive whole number), else null. */
const idOf = (raw: string | undefined) => {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
};

export const dashboardLoader = backOffice(({ ensure }) => ensure(dashboardQueryOptions()));

export const inventoryLoader = backOffice(({ url, ensure }) =>
  ensure(inventoryQueryOptions(inventoryApiParams(readInventoryParams(url.searchParams)))));

/** The edit form: the vehicle, then what its panels ask about it as saved (the form starts from its fields). */
export const editVehicleLoader = backOffice(async ({ params, ctx, ensure }) => {
  const id = idOf(params.id);
  if (id === null) return;
  await ensure(adminVehicleQueryOptions(id));
  const vehicle = ctx.queryClient.getQueryData(adminVehicleQueryOptions(id).queryKey);
  if (!vehicle) return;
  const ask = pricingAsk(vehicle);
  await ensure(feedLockQueryOptions(vehicle.id), ...(pricingAskReady(ask) ? [pricingGuidanceQueryOptions(ask, vehicle.id)] : []));
});

/** The picker's opening list, and the chosen vehicle's photos. */
export const imageManagerLoader = backOffice(({ url, ensure }) => {
  const vehicleId = chosenVehicleId(url.searchParams);
  return ensure(mediaVehiclesQueryOptions(pickerParams('')), ...(vehicleId === null ? [] : [vehiclePhotosQueryOptions(vehicleId)]));
});

export const photosLoader = backOffice(({ ensure }) =>
  ensure(mediaVehiclesQueryOptions(coverageParams(DEFAULT_COVERAGE_FILTER, '')), mediaVehiclesQueryOptions(TOO_FEW_PARAMS)));

/**
 * The filtered list; or an open application (?id=) with the whole list's assignees. The application's read is
 * decrypted and audited, and kept no longer than it is shown (gcTime 0): on the server the render finds it (one
 * read); in the browser it is left to the page, as a read started here could be dropped before the page mounts and
 * then be made, and audited, twice.
 */
export const preApprovalsLoader = backOffice(({ url, ctx, ensure }) => {
  const id = openPreApprovalId(url.searchParams);
  if (id === null) return ensure(preApprovalsQueryOptions(readPreApprovalFilters(url.searchParams)));
  return ensure(...(ctx.server ? [preApprovalQueryOptions(id)] : []), preApprovalsQueryOptions(ALL_PRE_APPROVALS));
});

export const formAnalyticsLoader = backOffice(({ ensure }) =>
  ensure(formAnalyticsQueryOptions(DEFAULT_ANALYTICS_DAYS), webVitalsQueryOptions(DEFAULT_ANALYTICS_DAYS)));

/** The inbox and the lead open beside it. */
export const leadsLoader = backOffice(({ url, ensure }) => {
  const lead = openLeadId(url.searchParams);
  return ensure(leadListQueryOptions(readLeadFilters(url.searchParams)), ...(lead === null ? [] : [leadQueryOptions(lead)]));
});

export const auditLogLoader = backOffice(({ url, ensure }) =>
  ensure(auditLogQueryOptions(auditLogApiParams(readAuditLogView(url.searchParams)))));

export const securityLoader = backOffice(({ ensure }) => ensure(twoFactorStatusQueryOptions()));

export const dealerSettingsLoader = backOffice(({ ensure }) => ensure(dealerSettingsQueryOptions()));

export const dealSettingsLoader = backOffice(({ ensure }) => ensure(dealSettingsQueryOptions()));

export const leadDeliveryLoader = backOffice(({ url, ensure }) =>
  ensure(leadDeliverySettingsQueryOptions(), leadDeliveriesQueryOptions(readDeliveriesQuery(url.searchParams))));

export const outboxLoader = backOffice(({ ensure }) => ensure(outboxQueryOptions(DEFAULT_OUTBOX_QUERY)));

/** The feeds, then the runs of those held for a decision (their cards show them at once). */
export const inventoryFeedsLoader = backOffice(async ({ ctx, ensure }) => {
  await ensure(feedsQueryOptions());
  const feeds = ctx.queryClient.getQueryData(feedsQueryOptions().queryKey)?.feeds ?? [];
  await ensure(...feeds.filter(runsShownAtOnce).map((f) => feedRunsQueryOptions(f.id)));
});

export const feedsLoader = backOffice(({ ensure }) => ensure(feedStatusQueryOptions()));

export const listingsLoader = backOffice(({ ensure }) => ensure(listingQueueQueryOptions(DEFAULT_LISTING_STATE)));

export const contentListLoader = backOffice(({ ensure }) =>
  ensure(adminContentListQueryOptions(DEFAULT_CONTENT_FILTERS), adminCategoriesQueryOptions()));

/** A new entry or an existing one (:id); the editor lists the site pages either way. */
export const contentEditorLoader = backOffice(({ params, ensure }) => {
  const id = params.id === undefined ? null : idOf(params.id);
  return ensure(adminContentListQueryOptions(SITE_PAGES_FILTERS), ...(id === null ? [] : [adminContentEntryQueryOptions(id)]));
});
