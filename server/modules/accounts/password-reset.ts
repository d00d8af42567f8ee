// Password reset (issue 5, "Accounts"): a single-use link that lasts one hour, mailed through the mail module.
// The request answers the same whether or not the address has an account, and spends the same time either way.
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { PASSWORD_RESET_TTL_MS, passwordProblem } from '@domain/auth';
import { PASSWORD_RULES } from '@domain/common-passwords';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { passwordResetTokens, users } from '../../db/schema';
import { badRequest } from '../../errors';
import { hashPassword } from '../../lib/password';
import { hashToken } from '../../lib/tokens';
import { setPasswordHash } from '../auth/users';
import type { Mailer } from '../mail/mailer';

export const RESET_REQUESTED_MESSAGE = 'If an account uses that address, we have sent it a link to reset the password. The link works once, for one hour.';
export const INVALID_RESET_LINK = 'This reset link is invalid, already used or expired. Ask for a new one.';

/** Stores a new reset token for the account at `email` (if any) and mails the link; older unused links stop working. */
export async function requestPasswordReset(ctx: { db: Db; config: Config; mailer: Mailer }, email: string): Promise<void> {
  const [user] = await ctx.db.select({ id: users.id, email: users.email, firstName: users.firstName, isActive: users.isActive })
    .from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase())).limit(1);
  if (!user || user.isActive !== 1) return;
  const token = randomBytes(32).toString('base64url');
  await ctx.db.transaction(async (tx) => {
    // One live link per account: asking again replaces the previous one.
    await tx.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
    await tx.insert(passwordResetTokens).values({ tokenHash: hashToken(token), userId: user.id, expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MS) });
  });
  const link = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await ctx.mailer.send({
    to: user.email,
    subject: 'Reset your password',
    category: 'password_reset',
    userId: user.id,
    // issue 36 item 1: the outbox keeps the message without the link (the token table keeps only its hash).
    secrets: [link, token],
    text: [
      `Hello${user.firstName ? ` ${user.firstName}` : ''},`,
      '',
      'Someone (hopefully you) asked to reset the password of your account. Open this link to choose a new one:',
      link,
      '',
      'The link works once and expires in one hour. If you did not ask for it, ignore this email: your password stays as it is.',
    ].join('\n'),
  });
}

/**
 * Sets a new password from a reset link: the link must exist, be unused and under one hour old. Spending the link
 * is the first write of the transaction (a conditional update), so two racing requests cannot both use it. Every
 * session of the account ends: whoever knew the old password is signed out.
 */
export async function resetPassword(db: Db, token: string, password: string): Promise<void> {
  // Whose link it is, for the password rule's context words (issue 15 item 6); the link is spent below.
  const [owner] = await db.select({ username: users.username, email: users.email }).from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId)).where(eq(passwordResetTokens.tokenHash, hashToken(token)));
  const weak = passwordProblem(password, PASSWORD_RULES, 'password', owner ?? {});
  if (weak) throw badRequest(`Invalid body: ${weak}`, { password: weak });
  const passwordHash = await hashPassword(password);
  const ok = await db.transaction(async (tx) => {
    const [spent] = await tx.update(passwordResetTokens).set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.tokenHash, hashToken(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, new Date())))
      .returning({ userId: passwordResetTokens.userId });
    if (!spent) return false;
    // Every session ends: whoever knew the old password is signed out.
    await setPasswordHash(tx, spent.userId, passwordHash, null);
    await tx.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userId, spent.userId), isNull(passwordResetTokens.usedAt)));
    return true;
  });
  if (!ok) throw badRequest(INVALID_RESET_LINK, { token: INVALID_RESET_LINK });
}
