import { deletedAccountEmail, PASSWORD_RESET_MESSAGES } from '@structomate/contract';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, demoAccount, login, loginAs, type TestApp } from '../../../test/build';
import { newPerson } from '../../../test/people';
import { mailMessages, passwordResets, rateLimits, users } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ demo: true });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(rateLimits);
});

const member = demoAccount('member');

const ask = (email: string, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/password-reset',
    payload: { email },
    remoteAddress: ip,
  });
const check = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/password-reset/check', payload: { token } });
const confirm = (token: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/password-reset/confirm',
    payload: { token, password },
  });

/** The newest reset mail to `email`, as the outbox keeps it, and the token in its link. */
async function linkMailedTo(email: string): Promise<{ token: string; text: string }> {
  const [mail] = await t.database.db
    .select()
    .from(mailMessages)
    .where(sql`${mailMessages.toAddress} = ${email} and ${mailMessages.kind} = 'password-reset'`)
    .orderBy(desc(mailMessages.createdAt));
  const token = mail?.text.match(/reset-password#token=([A-Za-z0-9_-]+)/)?.[1];
  if (!mail || !token) throw new Error(`no reset link mailed to ${email}`);
  return { token, text: mail.text };
}

const passwordHashOf = async (email: string) =>
  (await t.database.db.select().from(users).where(eq(users.email, email)))[0]?.passwordHash;

describe('Forgot password', () => {
  it('sends no link for a deleted account', async () => {
    const person = await newPerson(t.app, t.database, 'user');
    const madeUp = deletedAccountEmail(person.id);
    // As account deletion leaves the row.
    await t.database.db
      .update(users)
      .set({
        deletedAt: new Date('2026-11-20T04:00:00Z'),
        displayName: 'Deleted account',
        email: madeUp,
        passwordHash: null,
      })
      .where(eq(users.id, person.id));
    // The same answer as for any address, and nothing sent.
    const asked = await ask(madeUp);
    expect(asked.statusCode).toBe(202);
    await t.app.jobs.drain();
    const links = await t.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, person.id));
    expect(links).toEqual([]);
    const mailed = await t.database.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.toAddress, madeUp));
    expect(mailed).toEqual([]);
  });

  it('mails a link that sets a new password once and signs out every other session', async () => {
    const elsewhere = await loginAs(t.app, 'member');
    const asked = await ask(member.email);
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.sent });
    await t.app.jobs.drain();

    const { token, text } = await linkMailedTo(member.email);
    expect(text).toContain('Choose a new password');
    expect(text).toContain(`http://localhost:3000/reset-password#token=${token}`);
    // Only a hash of the token is stored.
    const stored = await t.database.db.select().from(passwordResets);
    expect(stored.some((row) => row.tokenHash === token)).toBe(false);

    expect((await check(token)).json()).toEqual({ valid: true, email: member.email });
    const done = await confirm(token, 'NewSecret9');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ user: { email: member.email } });
    expect(String(done.headers['set-cookie'])).toContain('sm_session=');

    // The session from before is gone; the old password no longer works, the new one does.
    const before = await elsewhere.inject({ method: 'GET', url: '/api/session' });
    expect(before.json()).toMatchObject({ user: null });
    await expect(login(t.app, member.email, member.password)).rejects.toThrow(/401/);
    await login(t.app, member.email, 'NewSecret9');

    // Used once: the same link now answers with the clear message, and changes nothing.
    const hash = await passwordHashOf(member.email);
    const again = await confirm(token, 'Another9x');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(PASSWORD_RESET_MESSAGES.badLink);
    expect(await passwordHashOf(member.email)).toBe(hash);

    // A security notice follows, without any link that acts.
    await t.app.jobs.drain();
    const [notice] = await t.database.db
      .select()
      .from(mailMessages)
      .where(sql`${mailMessages.kind} = 'password-changed'`);
    expect(notice).toMatchObject({ toAddress: member.email, status: 'sent', transport: 'outbox' });
    expect(notice?.text).not.toMatch(/token=/);
    await t.database.db
      .update(users)
      .set({ passwordHash: hash ?? null })
      .where(eq(users.email, member.email));
  });

  it('answers an unknown address exactly as a known one, and mails nothing', async () => {
    const mailsBefore = (await t.database.db.select().from(mailMessages)).length;
    const known = await ask(demoAccount('user').email);
    const unknown = await ask('nobody-here@example.com');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    await t.app.jobs.drain();
    const mails = await t.database.db.select().from(mailMessages);
    expect(mails.length).toBe(mailsBefore + 1);
    expect(mails.some((mail) => mail.toAddress === 'nobody-here@example.com')).toBe(false);
  });

  it('keeps only the newest link working', async () => {
    const email = demoAccount('admin').email;
    await ask(email);
    await t.app.jobs.drain();
    const first = await linkMailedTo(email);
    await ask(email);
    await t.app.jobs.drain();
    const second = await linkMailedTo(email);
    expect(second.token).not.toBe(first.token);
    expect((await check(first.token)).json()).toEqual({ valid: false, email: null });
    expect((await confirm(first.token, 'NewSecret9')).statusCode).toBe(400);
    expect((await check(second.token)).json()).toEqual({ valid: true, email: email });
  });

  it('refuses an expired or tampered link with the same clear message', async () => {
    const email = demoAccount('user').email;
    await ask(email);
    await t.app.jobs.drain();
    const { token } = await linkMailedTo(email);
    const tampered = `${token.slice(0, -2)}xx`;
    expect((await check(tampered)).json()).toEqual({ valid: false, email: null });
    const tamperedUse = await confirm(tampered, 'NewSecret9');
    expect(tamperedUse.statusCode).toBe(400);
    expect(tamperedUse.json().error.message).toBe(PASSWORD_RESET_MESSAGES.badLink);
    // Thirty minutes pass.
    await t.database.db
      .update(passwordResets)
      .set({
        createdAt: sql`now() - interval '31 minutes'`,
        expiresAt: sql`now() - interval '1 minute'`,
      })
      .where(sql`${passwordResets.usedAt} is null`);
    const hash = await passwordHashOf(email);
    const late = await confirm(token, 'NewSecret9');
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toBe(PASSWORD_RESET_MESSAGES.badLink);
    expect(await passwordHashOf(email)).toBe(hash);
    expect((await check(token)).json()).toEqual({ valid: false, email: null });
  });

  it('refuses a weak new password at the field and leaves the link usable', async () => {
    const email = demoAccount('user').email;
    await ask(email);
    await t.app.jobs.drain();
    const { token } = await linkMailedTo(email);
    const weak = await confirm(token, 'short');
    expect(weak.statusCode).toBe(400);
    expect(JSON.stringify(weak.json().error.issues)).toContain(
      'Password: at least 1 uppercase letter.',
    );
    expect((await check(token)).json()).toMatchObject({ valid: true });
  });

  it('refuses bad input with 400 and sends nothing', async () => {
    const jobsBefore = await t.database.executeSql(
      "select count(*)::int as n from pgboss.job where name = 'auth.password-reset-mail'",
    );
    for (const payload of [{}, { email: 'not-an-email' }, { email: member.email, extra: 1 }]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/password-reset',
        payload,
      });
      expect(response.statusCode).toBe(400);
    }
    const jobsAfter = await t.database.executeSql(
      "select count(*)::int as n from pgboss.job where name = 'auth.password-reset-mail'",
    );
    expect(jobsAfter.rows).toEqual(jobsBefore.rows);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/password-reset/check', payload: {} }))
        .statusCode,
    ).toBe(400);
  });

  it('allows three requests an hour per address, then says when to try again', async () => {
    const email = demoAccount('user').email;
    for (let i = 0; i < 3; i++) expect((await ask(email)).statusCode).toBe(202);
    const refused = await ask(email);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(PASSWORD_RESET_MESSAGES.tooMany('60 minutes'));
    expect(refused.headers['retry-after']).toBeDefined();
    // Ten an hour from one network address, whatever the account.
    for (let i = 0; i < 6; i++) await ask(`someone${i}@example.com`, '10.0.0.2');
    expect((await ask('another@example.com', '10.0.0.2')).statusCode).toBe(202);
    expect((await ask('another2@example.com', '10.0.0.2')).statusCode).toBe(202);
    expect((await ask('another3@example.com', '10.0.0.2')).statusCode).toBe(202);
    expect((await ask('another4@example.com', '10.0.0.2')).statusCode).toBe(202);
    expect((await ask('another5@example.com', '10.0.0.2')).statusCode).toBe(429);
  });

  it('lets one of two simultaneous uses of a link through', async () => {
    const email = demoAccount('admin').email;
    await ask(email);
    await t.app.jobs.drain();
    const { token } = await linkMailedTo(email);
    const answers = await Promise.all([confirm(token, 'FirstTab9'), confirm(token, 'SecondTab9')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  });
});
