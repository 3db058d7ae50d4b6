import { MailDetailSchema, MailPageSchema } from '@structomate/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, demoAccount, loginAs, type TestApp } from '../../../test/build';
import { runScheduledJob } from '../../../test/jobs';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp';
import { mailMessages } from '../../db/schema';
import { deliverMail, sweepMailJob } from './mail.service';

const member = demoAccount('member');

const askReset = (t: TestApp, email: string) =>
  t.app.inject({ method: 'POST', url: '/api/password-reset', payload: { email } });

const rowsTo = (t: TestApp, email: string) =>
  t.database.db.select().from(mailMessages).where(eq(mailMessages.toAddress, email));

describe('the Sent mail page (outbox, no SMTP_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ demo: true });
  });
  afterAll(() => t.close());

  it('lists every email for the admin, says mail is kept here, and shows each one', async () => {
    expect((await askReset(t, member.email)).statusCode).toBe(202);
    await t.app.jobs.drain();
    const admin = await loginAs(t.app, 'admin');
    const listed = await admin.inject({ method: 'GET', url: '/api/admin/mail' });
    expect(listed.statusCode).toBe(200);
    const page = MailPageSchema.parse(listed.json());
    expect(page.delivery).toBe('outbox');
    expect(page.result[0]).toMatchObject({
      kind: 'password-reset',
      to: member.email,
      subject: 'Reset your password',
      status: 'sent',
      transport: 'outbox',
      secret: true,
      attempts: 1,
    });
    const id = page.result[0]?._id ?? '';

    const detail = MailDetailSchema.parse(
      (await admin.inject({ method: 'GET', url: `/api/admin/mail/${id}` })).json(),
    );
    // Kept here only, the link stays readable: it is how a newcomer resets a password.
    expect(detail.text).toMatch(/reset-password#token=/);

    const html = await admin.inject({ method: 'GET', url: `/api/admin/mail/${id}/html` });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.headers['content-security-policy']).toContain("default-src 'none'");
    expect(html.headers['content-security-policy']).toContain('sandbox');
    expect(html.body).toContain('<html');
    expect(html.body).toContain('StructoMate');

    const searched = MailPageSchema.parse(
      (
        await admin.inject({
          method: 'GET',
          url: `/api/admin/mail?q=${encodeURIComponent('nobody@')}&status=failed`,
        })
      ).json(),
    );
    expect(searched.result).toEqual([]);
  });

  it('is the admin’s only: members and users get 403, visitors 401', async () => {
    const [row] = await t.database.db.select().from(mailMessages).limit(1);
    const paths = [
      '/api/admin/mail',
      `/api/admin/mail/${row?.id}`,
      `/api/admin/mail/${row?.id}/html`,
    ];
    for (const role of ['member', 'user'] as const) {
      const session = await loginAs(t.app, role);
      for (const url of paths) {
        expect((await session.inject({ method: 'GET', url })).statusCode).toBe(403);
      }
    }
    for (const url of paths)
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('refuses bad input: an unknown or malformed id, a bad filter', async () => {
    const admin = await loginAs(t.app, 'admin');
    const unknown = await admin.inject({
      method: 'GET',
      url: '/api/admin/mail/00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('No such email');
    expect((await admin.inject({ method: 'GET', url: '/api/admin/mail/abc' })).statusCode).toBe(
      400,
    );
    expect(
      (await admin.inject({ method: 'GET', url: '/api/admin/mail?status=lost' })).statusCode,
    ).toBe(400);
    expect((await admin.inject({ method: 'GET', url: '/api/admin/mail?page=0' })).statusCode).toBe(
      400,
    );
  });
});

describe('mail through SMTP (a real SMTP server inside the suite)', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await buildTestApp({
      demo: true,
      config: { mail: { smtpUrl: smtp.url, from: 'no-reply@building.test' } },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('arrives as HTML and text from the building, and the kept copy loses its link', async () => {
    await askReset(t, member.email);
    await t.app.jobs.drain();
    const [arrived] = await smtp.waitFor(1);
    expect(arrived?.subject).toBe('Reset your password');
    expect(arrived?.from?.value[0]).toEqual({
      name: 'StructoMate',
      address: 'no-reply@building.test',
    });
    expect(arrived?.to && 'text' in arrived.to ? arrived.to.text : '').toBe(member.email);
    expect(arrived?.text).toMatch(/reset-password#token=[A-Za-z0-9_-]{40,}/);
    expect(String(arrived?.html)).toContain('Choose a new password');

    const [kept] = await rowsTo(t, member.email);
    expect(kept).toMatchObject({ status: 'sent', transport: 'smtp', attempts: 1, lastError: null });
    expect(kept?.text).not.toMatch(/token=/);
    expect(kept?.html).not.toMatch(/token=/);
    expect(kept?.text).toContain('The link is left out of the copy kept here.');
  });

  it('while the server refuses, the request still succeeds, the page shows the failure, and a retry delivers', async () => {
    const email = demoAccount('user').email;
    smtp.refuse(true);
    const before = smtp.received.length;
    expect((await askReset(t, email)).statusCode).toBe(202);
    await t.app.jobs.drain();
    const [failing] = await rowsTo(t, email);
    expect(failing).toMatchObject({ status: 'retrying', attempts: 1 });
    expect(failing?.lastError).toContain('451');
    const admin = await loginAs(t.app, 'admin');
    const page = MailPageSchema.parse(
      (await admin.inject({ method: 'GET', url: '/api/admin/mail?status=retrying' })).json(),
    );
    expect(page.result.map((mail) => mail.to)).toEqual([email]);
    // Not sent yet, and the admin still cannot read the link meant for the person.
    const detail = MailDetailSchema.parse(
      (await admin.inject({ method: 'GET', url: `/api/admin/mail/${failing?.id}` })).json(),
    );
    expect(detail).toMatchObject({ status: 'retrying', secret: true });
    expect(detail.text).not.toMatch(/token=/);
    expect(detail.text).toContain('The link is left out of the copy kept here.');
    const preview = await admin.inject({
      method: 'GET',
      url: `/api/admin/mail/${failing?.id}/html`,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.body).not.toMatch(/token=/);
    expect(preview.body).toContain('Choose a new password');
    // The kept row still has it, for the retry to deliver.
    expect(failing?.text).toMatch(/token=/);

    smtp.refuse(false);
    // The job engine retries after its backoff; the test does not wait for it.
    await t.app.jobs.drain({ includeDelayed: true });
    await smtp.waitFor(before + 1);
    const [delivered] = await rowsTo(t, email);
    expect(delivered).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('gives up after the last try and marks the mail failed', async () => {
    smtp.refuse(true);
    await askReset(t, demoAccount('admin').email);
    await t.app.jobs.drain();
    const [row] = await rowsTo(t, demoAccount('admin').email);
    expect(row?.status).toBe('retrying');
    const outcome = await deliverMail(
      t.app.db,
      t.app.config,
      t.app.mailTransport,
      row?.id ?? '',
      true,
    );
    expect(outcome).toBe('not-due');
    const [failed] = await rowsTo(t, demoAccount('admin').email);
    expect(failed).toMatchObject({ status: 'failed', attempts: 2 });
    smtp.refuse(false);
    // A failed mail is not taken again.
    expect(
      await deliverMail(t.app.db, t.app.config, t.app.mailTransport, row?.id ?? '', false),
    ).toBe('not-due');
  });

  it('the sweep delivers mail whose job was lost, and nothing twice', async () => {
    const before = smtp.received.length;
    const [row] = await t.database.db
      .insert(mailMessages)
      .values({
        kind: 'password-changed',
        toAddress: 'lost@example.com',
        subject: 'Lost',
        html: '<p>Lost</p>',
        text: 'Lost',
        createdAt: sql`now() - interval '3 minutes'`,
      })
      .returning();
    await runScheduledJob(t.app, sweepMailJob);
    await smtp.waitFor(before + 1);
    const [sent] = await rowsTo(t, 'lost@example.com');
    expect(sent).toMatchObject({ id: row?.id, status: 'sent', attempts: 1 });
    await runScheduledJob(t.app, sweepMailJob);
    expect(smtp.received.length).toBe(before + 1);
  });
});
