// Where leads go (issue 32 part 2): the CRM's ADF intake address and/or a webhook with its signing secret. The
// secret is sealed with the PII key (modules/crypto/pii.ts) and never leaves the server: the API says only whether
// one is set. Saving checks the webhook's address against the SSRF rules (lib/outgoing/guard.ts) in production.
import type { LeadDeliverySettings } from '@domain/lead-delivery';
import type { leadDeliverySettingsUpdateSchema } from '@domain/lead-delivery';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { leadDeliverySettings } from '../../db/schema';
import { badRequest } from '../../errors';
import { recordAudit, type AuditActor } from '../audit/record';
import { decryptPii, encryptPii, type PiiKeys } from '../crypto/pii';
import { assertReachableUrl, RefusedAddressError } from '../../lib/outgoing/guard';
import { refusedDetail } from './send';

export const SECRET_CONTEXT = 'lead_delivery_settings.webhook_secret';

type Row = typeof leadDeliverySettings.$inferSelect;

async function row(db: Db): Promise<Row | null> {
  const [r] = await db.select().from(leadDeliverySettings).where(eq(leadDeliverySettings.id, 1));
  return r ?? null;
}

const toSettings = (r: Row | null): LeadDeliverySettings => ({
  adfEmail: r?.adfEmail ?? null,
  webhookUrl: r?.webhookUrl ?? null,
  webhookSecretSet: Boolean(r?.webhookSecret),
  updatedAt: r?.updatedAt.toISOString() ?? null,
});

export async function getSettings(db: Db): Promise<LeadDeliverySettings> {
  return toSettings(await row(db));
}

/** The webhook's signing secret, opened, or null when none is set. */
export async function readSecret(db: Db, keys: PiiKeys): Promise<string | null> {
  const r = await row(db);
  return r?.webhookSecret ? decryptPii<string>(keys, r.webhookSecret, SECRET_CONTEXT) : null;
}

export async function saveSettings(
  db: Db, deps: { pii: PiiKeys; refusePrivateHosts: boolean }, actor: AuditActor, input: z.output<typeof leadDeliverySettingsUpdateSchema>,
): Promise<LeadDeliverySettings> {
  const before = await row(db);
  const secretAfter = input.webhookSecret !== undefined ? input.webhookSecret : before?.webhookSecret ? 'kept' : null;
  if (input.webhookUrl && !secretAfter) {
    throw badRequest('A webhook needs a signing secret: the CRM checks each delivery\'s signature with it', { webhookSecret: 'Signing secret: generate one and copy it into your CRM; a webhook needs it' });
  }
  if (input.webhookUrl && deps.refusePrivateHosts) {
    try {
      await assertReachableUrl(input.webhookUrl, { allowPrivate: false });
    } catch (err) {
      if (err instanceof RefusedAddressError) throw badRequest(`Webhook URL: ${refusedDetail(err)}`, { webhookUrl: `Webhook URL: ${refusedDetail(err)}` });
      const why = `Webhook URL: its host could not be found (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`;
      throw badRequest(why, { webhookUrl: why });
    }
  }
  // No webhook, no secret: a secret left behind would sign for a URL set later by someone who never saw it.
  const webhookSecret = !input.webhookUrl ? null
    : input.webhookSecret !== undefined ? encryptPii(deps.pii, input.webhookSecret, SECRET_CONTEXT) : before!.webhookSecret;
  const values = { adfEmail: input.adfEmail, webhookUrl: input.webhookUrl, webhookSecret, updatedAt: new Date(), updatedBy: actor.id };
  return db.transaction(async (tx) => {
    const [saved] = await tx.insert(leadDeliverySettings).values({ id: 1, ...values })
      .onConflictDoUpdate({ target: leadDeliverySettings.id, set: values }).returning();
    await recordAudit(tx, actor, {
      action: 'lead_delivery.settings', entityType: 'lead_delivery_settings', entityId: 1,
      summary: [`ADF e-mail: ${input.adfEmail ?? 'none'}`, `webhook: ${input.webhookUrl ?? 'none'}`, input.webhookSecret !== undefined ? 'signing secret replaced' : ''].filter(Boolean).join('; '),
      before: { adfEmail: before?.adfEmail ?? null, webhookUrl: before?.webhookUrl ?? null },
      after: { adfEmail: input.adfEmail, webhookUrl: input.webhookUrl },
    });
    return toSettings(saved!);
  });
}
