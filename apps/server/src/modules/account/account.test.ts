import {
  ACCOUNT_MESSAGES,
  AUTH_MESSAGES,
  AccountSchema,
  AccountSessionsSchema,
  AdminStatsSchema,
  DELETE_ACCOUNT_MESSAGES,
  EMAIL_CHANGE_MESSAGES,
  UserListPageSchema,
} from '@structomate/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, login, type Session, type TestApp } from '../../../test/build';
import { multipart, testImage } from '../../../test/images';
import { newPerson } from '../../../test/people';
import {
  agreements,
  apartments,
  charges,
  depositEntries,
  mailMessages,
  rateLimits,
  sessions,
  users,
} from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { createSession, newSessionToken } from '../auth/auth.service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ demo: true });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(rateLimits);
});

/** A person with a password, signed in twice (this browser and another). */
async function personWithPassword(name: string, password = 'Original9') {
  const person = await newPerson(t.app, t.database, 'member', name);
  await t.database.db
    .update(users)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(users.id, person.id));
  return {
    person,
    here: await login(t.app, person.email, password),
    elsewhere: await login(t.app, person.email, password),
  };
}

const whoIs = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } })).json().user;

describe('the account page', () => {
  it('shows who you are and how you sign in', async () => {
    const { here, person } = await personWithPassword('Account Owner');
    const response = await here.inject({ method: 'GET', url: '/api/account' });
    expect(response.statusCode).toBe(200);
    expect(AccountSchema.parse(response.json())).toMatchObject({
      user: { email: person.email, displayName: 'Account Owner', role: 'member' },
      hasPassword: true,
      signsInWithGoogle: false,
    });
  });

  it('every route needs a signed-in person', async () => {
    for (const [method, url] of [
      ['GET', '/api/account'],
      ['PUT', '/api/account/profile'],
      ['POST', '/api/account/password'],
      ['GET', '/api/account/sessions'],
      ['DELETE', '/api/account/sessions'],
    ] as const) {
      expect((await t.app.inject({ method, url, payload: {} })).statusCode, url).toBe(401);
    }
  });
});

