// The profile (issue 5, "Accounts"): names, email and photo; password and email changes that ask for the current
// password and end the user's other sessions; the data export; account deletion.
import { and, desc, eq, ne, or, sql } from 'drizzle-orm';
import { passwordProblem, type User } from '@domain/auth';
import { PASSWORD_RULES } from '@domain/common-passwords';
import type { Db, Tx } from '../../db/client';
import {
  appointments, approvalCriteria, notifications, passwordResetTokens, privateListings, referralCodes, referrals,
  savedSearches, savedVehicles, sessions, users, vehicles,
} from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { forgetCustomer } from '../appointments/service';
import { publicUserColumns, toUser } from '../auth/sessions';
import { anonymizeUser, profileImageFilesOf, setEmail, setNames, setPasswordHash, setProfileImage } from '../auth/users';
import { forgetUserCriteria } from '../finance/service';
import { forgetUserMail } from '../mail/outbox';
import { forgetUserNotices, getPreferences } from '../notifications/preferences';
import { withdrawListingsOf } from '../private-listings/service';
import { forgetUserSaved } from '../saved/service';
import { forgetUserSearches } from '../saved-searches/service';
import type { VehicleCommands } from '../vehicles/commands';
import type { ProfilePhoto, ProfilePhotoFiles } from './photo';
import { vehicleColumns } from '../vehicles/columns';

export const WRONG_PASSWORD = 'currentPassword is not your current password';

async function loadUser(db: Db | Tx, userId: number): Promise<User> {
  const [row] = await db.select(publicUserColumns).from(users).where(eq(users.id, userId));
  if (!row) throw notFound('Account not found');
  return toUser(row);
}

/** 400 naming the field when the password typed is not the account's: a change needs proof of who is asking. */
async function assertCurrentPassword(db: Db, userId: number, password: string): Promise<void> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!row || !(await verifyPassword(row.passwordHash, password))) throw badRequest(WRONG_PASSWORD, { currentPassword: WRONG_PASSWORD });
}

export async function updateProfile(db: Db, userId: number, input: { firstName: string; lastName: string }): Promise<User> {
  await setNames(db, userId, { firstName: input.firstName || null, lastName: input.lastName || null });
  return loadUser(db, userId);
}

/** Sets (or with null removes) the account's photo; returns the previous photo's files for the caller to delete. */
export async function setProfilePhoto(db: Db, userId: number, photo: ProfilePhoto | null): Promise<{ user: User; previous: ProfilePhotoFiles | null }> {
  return db.transaction(async (tx) => {
    const previous = await profileImageFilesOf(tx, userId, true);
    await setProfileImage(tx, userId, photo);
    return { user: await loadUser(tx, userId), previous };
  });
}

export async function changePassword(db: Db, userId: number, currentToken: string | null, input: { currentPassword: string; newPassword: string }): Promise<void> {
  await assertCurrentPassword(db, userId, input.currentPassword);
  const { username, email } = await loadUser(db, userId);
  const weak = passwordProblem(input.newPassword, PASSWORD_RULES, 'newPassword', { username, email });
  if (weak) throw badRequest(`Invalid body: ${weak}`, { newPassword: weak });
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await setPasswordHash(tx, userId, passwordHash, currentToken);
    // A reset link mailed before the change must not undo it.
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  });
}

