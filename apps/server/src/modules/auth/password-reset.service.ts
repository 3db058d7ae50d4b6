import { randomBytes } from 'node:crypto';
import {
  PASSWORD_RESET_MESSAGES,
  PASSWORD_RESET_MINUTES,
  RESET_PASSWORD_PATH,
} from '@structomate/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { passwordResets, sessions, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/passwords';
import { consume, inMinutes, type Limit } from '../../lib/rate-limit';
import { defineJob } from '../../plugins/jobs';
import { deliverSoon, queueMail, sendMail, type MailContext } from '../mail/mail.service';
import { hashToken } from './auth.service';

const HOUR_MS = 60 * 60_000;
/** Reset mails asked per address, and per network address (several people may share one). */
const requestLimits = (email: string, ip: string): Limit[] => [
  { key: `reset:account:${email.toLowerCase()}`, max: 3, windowMs: HOUR_MS },
  { key: `reset:address:${ip}`, max: 10, windowMs: HOUR_MS },
];

/**
 * "Forgot password?": counts the request against its limits and hands the rest to a job, so the
 * answer is the same, in the same time, whether or not an account uses the address.
 */
export async function requestPasswordReset(
  db: Database,
  send: (email: string) => Promise<void>,
  email: string,
  ip: string,
): Promise<void> {
  await consume(db, requestLimits(email, ip), (seconds) =>
    PASSWORD_RESET_MESSAGES.tooMany(inMinutes(seconds)),
  );
  await send(email);
}

/**
 * Writes a new single-use link for the account (voiding any older one) and mails it, in one
 * transaction; an address without an account gets nothing.
 */
export const passwordResetMailJob = defineJob({
  name: 'auth.password-reset-mail',
  data: z.object({ email: z.string() }),
  retryLimit: 3,
  retryDelaySeconds: 30,
  run: async (app, { email }) => {
    const token = randomBytes(32).toString('base64url');
    const mailId = await app.db.transaction(async (tx) => {
      const [user] = await tx
        .select({ id: users.id, email: users.email, name: users.displayName })
        .from(users)
        // A deleted account has no password to reset: it is never signed into again.
        .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt)))
        .for('update');
      if (!user) return undefined;
      await tx
        .update(passwordResets)
        .set({ usedAt: sql`now()` })
        .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
      await tx.insert(passwordResets).values({
        userId: user.id,
        tokenHash: hashToken(token),
        expiresAt: sql`now() + make_interval(mins => ${PASSWORD_RESET_MINUTES})`,
      });
      return queueMail(tx, app.config, {
        kind: 'password-reset',
        to: user.email,
        toUserId: user.id,
        secret: true,
        content: {
          subject: 'Reset your password',
          preview: `A link to choose a new password. It works for ${PASSWORD_RESET_MINUTES} minutes.`,
          heading: 'Choose a new password',
          paragraphs: [
            `Hello ${user.name}, someone asked to reset the password of the account for ${user.email}.`,
            `The button below opens a page where you choose a new one. It works once, for ${PASSWORD_RESET_MINUTES} minutes; choosing a new password signs you out everywhere else.`,
          ],
          action: {
            label: 'Choose a new password',
            url: `${app.config.publicUrl}${RESET_PASSWORD_PATH}#token=${token}`,
          },
          note: 'If you did not ask for this, ignore this email: your password stays as it is.',
        },
      });
    });
    if (mailId) await deliverSoon(app.jobs, [mailId]);
  },
});

const badLink = () => new AppError('BAD_REQUEST', PASSWORD_RESET_MESSAGES.badLink);

const usable = (token: string) =>
  and(
    eq(passwordResets.tokenHash, hashToken(token)),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, sql`now()`),
  );

/** Whose password a link would change; none when it has expired, was used or replaced. */
export async function checkResetToken(
  db: Database,
  token: string,
): Promise<{ valid: boolean; email: string | null }> {
  const [row] = await db
    .select({ email: users.email })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(usable(token));
  return { valid: row !== undefined, email: row?.email ?? null };
}

/**
 * Sets the new password and spends the link, once: the conditional update lets one of two tabs
 * through. Every session of the account ends; the caller starts a new one here.
 */
export async function resetPassword(
  db: Database,
  token: string,
  password: string,
): Promise<{ userId: string; email: string; name: string }> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(usable(token))
      .returning({ userId: passwordResets.userId });
    if (!spent) throw badLink();
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, spent.userId))
      .returning({ userId: users.id, email: users.email, name: users.displayName });
    if (!user) throw badLink();
    await tx.delete(sessions).where(eq(sessions.userId, user.userId));
    return user;
  });
}

/** A security notice after a password change: no unsubscribe, no link that acts. */
export async function mailPasswordChanged(
  ctx: MailContext,
  user: { userId: string; email: string; name: string },
): Promise<void> {
  await sendMail(ctx, {
    kind: 'password-changed',
    to: user.email,
    toUserId: user.userId,
    content: {
      subject: 'Your password was changed',
      preview: 'Every other session of your account was signed out.',
      heading: 'Your password was changed',
      paragraphs: [
        `Hello ${user.name}, the password of the account for ${user.email} was just changed, and every other session of the account was signed out.`,
        'If this was not you, choose a new password at once with "Forgot password?" on the login page, and tell the building’s office.',
      ],
    },
  });
}