describe('profile', () => {
  it('changes the name and, with an uploaded photo, the photo', async () => {
    const { here } = await personWithPassword('Old Name');
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/images',
      ...multipart('image', await testImage('png', { width: 64, height: 64 })),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const photoURL = upload.json().data.url as string;
    const saved = await here.inject({
      method: 'PUT',
      url: '/api/account/profile',
      payload: { name: '  New Name  ', photoURL },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(AccountSchema.parse(saved.json()).user).toMatchObject({
      displayName: 'New Name',
      photoURL,
    });
    expect(await whoIs(here.cookie)).toMatchObject({ displayName: 'New Name', photoURL });
  });

  it('refuses a blank name or a photo not uploaded here, and changes nothing', async () => {
    const { here, person } = await personWithPassword('Steady Name');
    for (const payload of [
      { name: '   ' },
      { name: 'X', photoURL: `/api/images/${'a'.repeat(64)}.webp` },
      { name: 'X', photoURL: 'https://example.com/me.png' },
      { name: 'X', role: 'admin' },
      // A name is one line that shows: it goes into other people's lists, CSV and email.
      { name: 'Name\nBcc: x@example.com' },
      { name: 'Bell\u0007' },
      { name: '\u200b' },
      { name: '\u202e' },
      // Text the database cannot store is the sender's mistake, not a 500.
      { name: 'Bad\u0000Name' },
    ]) {
      const response = await here.inject({ method: 'PUT', url: '/api/account/profile', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const nul = await here.inject({
      method: 'PUT',
      url: '/api/account/profile',
      payload: { name: 'Bad\u0000Name' },
    });
    expect(nul.json().error.message).toBe('Text may not contain the NUL character (\\u0000).');
    // Half of a character (a lone surrogate): JSON carries it, no column can hold it.
    const half = await here.inject({
      method: 'PUT',
      url: '/api/account/profile',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"Tan\\ud800"}',
    });
    expect(half.statusCode).toBe(400);
    expect(half.json().error).toMatchObject({
      message:
        'Text may not contain half of a character (a lone UTF-16 surrogate, such as \\ud800).',
      issues: [{ path: 'name' }],
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, person.id));
    expect(row).toMatchObject({ displayName: 'Steady Name', role: 'member' });
  });
});

describe('password', () => {
  it('changes with the current one, signs out the other sessions and mails a notice', async () => {
    const { here, elsewhere, person } = await personWithPassword('Password Changer');
    const changed = await here.inject({
      method: 'POST',
      url: '/api/account/password',
      payload: { currentPassword: 'Original9', newPassword: 'Changed99' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await whoIs(here.cookie)).toMatchObject({ email: person.email });
    expect(await whoIs(elsewhere.cookie)).toBeNull();
    await login(t.app, person.email, 'Changed99');
    await t.app.jobs.drain();
    const notices = await t.database.db
      .select()
      .from(mailMessages)
      .where(
        and(eq(mailMessages.toAddress, person.email), eq(mailMessages.kind, 'password-changed')),
      );
    expect(notices.length).toBe(1);
  });

  it('refuses a wrong or missing current password at its field, then throttles', async () => {
    const { here, elsewhere, person } = await personWithPassword('Careful Owner');
    const before = (await t.database.db.select().from(users).where(eq(users.id, person.id)))[0];
    const missing = await here.inject({
      method: 'POST',
      url: '/api/account/password',
      payload: { newPassword: 'Changed99' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.issues).toEqual([
      { path: 'currentPassword', message: ACCOUNT_MESSAGES.currentRequired },
    ]);
    for (let attempt = 0; attempt < 5; attempt++) {
      const wrong = await here.inject({
        method: 'POST',
        url: '/api/account/password',
        payload: { currentPassword: 'Wrong999', newPassword: 'Changed99' },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.issues[0].message).toBe(ACCOUNT_MESSAGES.wrongPassword);
    }
    const blocked = await here.inject({
      method: 'POST',
      url: '/api/account/password',
      payload: { currentPassword: 'Original9', newPassword: 'Changed99' },
    });
    expect(blocked.statusCode).toBe(429);
    const weak = await elsewhere.inject({
      method: 'POST',
      url: '/api/account/password',
      payload: { currentPassword: 'Original9', newPassword: 'weak' },
    });
    expect(weak.statusCode).toBe(400);
    // The password it has now is not a new one (it would only sign every other device out).
    const same = await elsewhere.inject({
      method: 'POST',
      url: '/api/account/password',
      payload: { currentPassword: 'Original9', newPassword: 'Original9' },
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.issues).toEqual([
      { path: 'newPassword', message: ACCOUNT_MESSAGES.samePassword },
    ]);
    const after = (await t.database.db.select().from(users).where(eq(users.id, person.id)))[0];
    expect(after?.passwordHash).toBe(before?.passwordHash);
    expect(await whoIs(elsewhere.cookie)).toMatchObject({ email: person.email });
  });

  it('counts guesses before checking them: of 30 parallel wrong ones, 5 are checked', async () => {
    const { here } = await personWithPassword('Parallel Guesser');
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        here
          .inject({
            method: 'POST',
            url: '/api/account/password',
            payload: { currentPassword: 'Wrong999', newPassword: 'Changed99' },
          })
          .then((response) => response.statusCode),
      ),
    );
    expect(answers.filter((status) => status === 400)).toHaveLength(5);
    expect(answers.filter((status) => status === 429)).toHaveLength(25);
  });

  it('an account without a password (Google) sets its first without a current one', async () => {
    const person = await newPerson(t.app, t.database, 'user', 'Google Person');
    const set = await person.inject({
      method: 'POST',
      url: '/api/account/password',
      payload: { newPassword: 'FirstOne9' },
    });
    expect(set.statusCode, set.body).toBe(200);
    await login(t.app, person.email, 'FirstOne9');
  });
});

describe('sessions', () => {
  it('lists this and the other devices, and signs out everywhere else', async () => {
    const { here, elsewhere, person } = await personWithPassword('Many Devices');
    const listed = AccountSessionsSchema.parse(
      (await here.inject({ method: 'GET', url: '/api/account/sessions' })).json(),
    );
    // newPerson's own session, and the two logins.
    expect(listed.sessions.length).toBe(3);
    expect(listed.sessions.filter((session) => session.current).length).toBe(1);
    expect(JSON.stringify(listed)).not.toContain(here.token);

    const out = await here.inject({ method: 'DELETE', url: '/api/account/sessions' });
    expect(out.json()).toEqual({ signedOut: 2, message: ACCOUNT_MESSAGES.signedOutOthers(2) });
    expect(await whoIs(elsewhere.cookie)).toBeNull();
    expect(await whoIs(here.cookie)).toMatchObject({ email: person.email });
    const again = await here.inject({ method: 'DELETE', url: '/api/account/sessions' });
    expect(again.json().message).toBe('No other session was signed in.');
  });
});

describe('email change', () => {
  const linkIn = async (to: string) => {
    await t.app.jobs.drain();
    const [mail] = await t.database.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.toAddress, to), eq(mailMessages.kind, 'email-change')));
    const token = mail?.text.match(/confirm-email#token=([\w-]+)/)?.[1];
    if (!token) throw new Error(`no confirmation link mailed to ${to}`);
    return token;
  };
  const confirm = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/account/email/confirm', payload: { token } });

  it('mails a link to the new address; the account moves only when it is opened, once', async () => {
    const { here, person } = await personWithPassword('Moving Person');
    const asked = await here.inject({
      method: 'POST',
      url: '/api/account/email',
      payload: { email: 'moved-person@example.com', currentPassword: 'Original9' },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json().message).toBe(
      EMAIL_CHANGE_MESSAGES.sent('moved-person@example.com', person.email),
    );
    // Until the link is opened, nothing changed.
    expect(await whoIs(here.cookie)).toMatchObject({ email: person.email });
    const token = await linkIn('moved-person@example.com');
    const confirmed = await confirm(token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({
      email: 'moved-person@example.com',
      message: EMAIL_CHANGE_MESSAGES.confirmed('moved-person@example.com'),
    });
    expect(await whoIs(here.cookie)).toMatchObject({ email: 'moved-person@example.com' });
    await login(t.app, 'moved-person@example.com', 'Original9');
    // The old address is told; the link does not work twice.
    await t.app.jobs.drain();
    const told = await t.database.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.toAddress, person.email), eq(mailMessages.kind, 'email-changed')));
    expect(told.length).toBe(1);
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(EMAIL_CHANGE_MESSAGES.badLink);
  });

  it('refuses the same address, a taken one, a wrong password or a bad address, at the field', async () => {
    const { here, person } = await personWithPassword('Staying Person');
    const cases: [Record<string, unknown>, string][] = [
      [
        { email: person.email.toUpperCase(), currentPassword: 'Original9' },
        EMAIL_CHANGE_MESSAGES.same,
      ],
      [{ email: 'member@structo.com', currentPassword: 'Original9' }, EMAIL_CHANGE_MESSAGES.taken],
      [{ email: 'free@example.com', currentPassword: 'Wrong999' }, ACCOUNT_MESSAGES.wrongPassword],
      [{ email: 'free@example.com' }, ACCOUNT_MESSAGES.currentRequired],
      [{ email: 'not-an-email', currentPassword: 'Original9' }, 'Enter a valid email address'],
    ];
    for (const [payload, message] of cases) {
      const response = await here.inject({ method: 'POST', url: '/api/account/email', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(response.json().error), JSON.stringify(payload)).toContain(message);
    }
    expect(await whoIs(here.cookie)).toMatchObject({ email: person.email });
  });

  it('a tampered or replaced link is refused; a newer one works', async () => {
    const { here } = await personWithPassword('Twice Mover');
    const ask = (email: string) =>
      here.inject({
        method: 'POST',
        url: '/api/account/email',
        payload: { email, currentPassword: 'Original9' },
      });
    await ask('first-choice@example.com');
    const first = await linkIn('first-choice@example.com');
    await ask('second-choice@example.com');
    const second = await linkIn('second-choice@example.com');
    expect((await confirm(`${second}x`)).statusCode).toBe(400);
    expect((await confirm(first)).statusCode).toBe(400);
    expect((await confirm(second)).statusCode).toBe(200);
  });
});

describe('download my data', () => {
  it('is a JSON file of the person’s profile, leases and payments', async () => {
    const member = await login(t.app, 'member@structo.com', 'Member1234');
    const response = await member.inject({ method: 'GET', url: '/api/account/export' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="my-structomate-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = response.json();
    expect(data.profile).toMatchObject({ email: 'member@structo.com', role: 'member' });
    expect(data.profile).not.toHaveProperty('passwordHash');
    expect(data.leases.length).toBeGreaterThan(0);
    expect(data.leases[0]).toHaveProperty('apartmentNo');
    expect(Array.isArray(data.payments)).toBe(true);
    expect(data.emailNotifications).toMatchObject({ receipts: true, repairUpdates: true });
    expect(data.charges).toEqual([]);
    expect(Array.isArray(data.maintenanceRequests)).toBe(true);
    expect(response.body).not.toMatch(/argon2/);
  });
});

describe('delete my account', () => {
  const remove = (as: { inject: Session['inject'] }, payload: unknown) =>
    as.inject({ method: 'DELETE', url: '/api/account', payload: payload as object });

  it('erases the person and keeps the books; they cannot sign in again', async () => {
    const { here, elsewhere, person } = await personWithPassword('Leaving Person');
    await t.database.db.update(users).set({ role: 'user' }).where(eq(users.id, person.id));
    const admin = await login(t.app, 'admin@structo.com', 'Admin1234');
    const usersCounted = async () =>
      AdminStatsSchema.parse(
        (await admin.inject({ method: 'POST', url: '/api/admin', payload: {} })).json(),
      ).users;
    const listed = async (q: string) =>
      UserListPageSchema.parse(
        (
          await admin.inject({ method: 'GET', url: `/api/users?q=${encodeURIComponent(q)}` })
        ).json(),
      ).result.map((row) => row._id);
    const before = await usersCounted();
    expect(await listed('Leaving Person')).toEqual([person.id]);
    const deleted = await remove(here, { currentPassword: 'Original9', confirm: 'DELETE' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(String(deleted.headers['set-cookie'])).toMatch(/sm_session=;/);
    expect(await whoIs(elsewhere.cookie)).toBeNull();
    const [row] = await t.database.db.select().from(users).where(eq(users.id, person.id));
    expect(row).toMatchObject({
      displayName: 'Deleted account',
      email: `deleted-${person.id}@deleted.invalid`,
      passwordHash: null,
      photoImageId: null,
    });
    // Nobody to count or manage any more: the admin's figures and Users page leave it out.
    expect(await usersCounted()).toBe(before - 1);
    // Its erased address (deleted-<id>@deleted.invalid) finds nothing either.
    expect(await listed('Deleted account')).not.toContain(person.id);
    expect(await listed(person.id)).toEqual([]);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: person.email, password: 'Original9' },
    });
    expect(signIn.statusCode).toBe(401);
    // Its made-up address opens nothing: no password link is sent for it (the same answer as for
    // any address; a link would have let whoever reads the outbox set a password and sign in),
    // and nobody signs in with it.
    const madeUp = `deleted-${person.id}@deleted.invalid`;
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/password-reset',
      payload: { email: madeUp },
    });
    expect(asked.statusCode).toBe(202);
    await t.app.jobs.drain();
    const mailed = await t.database.db
      .select({ id: mailMessages.id })
      .from(mailMessages)
      .where(eq(mailMessages.toAddress, madeUp));
    expect(mailed).toEqual([]);
    const madeUpSignIn = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: madeUp, password: 'Original9' },
    });
    expect(madeUpSignIn.statusCode).toBe(401);
    // A sign-in checked just before the deletion writes no session after it, and a session
    // written anyway (by a server of the release before) opens nothing.
    await expect(createSession(t.database.db, person.id, 1, undefined)).rejects.toThrow(
      AUTH_MESSAGES.invalidCredentials,
    );
    const late = newSessionToken();
    await t.database.db.insert(sessions).values({
      tokenHash: late.tokenHash,
      userId: person.id,
      expiresAt: new Date('2099-01-01T00:00:00Z'),
    });
    expect(await whoIs(`sm_session=${late.token}`)).toBeNull();
    // Nor does the address name an account to anyone asking.
    const exists = await t.app.inject({
      method: 'GET',
      url: `/api/users/exists/${encodeURIComponent(madeUp)}`,
    });
    expect(exists.statusCode).toBe(400);
  });

  it('is refused while a lease runs, while money is owed, and for the only admin', async () => {
    const cases: [string, string, string][] = [
      ['member@structo.com', 'Member1234', 'You rent apartment'],
      ['former@structo.com', 'Former1234', 'You owe'],
      ['admin@structo.com', 'Admin1234', DELETE_ACCOUNT_MESSAGES.lastAdmin],
    ];
    for (const [email, password, message] of cases) {
      const session = await login(t.app, email, password);
      const refused = await remove(session, { currentPassword: password, confirm: 'DELETE' });
      expect(refused.statusCode, email).toBe(409);
      expect(refused.json().error.message).toContain(message);
      expect(await whoIs(session.cookie)).toMatchObject({ email });
    }
  });

  /** A request of a user (no lease running) that bills no rent: what deleting weighs is the rest. */
  async function requestWithoutRent(
    personId: string,
    decision: { status: 'pending' } | { status: 'rejected'; checkedAt: Date },
  ) {
    await t.database.db.update(users).set({ role: 'user' }).where(eq(users.id, personId));
    const [flat] = await t.database.db.select({ id: apartments.id }).from(apartments).limit(1);
    const [lease] = await t.database.db
      .insert(agreements)
      .values({
        tenantId: personId,
        apartmentId: flat?.id ?? '',
        rent: 1,
        signedAt: new Date('2026-01-01T00:00:00Z'),
        ...decision,
      })
      .returning({ id: agreements.id });
    return lease;
  }

  it('is refused while a repair charged to them is unpaid, and allowed once it is cancelled', async () => {
    const { here, person } = await personWithPassword('Charged Person');
    // A request never decided: no rent is billed, only the charge is owed.
    const lease = await requestWithoutRent(person.id, { status: 'pending' });
    const [charge] = await t.database.db
      .insert(charges)
      .values({
        tenantId: person.id,
        agreementId: lease?.id ?? '',
        description: 'Repair #1 — Parts: Glass',
        amount: 700,
        createdAt: new Date('2026-01-02T00:00:00Z'),
      })
      .returning({ id: charges.id });
    const refused = await remove(here, { currentPassword: 'Original9', confirm: 'DELETE' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(DELETE_ACCOUNT_MESSAGES.owes('700 BDT'));
    // Charged by mistake: the office cancels it, and nothing keeps the account any more.
    const admin = await login(t.app, 'admin@structo.com', 'Admin1234');
    const cancelled = await admin.inject({
      method: 'POST',
      url: `/api/admin/charges/${charge?.id ?? ''}/cancel`,
      payload: { reason: 'The glass was broken before they moved in' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const deleted = await remove(here, { currentPassword: 'Original9', confirm: 'DELETE' });
    expect(deleted.statusCode, deleted.body).toBe(200);
  });

  it('is refused while the building holds their deposit, and allowed once it is returned', async () => {
    const { here, person } = await personWithPassword('Deposit Holder');
    // Money held on a request turned down (no rent billed), so only the deposit stands between
    // the person and the deletion.
    const lease = await requestWithoutRent(person.id, {
      status: 'rejected',
      checkedAt: new Date('2026-01-02T00:00:00Z'),
    });
    const [admin] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'admin@structo.com'));
    const entry = {
      agreementId: lease?.id ?? '',
      amount: 25_000,
      method: 'cash' as const,
      entryDate: '2026-01-05',
      recordedBy: admin?.id ?? '',
    };
    await t.database.db.insert(depositEntries).values({ ...entry, kind: 'received' });
    const refused = await remove(here, { currentPassword: 'Original9', confirm: 'DELETE' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(DELETE_ACCOUNT_MESSAGES.depositHeld('25,000 BDT'));
    expect(await whoIs(here.cookie)).toMatchObject({ email: person.email });

    await t.database.db.insert(depositEntries).values({ ...entry, kind: 'refunded' });
    const deleted = await remove(here, { currentPassword: 'Original9', confirm: 'DELETE' });
    expect(deleted.statusCode, deleted.body).toBe(200);
  });

  it('needs the password and the word DELETE', async () => {
    const { here, person } = await personWithPassword('Hesitant Person');
    for (const payload of [
      { currentPassword: 'Original9' },
      { currentPassword: 'Original9', confirm: 'delete' },
      { currentPassword: 'Wrong999', confirm: 'DELETE' },
      { confirm: 'DELETE' },
    ]) {
      expect((await remove(here, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await whoIs(here.cookie)).toMatchObject({ email: person.email });
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/account', payload: {} })).statusCode,
    ).toBe(401);
  });
});
