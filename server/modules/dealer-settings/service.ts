// Dealer settings (issues 33 §6 and 34 §5): the stores' closed days and the feeds' AMVIC rule. One row (id 1); no
// row reads as the defaults (domain/dealer-settings.ts), so a fresh database closes on the default holidays and
// keeps every vehicle in the feeds. Only this module writes dealer_settings.
import { eq } from 'drizzle-orm';
import { albertaDate } from '@domain/alberta-time';
import {
  DEFAULT_DEALER_SETTINGS, upcomingClosedDays, type ClosedDays, type ClosedDaysResponse, type DealerSettings, type DealerSettingsResponse,
} from '@domain/dealer-settings';
import type { Db, Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { bindFirst } from '../../lib/bind';
import { dealerSettings } from '../../db/schema';
import { recordAudit, type AuditActor } from '../audit/record';

type Runner = Db | Tx;

export async function getDealerSettings(db: Runner): Promise<DealerSettingsResponse> {
  const [r] = await db.select().from(dealerSettings).where(eq(dealerSettings.id, 1));
  if (!r) return { ...DEFAULT_DEALER_SETTINGS, closedHolidays: [...DEFAULT_DEALER_SETTINGS.closedHolidays], updatedAt: null };
  return {
    closedHolidays: r.closedHolidays as DealerSettings['closedHolidays'],
    closedDates: r.closedDates,
    feedsRequireDisclosures: r.feedsRequireDisclosures,
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The closed days alone: what the booking check and the assistant read. */
export async function getClosedDays(db: Runner): Promise<ClosedDays> {
  const s = await getDealerSettings(db);
  return { closedHolidays: s.closedHolidays, closedDates: s.closedDates };
}

/** How far ahead the public list of closed days reaches: past the booking form's furthest useful date. */
export const UPCOMING_DAYS = 400;

export async function publicClosedDays(db: Db, now: Date): Promise<ClosedDaysResponse> {
  const closed = await getClosedDays(db);
  return { ...closed, upcoming: upcomingClosedDays(albertaDate(now), UPCOMING_DAYS, closed) };
}

export async function saveDealerSettings(db: Db, actor: AuditActor, input: DealerSettings): Promise<DealerSettingsResponse> {
  const before = await getDealerSettings(db);
  const values = { ...input, updatedAt: new Date(), updatedBy: actor.id };
  return db.transaction(async (tx) => {
    await tx.insert(dealerSettings).values({ id: 1, ...values }).onConflictDoUpdate({ target: dealerSettings.id, set: values });
    await recordAudit(tx, actor, {
      action: 'dealer_settings.update', entityType: 'dealer_settings', entityId: 1,
      summary: `Closed on ${input.closedHolidays.length} holidays and ${input.closedDates.length} other dates; feeds ${input.feedsRequireDisclosures ? 'require' : 'do not require'} AMVIC disclosures`,
      before: { closedHolidays: before.closedHolidays, closedDates: before.closedDates, feedsRequireDisclosures: before.feedsRequireDisclosures },
      after: input,
    });
    return getDealerSettings(tx);
  });
}

/** The dealer-settings service as the app holds it (server/services.ts): the closed days and the settings page. */
export function dealerSettingsService(deps: Deps) {
  return bindFirst(deps.db, { getDealerSettings, getClosedDays, publicClosedDays, saveDealerSettings });
}
