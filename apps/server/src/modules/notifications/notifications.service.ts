import { randomBytes } from 'node:crypto';
import {
  DEFAULT_MAIL_PREFERENCES,
  MAIL_TOPICS,
  MailPreferencesSchema,
  MAIL_TOPIC_LABELS,
  UNSUBSCRIBE_MESSAGES,
  type MailPreferences,
  type MailTopic,
} from '@structomate/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { mailPreferences, notifications, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { defineJob, type Jobs } from '../../plugins/jobs';
import { deliverSoon, queueMail } from '../mail/mail.service';
import { NoticeSchema, noticeMail, TOPIC_OF, topicOf, type Notice } from './notification-mail';

/** The notice kinds this release writes mail for. */
const NOTICE_KINDS = Object.keys(TOPIC_OF);

export type { Notice } from './notification-mail';

/**
 * Records that `userId` is to be told about something, in the caller's transaction (so the notice
 * exists exactly when what it tells about does). With `onceKey`, a notice already written under
 * that key is not written again, whoever tries (two servers' schedules): false then.
 */
export async function notify(
  db: Database,
  userId: string,
  notice: Notice,
  onceKey?: string,
): Promise<boolean> {
  const written = await db
    .insert(notifications)
    .values({ userId, kind: notice.kind, data: notice.data, onceKey: onceKey ?? null })
    .onConflictDoNothing({ target: notifications.onceKey })
    .returning({ id: notifications.id });
  return written.length > 0;
}

/**
 * Withdraws `userId`'s notices of `kind` not yet sent whose data names `value` under `field` (a
 * receipt for a record just undone, whose link would lead nowhere), in the caller's transaction.
 * True when one was withdrawn, so the correction can say the receipt never went out.
 */
export async function withdrawUnsent<Kind extends Notice['kind']>(
  db: Database,
  userId: string,
  kind: Kind,
  field: keyof Extract<Notice, { kind: Kind }>['data'] & string,
  value: string,
): Promise<boolean> {
  const withdrawn = await db
    .delete(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.kind, kind),
        isNull(notifications.processedAt),
        sql`${notifications.data}->>${field} = ${value}`,
      ),
    )
    .returning({ id: notifications.id });
  return withdrawn.length > 0;
}

/** Tells every admin (new lease requests). */
export async function notifyAdmins(db: Database, notice: Notice): Promise<void> {
  const admins = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
  for (const admin of admins) await notify(db, admin.id, notice);
}

/** Tells the people of these roles who asked for this topic (announcements are opt-in). */
export async function notifyOptedIn(
  db: Database,
  roles: ('user' | 'member' | 'admin')[],
  topic: MailTopic,
  notice: Notice,
): Promise<void> {
  const wanted = DEFAULT_MAIL_PREFERENCES[topic]
    ? sql`coalesce(${mailPreferences[topic]}, true)`
    : sql`coalesce(${mailPreferences[topic]}, false)`;
  const people = await db
    .select({ id: users.id })
    .from(users)
    .leftJoin(mailPreferences, eq(mailPreferences.userId, users.id))
    .where(and(inArray(users.role, roles), wanted));
  for (const person of people) await notify(db, person.id, notice);
}

/** Starts writing the mail of notices just committed (the schedule catches any missed). */
export async function notifySoon(jobs: Jobs): Promise<void> {
  await jobs.send(sendNotificationsJob, {});
}

const BATCH = 50;

/**
 * Turns waiting notices into mail: each is claimed with SKIP LOCKED (so several servers share
 * the work and none writes a mail twice), and its mail is written in the same transaction that
 * marks it done. A topic the person turned off is marked done with no mail.
 */
export async function sendWaitingNotices(
  db: Database,
  config: Parameters<typeof queueMail>[1],
): Promise<string[]> {
  const mailIds: string[] = [];
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const waiting = await tx
        .select({
          id: notifications.id,
          kind: notifications.kind,
          data: notifications.data,
          userId: users.id,
          email: users.email,
          name: users.displayName,
          deletedAt: users.deletedAt,
        })
        .from(notifications)
        .innerJoin(users, eq(users.id, notifications.userId))
        // Only the kinds this server can write: during a rolling deploy a server of the last
        // release leaves a new kind's notices to the servers that know it, instead of marking
        // them done unsent.
        .where(and(isNull(notifications.processedAt), inArray(notifications.kind, NOTICE_KINDS)))
        .orderBy(asc(notifications.createdAt))
        .limit(BATCH)
        .for('update', { of: notifications, skipLocked: true });
      for (const row of waiting) {
        const notice = NoticeSchema.safeParse({ kind: row.kind, data: row.data });
        // Nobody reads a deleted account's mailbox.
        if (!notice.success || row.deletedAt) continue;
        const topic = topicOf(notice.data);
        const preferences = await preferencesRow(tx, row.userId);
        if (!preferences[topic]) continue;
        mailIds.push(
          await queueMail(tx, config, {
            kind: notice.data.kind,
            to: row.email,
            toUserId: row.userId,
            content: noticeMail(notice.data, row.name, config.publicUrl),
            unsubscribe: { token: preferences.unsubscribeToken, topic },
          }),
        );
      }
      if (waiting.length > 0) {
        await tx
          .update(notifications)
          .set({ processedAt: sql`now()` })
          .where(
            inArray(
              notifications.id,
              waiting.map((row) => row.id),
            ),
          );
      }
      return waiting.length;
    });
    if (batch < BATCH) return mailIds;
  }
}

