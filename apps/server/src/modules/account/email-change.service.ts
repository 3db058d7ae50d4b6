import { randomBytes } from 'node:crypto';
import {
  CONFIRM_EMAIL_PATH,
  EMAIL_CHANGE_HOURS,
  EMAIL_CHANGE_MESSAGES,
} from '@structomate/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { emailChanges, users } from '../../db/schema';
import { AppError, conflict } from '../../lib/app-error';
import { uniqueViolation } from '../../lib/db-errors';
import { consume, inMinutes } from '../../lib/rate-limit';
import { hashToken } from '../auth/auth.service';
import { deliverSoon, queueMail, type MailContext } from '../mail/mail.service';
import { checkCurrentPassword } from './account.service';

const HOUR_MS = 60 * 60_000;

/**
 * Starts moving the account to a new address: the current password, an address no other account
 * uses, then a single-use link mailed to the new address. The account keeps its email until the
 * link is opened (a typo cannot lock anyone out).
 */
export async function requestEmailChange(
  ctx: MailContext,
  user: { _id: string; email: string; displayName: string },
  input: { email: string; currentPassword?: string | undefined },
): Promise<string> {
  const { db, config } = ctx;
  if (input.email.toLowerCase() === user.email.toLowerCase()) {
    throw fieldError(EMAIL_CHANGE_MESSAGES.same);
  }
  await checkCurrentPassword(db, user._id, input.currentPassword);
  await consume(db, [{ key: `email-change:${user._id}`, max: 5, windowMs: HOUR_MS }], (seconds) =>
    EMAIL_CHANGE_MESSAGES.tooMany(inMinutes(seconds)),
  );
  if (await addressTaken(db, input.email)) throw fieldError(EMAIL_CHANGE_MESSAGES.taken);
  const token = randomBytes(32).toString('base64url');
  const mailId = await db.transaction(async (tx) => {
    await tx
      .update(emailChanges)
      .set({ usedAt: sql`now()` })
      .where(and(eq(emailChanges.userId, user._id), isNull(emailChanges.usedAt)));
    await tx.insert(emailChanges).values({
      userId: user._id,
      newEmail: input.email,
      tokenHash: hashToken(token),
      expiresAt: sql`now() + make_interval(hours => ${EMAIL_CHANGE_HOURS})`,
    });
    return queueMail(tx, config, {
      kind: 'email-change',
      to: input.email,
      toUserId: user._id,
      secret: true,
      content: {
        subject: 'Confirm your new email',
        preview: `Confirm ${input.email} as the email of your account.`,
        heading: 'Confirm your new email',
        paragraphs: [
          `Hello ${user.displayName}, you asked to use ${input.email} for your account instead of ${user.email}.`,
          `The button below confirms it. It works once, for ${EMAIL_CHANGE_HOURS} hours.`,
        ],
        action: {
          label: 'Confirm this email',
          url: `${config.publicUrl}${CONFIRM_EMAIL_PATH}#token=${token}`,
        },
        note: 'If you did not ask for this, ignore this email: nothing changes.',
      },
    });
  });
  await deliverSoon(ctx.jobs, [mailId]);
  return EMAIL_CHANGE_MESSAGES.sent(input.email, user.email);
}

const fieldError = (message: string) =>
  new AppError('VALIDATION_FAILED', message, [{ path: 'email', message }]);

async function addressTaken(db: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row !== undefined;
}

/**
 * The link from the new mailbox: the account takes the address (once; the unique index on
 * emails decides a race with a registration), and the old address hears of it.
 */
export async function confirmEmailChange(ctx: MailContext, token: string): Promise<string> {
  const { db, config } = ctx;
  try {
    const { email, mailId } = await db.transaction(async (tx) => {
      const [change] = await tx
        .update(emailChanges)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(emailChanges.tokenHash, hashToken(token)),
            isNull(emailChanges.usedAt),
            gt(emailChanges.expiresAt, sql`now()`),
          ),
        )
        .returning({ userId: emailChanges.userId, newEmail: emailChanges.newEmail });
      if (!change) throw new AppError('BAD_REQUEST', EMAIL_CHANGE_MESSAGES.badLink);
      const [before] = await tx
        .select({ email: users.email, name: users.displayName })
        .from(users)
        .where(eq(users.id, change.userId));
      await tx
        .update(users)
        .set({ email: change.newEmail, updatedAt: sql`now()` })
        .where(eq(users.id, change.userId));
      const noticeId = before
        ? await queueMail(tx, config, {
            kind: 'email-changed',
            to: before.email,
            toUserId: change.userId,
            content: {
              subject: 'Your email was changed',
              preview: `Your account now uses ${change.newEmail}.`,
              heading: 'Your email was changed',
              paragraphs: [
                `Hello ${before.name}, your account now uses ${change.newEmail} instead of this address.`,
                'If this was not you, tell the building’s office at once.',
              ],
            },
          })
        : undefined;
      return { email: change.newEmail, mailId: noticeId };
    });
    if (mailId) await deliverSoon(ctx.jobs, [mailId]);
    return email;
  } catch (error) {
    if (uniqueViolation(error) === 'users_email_lower_unique') {
      throw conflict(EMAIL_CHANGE_MESSAGES.taken);
    }
    throw error;
  }
}
