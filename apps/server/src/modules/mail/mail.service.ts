import {
  UNSUBSCRIBE_PATH,
  type MailEntry,
  type MailKind,
  type MailPage,
  type MailStatus,
  type MailTopic,
} from '@structomate/contract';
import { and, count, desc, eq, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { mailMessages } from '../../db/schema';
import { likePattern } from '../../lib/like-pattern';
import { defineJob, type Jobs } from '../../plugins/jobs';
import { buildingDefaults, readBuilding } from '../building/building.service';
import { renderMail, withoutLink, type MailContent } from './mail-template';
import type { MailTransport } from './mail-transport';

export type { MailContent } from './mail-template';

export interface OutgoingMail {
  kind: MailKind;
  to: string;
  toUserId?: string | null;
  content: MailContent;
  /** Security mail (its link acts for the reader): no unsubscribe, link kept out of the copy. */
  secret?: boolean;
  /** Mail one may opt out of: the person's unsubscribe token and the topic it turns off. */
  unsubscribe?: { token: string; topic: MailTopic };
}

/** What sending mail needs from the app: the database, the configuration and the job engine. */
export interface MailContext {
  db: Database;
  config: Config;
  jobs: Jobs;
}

export const mailContext = (app: FastifyInstance): MailContext => ({
  db: app.db,
  config: app.config,
  jobs: app.jobs,
});

async function buildingName(db: Database, config: Config): Promise<string> {
  return (await readBuilding(db, buildingDefaults(config))).name;
}

/**
 * Renders the message and adds it to the outbox in `db` (pass the transaction of the change the
 * mail tells about, so both are kept or lost together). Returns its id for `deliverSoon`.
 */
export async function queueMail(db: Database, config: Config, mail: OutgoingMail): Promise<string> {
  const query =
    mail.unsubscribe && !mail.secret ? new URLSearchParams(mail.unsubscribe) : undefined;
  const frame = {
    buildingName: await buildingName(db, config),
    siteUrl: config.publicUrl,
    ...(query ? { unsubscribeUrl: `${config.publicUrl}${UNSUBSCRIBE_PATH}?${query}` } : {}),
  };
  const rendered = await renderMail(mail.content, frame);
  const redacted = mail.secret ? await renderMail(withoutLink(mail.content), frame) : undefined;
  const [row] = await db
    .insert(mailMessages)
    .values({
      kind: mail.kind,
      toAddress: mail.to,
      toUserId: mail.toUserId ?? null,
      subject: rendered.subject,
      html: rendered.html,
      text: rendered.text,
      secret: mail.secret ?? false,
      redactedHtml: redacted?.html ?? null,
      redactedText: redacted?.text ?? null,
      unsubscribeUrl: query ? `${config.publicUrl}/api/unsubscribe?${query}` : null,
    })
    .returning({ id: mailMessages.id });
  if (!row) throw new Error('the mail was not stored');
  return row.id;
}

/** Starts delivering mail queued by a change that has committed. */
export async function deliverSoon(jobs: Jobs, ids: string[]): Promise<void> {
  for (const id of ids) await jobs.send(deliverMailJob, { id });
}

/** Queues and starts delivering one message, for work outside a transaction. */
export async function sendMail(ctx: MailContext, mail: OutgoingMail): Promise<string> {
  const id = await queueMail(ctx.db, ctx.config, mail);
  await deliverSoon(ctx.jobs, [id]);
  return id;
}

function senderOf(config: Config, name: string): OutgoingMailFrom {
  return config.mail.from.includes('<') ? config.mail.from : { name, address: config.mail.from };
}
type OutgoingMailFrom = { name: string; address: string } | string;

/**
 * Hands one message to the transport. The claim (`queued`/`retrying` → `sending`) lets only one
 * worker send it; a failure is recorded for the Sent mail page and thrown, so the job engine
 * retries with backoff, until the last try marks it failed.
 */
export async function deliverMail(
  db: Database,
  config: Config,
  transport: MailTransport,
  id: string,
  lastTry: boolean,
): Promise<'sent' | 'not-due'> {
  const [mail] = await db
    .update(mailMessages)
    .set({
      status: 'sending',
      attempts: sql`${mailMessages.attempts} + 1`,
      attemptedAt: sql`now()`,
    })
    .where(and(eq(mailMessages.id, id), inArray(mailMessages.status, ['queued', 'retrying'])))
    .returning();
  if (!mail) return 'not-due';
  try {
    await transport.send({
      from: senderOf(config, await buildingName(db, config)),
      to: mail.toAddress,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      // One-click unsubscribe (RFC 8058): mail apps show their own button and POST to it.
      ...(mail.unsubscribeUrl
        ? {
            headers: {
              'List-Unsubscribe': `<${mail.unsubscribeUrl}>`,
              'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
            },
          }
        : {}),
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db
      .update(mailMessages)
      .set({ status: lastTry ? 'failed' : 'retrying', lastError: message.slice(0, 500) })
      .where(eq(mailMessages.id, id));
    if (lastTry) return 'not-due';
    throw error;
  }
  const keepsLink = transport.kind === 'outbox' || !mail.secret;
  await db
    .update(mailMessages)
    .set({
      status: 'sent',
      transport: transport.kind,
      sentAt: sql`now()`,
      lastError: null,
      ...(keepsLink ? {} : { html: mail.redactedHtml ?? '', text: mail.redactedText ?? '' }),
    })
    .where(eq(mailMessages.id, id));
  return 'sent';
}

/** Delivers one queued message; retried 6 times over about an hour (1, 2, 4 … 32 minutes). */
export const deliverMailJob = defineJob({
  name: 'mail.deliver',
  data: z.object({ id: z.uuid() }),
  retryLimit: 6,
  retryDelaySeconds: 60,
  run: async (app, { id }, { lastTry, log }) => {
    const outcome = await deliverMail(app.db, app.config, app.mailTransport, id, lastTry);
    if (outcome === 'sent') log.info({ mailId: id }, 'mail delivered');
  },
});

/**
 * Finds mail that no job is delivering: queued by a change whose kick was lost (a crash right
 * after the commit), or stuck in `sending` by a worker that died mid-send. Sending twice is
 * harmless: the claim lets one job through.
 */
export const sweepMailJob = defineJob({
  name: 'mail.sweep',
  data: z.object({}),
  cron: '*/5 * * * *',
  run: async (app, _data, { log }) => {
    const stuck = await app.db
      .update(mailMessages)
      .set({ status: 'retrying' })
      .where(
        or(
          and(
            eq(mailMessages.status, 'queued'),
            lt(mailMessages.createdAt, sql`now() - interval '2 minutes'`),
          ),
          and(
            eq(mailMessages.status, 'sending'),
            lt(mailMessages.attemptedAt, sql`now() - interval '10 minutes'`),
          ),
        ),
      )
      .returning({ id: mailMessages.id });
    await deliverSoon(
      app.jobs,
      stuck.map((mail) => mail.id),
    );
    if (stuck.length > 0) log.warn({ mails: stuck.length }, 'restarted mail nobody was sending');
  },
});

export const mailJobs = [deliverMailJob, sweepMailJob];

const entryColumns = {
  _id: mailMessages.id,
  kind: mailMessages.kind,
  to: mailMessages.toAddress,
  subject: mailMessages.subject,
  status: mailMessages.status,
  transport: mailMessages.transport,
  attempts: mailMessages.attempts,
  lastError: mailMessages.lastError,
  secret: mailMessages.secret,
  createdAt: mailMessages.createdAt,
  sentAt: mailMessages.sentAt,
};

type EntryRow = Omit<MailEntry, 'createdAt' | 'sentAt'> & {
  createdAt: Date;
  sentAt: Date | null;
};

const toEntry = (row: EntryRow): MailEntry => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
});

/** The Sent mail page: newest first, by status and by address or subject, paged in SQL. */
export async function listMail(
  db: Database,
  query: { page: number; limit: number; status?: MailStatus; q?: string },
): Promise<Omit<MailPage, 'delivery'>> {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(mailMessages.status, query.status));
  if (query.q) {
    const pattern = likePattern(query.q);
    const text = or(ilike(mailMessages.toAddress, pattern), ilike(mailMessages.subject, pattern));
    if (text) filters.push(text);
  }
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select(entryColumns)
      .from(mailMessages)
      .where(where)
      .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(mailMessages).where(where),
  ]);
  const total = counted?.n ?? 0;
  return {
    result: rows.map(toEntry),
    total,
    page: query.page,
    limit: query.limit,
    pageCount: Math.max(1, Math.ceil(total / query.limit)),
  };
}

/**
 * One message as the admin reads it. A secret one (a password reset, an email change) shows its
 * copy without the link, from the moment it is queued: the link is for the person it goes to.
 * Only where mail is kept here and sent nowhere (`revealSecrets`, the outbox) is the admin's page
 * how the link reaches anyone.
 */
export async function readMail(
  db: Database,
  id: string,
  { revealSecrets }: { revealSecrets: boolean },
): Promise<(MailEntry & { text: string; html: string }) | undefined> {
  const [row] = await db
    .select({
      ...entryColumns,
      text: mailMessages.text,
      html: mailMessages.html,
      redactedText: mailMessages.redactedText,
      redactedHtml: mailMessages.redactedHtml,
    })
    .from(mailMessages)
    .where(eq(mailMessages.id, id));
  if (!row) return undefined;
  const { redactedText, redactedHtml, ...entry } = row;
  const hidden = row.secret && !revealSecrets;
  return {
    ...toEntry(entry),
    text: hidden ? (redactedText ?? '') : row.text,
    html: hidden ? (redactedHtml ?? '') : row.html,
  };
}