export const sendNotificationsJob = defineJob({
  name: 'notifications.send',
  data: z.object({}),
  // Kicked after each change that writes notices; every minute catches one a crash lost.
  cron: '* * * * *',
  run: async (app, _data, { log }) => {
    const mailIds = await sendWaitingNotices(app.db, app.config);
    await deliverSoon(app.jobs, mailIds);
    if (mailIds.length > 0) log.info({ mails: mailIds.length }, 'wrote notification mail');
  },
});

type PreferencesRow = MailPreferences & { unsubscribeToken: string };

/** The person's preferences, created with the defaults (and an unsubscribe token) when missing. */
async function preferencesRow(db: Database, userId: string): Promise<PreferencesRow> {
  await db
    .insert(mailPreferences)
    .values({ userId, unsubscribeToken: randomBytes(24).toString('base64url') })
    .onConflictDoNothing({ target: mailPreferences.userId });
  const [row] = await db.select().from(mailPreferences).where(eq(mailPreferences.userId, userId));
  if (!row) throw new Error('mail preferences were not stored');
  return row;
}

const preferencesOf = (row: PreferencesRow | undefined): MailPreferences =>
  MailPreferencesSchema.parse(
    Object.fromEntries(
      MAIL_TOPICS.map((topic) => [topic, row?.[topic] ?? DEFAULT_MAIL_PREFERENCES[topic]]),
    ),
  );

export async function readPreferences(db: Database, userId: string): Promise<MailPreferences> {
  const [row] = await db.select().from(mailPreferences).where(eq(mailPreferences.userId, userId));
  return preferencesOf(row);
}

export async function savePreferences(
  db: Database,
  userId: string,
  preferences: MailPreferences,
): Promise<MailPreferences> {
  await preferencesRow(db, userId);
  const [row] = await db
    .update(mailPreferences)
    .set({ ...preferences, updatedAt: sql`now()` })
    .where(eq(mailPreferences.userId, userId))
    .returning();
  return preferencesOf(row);
}

/** The unsubscribe link: turns one topic off for the token's owner, and nothing else. */
export async function unsubscribe(
  db: Database,
  token: string,
  topic: MailTopic,
): Promise<{ topic: MailTopic; message: string }> {
  const [row] = await db
    .update(mailPreferences)
    .set({ [topic]: false, updatedAt: sql`now()` })
    .where(eq(mailPreferences.unsubscribeToken, token))
    .returning({ userId: mailPreferences.userId });
  if (!row) throw new AppError('BAD_REQUEST', UNSUBSCRIBE_MESSAGES.badLink);
  return { topic, message: UNSUBSCRIBE_MESSAGES.done(MAIL_TOPIC_LABELS[topic].label) };
}

const WAKE_CHANNEL = 'notifications';

/**
 * Starts the notification job as soon as a change with notices commits (the database NOTIFYs on
 * commit), so a receipt leaves within seconds rather than at the next minute's schedule. Every
 * server hears it and asks; SKIP LOCKED lets them share whatever is waiting.
 */
export async function wakeOnNotices(app: FastifyInstance): Promise<void> {
  let pending: NodeJS.Timeout | undefined;
  const wake = () => {
    if (pending) return;
    pending = setTimeout(() => {
      pending = undefined;
      notifySoon(app.jobs).catch((error: unknown) =>
        app.log.warn({ err: error }, 'could not start the notification job; its schedule will'),
      );
    }, 100);
    pending.unref();
  };
  const stop = await app.database.listen(WAKE_CHANNEL, wake, (error) =>
    app.log.warn({ err: error }, 'notification wake-up channel lost; reconnecting'),
  );
  app.addHook('onClose', async () => {
    clearTimeout(pending);
    await stop();
  });
}