export async function changeEmail(db: Db, userId: number, currentToken: string | null, input: { currentPassword: string; email: string }): Promise<User> {
  await assertCurrentPassword(db, userId, input.currentPassword);
  const [taken] = await db.select({ id: users.id }).from(users)
    .where(and(eq(sql`lower(${users.email})`, input.email.toLowerCase()), ne(users.id, userId))).limit(1);
  if (taken) throw conflict('That email is already registered', { email: 'email is already registered' });
  try {
    await db.transaction(async (tx) => {
      await setEmail(tx, userId, input.email, currentToken);
      await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
    });
  } catch (err) {
    // Two accounts racing for one address: the unique index decides.
    if (((err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code) === '23505') {
      throw conflict('That email is already registered', { email: 'email is already registered' });
    }
    throw err;
  }
  return loadUser(db, userId);
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Everything we hold about the user, as JSON (PIPA: access to one's personal information). */
export async function exportAccountData(db: Db, userId: number) {
  const user = await loadUser(db, userId);
  const [saved, searches, notes, prefs, code, referred, listings, booked, criteria, sessionRows] = await Promise.all([
    db.select({ vehicleId: savedVehicles.vehicleId, savedAt: savedVehicles.savedAt, originalPrice: savedVehicles.originalPrice }).from(savedVehicles).where(eq(savedVehicles.userId, userId)),
    db.select({ name: savedSearches.name, filters: savedSearches.filters, lastSeenAt: savedSearches.lastSeenAt, createdAt: savedSearches.createdAt }).from(savedSearches).where(eq(savedSearches.userId, userId)),
    db.select({ type: notifications.type, title: notifications.title, message: notifications.message, readAt: notifications.readAt, createdAt: notifications.createdAt }).from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.createdAt)),
    getPreferences(db, userId),
    db.select({ code: referralCodes.code }).from(referralCodes).where(eq(referralCodes.userId, userId)),
    db.select({ referredUserId: referrals.referredUserId, rewardAmount: referrals.rewardAmount, createdAt: referrals.createdAt }).from(referrals).where(or(eq(referrals.referrerId, userId), eq(referrals.referredUserId, userId))),
    db.select({ vehicleId: privateListings.vehicleId, state: privateListings.state, submittedAt: privateListings.submittedAt, ...vehicleColumns('year', 'make', 'model', 'price') })
      .from(privateListings).innerJoin(vehicles, eq(vehicles.id, privateListings.vehicleId)).where(eq(privateListings.ownerId, userId)),
    db.select({ appointmentType: appointments.appointmentType, preferredDate: appointments.preferredDate, preferredTime: appointments.preferredTime, customerName: appointments.customerName, customerPhone: appointments.customerPhone, customerEmail: appointments.customerEmail, vehicleInfo: appointments.vehicleInfo, status: appointments.status, createdAt: appointments.createdAt }).from(appointments).where(eq(appointments.userId, userId)),
    db.select({ monthlyBudget: approvalCriteria.monthlyBudget, downPayment: approvalCriteria.downPayment, loanTerm: approvalCriteria.loanTerm, createdAt: approvalCriteria.createdAt }).from(approvalCriteria).where(eq(approvalCriteria.userId, userId)),
    db.select({ createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, userAgent: sessions.userAgent, ip: sessions.ip }).from(sessions).where(eq(sessions.userId, userId)),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    account: user,
    emailPreferences: prefs,
    savedVehicles: saved.map((s) => ({ ...s, savedAt: s.savedAt.toISOString() })),
    savedSearches: searches.map((s) => ({ ...s, lastSeenAt: s.lastSeenAt.toISOString(), createdAt: s.createdAt.toISOString() })),
    notifications: notes.map((n) => ({ ...n, readAt: iso(n.readAt), createdAt: n.createdAt.toISOString() })),
    referralCode: code[0]?.code ?? null,
    referrals: referred.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    privateListings: listings.map((l) => ({ ...l, submittedAt: l.submittedAt.toISOString() })),
    appointments: booked.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })),
    affordabilityCriteria: criteria.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() })),
    sessions: sessionRows.map((s) => ({ ...s, createdAt: s.createdAt.toISOString(), lastSeenAt: s.lastSeenAt.toISOString() })),
  };
}

/**
 * Deletes the account in one transaction. Personal data goes: names, email, photo, password, sessions, saved lists,
 * searches, notifications, preferences, the mail sent to the user, and contact details on appointments. What the
 * dealership must keep stays, anonymised: the account row itself (so referral rewards, audit entries and moderation
 * history still add up) under a placeholder name, appointment records without contact details, and private
 * listings, which are withdrawn from sale.
 */
export async function deleteAccount(db: Db, vehicles: VehicleCommands, userId: number, currentPassword: string): Promise<{ vehicleIds: number[]; photo: ProfilePhotoFiles | null }> {
  await assertCurrentPassword(db, userId, currentPassword);
  const placeholder = `deleted-${userId}`;
  // One vehicle write transaction in which each module forgets the user in its own tables (issue 31 §3): the
  // account's private listings leave sale with it.
  return vehicles.transaction({ id: userId, name: placeholder }, async (w) => {
    const { tx } = w;
    const photo = await profileImageFilesOf(tx, userId, true);
    await anonymizeUser(tx, userId, placeholder);
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
    await forgetUserSaved(tx, userId);
    await forgetUserSearches(tx, userId);
    await forgetUserNotices(tx, userId);
    await forgetUserCriteria(tx, userId);
    await forgetUserMail(tx, userId);
    await forgetCustomer(tx, userId);
    return { vehicleIds: await withdrawListingsOf(w, userId), photo };
  });
}
