import { ACCOUNT_MESSAGES, AccountSchema, AccountSessionsSchema } from '@structomate/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, login, type TestApp } from '../../../test/build';
import { multipart, testImage } from '../../../test/images';
import { newPerson } from '../../../test/people';
import { mailMessages, rateLimits, users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';

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
    ]) {
      const response = await here.inject({ method: 'PUT', url: '/api/account/profile', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
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
    const after = (await t.database.db.select().from(users).where(eq(users.id, person.id)))[0];
    expect(after?.passwordHash).toBe(before?.passwordHash);
    expect(await whoIs(elsewhere.cookie)).toMatchObject({ email: person.email });
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
