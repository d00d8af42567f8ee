// Account contracts (issue 5, "Accounts" and "Notifications"): profile, password and email changes, email
// preferences, the data export and account deletion, and the admin's outbox.
import { z } from 'zod';
import { emailSchema, newPasswordSchema, PASSWORD_MAX, userSchema } from './auth';

const hasNoNul = (s: string) => !s.includes('\u0000');
const nameField = (field: string) => z.string().trim().max(60, `${field} is at most 60 characters`).refine(hasNoNul, `${field} contains a NUL character`);
const currentPassword = z.string({ error: 'currentPassword is required' }).min(1, 'currentPassword is required').max(PASSWORD_MAX, `currentPassword is at most ${PASSWORD_MAX} characters`);

export const updateProfileBodySchema = z.object({
  firstName: nameField('firstName'),
  lastName: nameField('lastName'),
});

/** Changing the password asks for the current one and ends the user's other sessions (issue 5). */
export const changePasswordBodySchema = z.object({
  currentPassword,
  newPassword: newPasswordSchema('newPassword'),
});

/** Changing the email asks for the current password and ends the user's other sessions (issue 5). */
export const changeEmailBodySchema = z.object({ currentPassword, email: emailSchema });

/** Deleting the account asks for the password again: it cannot be undone. */
export const deleteAccountBodySchema = z.object({ currentPassword });

export const profileResponseSchema = z.object({ user: userSchema });

// --- Email preferences (CASL: nothing pre-checked; marketing consent recorded with its time) ---

/**
 * Each notification event that can also arrive by email, with the preference that controls it. A decision on the
 * shopper's own private listing is not here: it answers their request, so it is always e-mailed as a transactional
 * message (decision 024), and a switch that changed nothing was removed (issue 33).
 */
export const EMAIL_PREFERENCES = [
  { key: 'emailPriceDrop', label: 'A vehicle I saved drops in price', events: ['saved_vehicle.price_drop'] },
  { key: 'emailVehicleSold', label: 'A vehicle I saved is sold', events: ['saved_vehicle.sold'] },
  { key: 'emailSavedSearch', label: 'A saved search has new matches', events: ['saved_search.match'] },
  { key: 'emailReferral', label: 'A friend I referred joins', events: ['referral.converted'] },
] as const;
export type EmailPreferenceKey = (typeof EMAIL_PREFERENCES)[number]['key'] | 'marketingOptIn';
export const EMAIL_PREFERENCE_KEYS = [...EMAIL_PREFERENCES.map((p) => p.key), 'marketingOptIn'] as const;

/** The preference that controls email for a notification event, or null when that event never emails. */
export function preferenceForEvent(event: string): EmailPreferenceKey | null {
  return EMAIL_PREFERENCES.find((p) => (p.events as readonly string[]).includes(event))?.key ?? null;
}

export const preferencesSchema = z.object({
  emailPriceDrop: z.boolean(),
  emailVehicleSold: z.boolean(),
  emailSavedSearch: z.boolean(),
  emailReferral: z.boolean(),
  marketingOptIn: z.boolean(),
  /** When marketing consent was given (CASL keeps proof of consent); null without it. */
  marketingConsentAt: z.string().nullable(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const DEFAULT_PREFERENCES: Preferences = {
  emailPriceDrop: false, emailVehicleSold: false, emailSavedSearch: false, emailReferral: false,
  marketingOptIn: false, marketingConsentAt: null,
};

export const updatePreferencesBodySchema = preferencesSchema.omit({ marketingConsentAt: true }).partial()
  .refine((v) => Object.keys(v).length > 0, 'at least one preference is required');

export const unsubscribeBodySchema = z.object({
  token: z.string({ error: 'token is required' }).min(20, 'token is not a valid unsubscribe link').max(200, 'token is not a valid unsubscribe link'),
});
export const unsubscribeResponseSchema = z.object({
  message: z.string(),
  /** The label of what was turned off (one kind, or every email). */
  turnedOff: z.string(),
});

// --- Admin outbox (issue 5, "Email goes through a mail module") ---

export const outboxMessageSchema = z.object({
  id: z.number().int(),
  toAddress: z.string(),
  /** Where a reply goes (issue 57: the store a shopper's e-mail is about). */
  replyTo: z.string().nullable(),
  subject: z.string(),
  text: z.string(),
  category: z.string(),
  status: z.enum(['stored', 'sending', 'sent', 'failed']),
  error: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** Files sent with it (a booking's .ics, issue 57): name, type and size; GET …/attachments/:index downloads one. */
  attachments: z.array(z.object({ index: z.number().int(), filename: z.string(), contentType: z.string(), bytes: z.number().int() })),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
export const outboxAttachmentParamsSchema = z.object({
  id: z.coerce.number({ error: 'id must be a whole number' }).int('id must be a whole number').positive('id must be positive'),
  index: z.coerce.number({ error: 'index must be a whole number' }).int('index must be a whole number').min(0, 'index must be 0 or more').max(20, 'index is at most 20'),
});

export const outboxQuerySchema = z.object({
  to: z.string().trim().max(254, 'to is at most 254 characters').optional(),
  category: z.string().trim().max(40, 'category is at most 40 characters').optional(),
  page: z.coerce.number({ error: 'page must be a whole number' }).int('page must be a whole number').min(1, 'page must be at least 1').max(10_000, 'page is at most 10000').default(1),
});
export const OUTBOX_PAGE_SIZE = 50;
export const outboxListSchema = z.object({
  messages: z.array(outboxMessageSchema),
  total: z.number().int(),
  page: z.number().int(),
  totalPages: z.number().int(),
});
