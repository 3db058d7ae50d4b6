import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  BuildingSchema,
  SessionUserSchema,
  SetupStatusSchema,
  type SetupRequest,
} from '@structomate/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build';
import { errorMessage } from '../../../test/payments';
import { newPerson } from '../../../test/people';
import { openDatabase } from '../../db/client';
import { building, setupTokens, users } from '../../db/schema';
import { issueSetupToken } from './building.service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const setupRequest = (token: string, overrides: Partial<SetupRequest> = {}): SetupRequest => ({
  token,
  admin: { name: 'Nadia Rahman', email: 'nadia@example.com', password: 'Landlord1' },
  building: {
    name: 'Lakeview Heights',
    address: '14 Lake Road, Dhanmondi, Dhaka 1209',
    contactEmail: 'office@lakeview.example',
    contactPhone: '+880 2 5555 0100',
    socialLinks: { facebook: 'https://www.facebook.com/lakeview', instagram: '' },
  },
  ...overrides,
});
const claim = (payload: object) => t.app.inject({ method: 'POST', url: '/api/setup', payload });
const status = async (token = '') =>
  SetupStatusSchema.parse(
    (await t.app.inject({ method: 'POST', url: '/api/setup/check', payload: { token } })).json(),
  );
const admins = async () =>
  (await t.database.db.select({ n: count() }).from(users).where(eq(users.role, 'admin')))[0]?.n;
const liveTokens = async () =>
  (await t.database.db.select({ n: count() }).from(setupTokens))[0]?.n ?? 0;

describe('first run: claiming the building with the set-up link', () => {
  let first: string;
  let second: string;

  it('an empty database offers set-up; only a live token is valid', async () => {
    first = (await issueSetupToken(t.database.db)) ?? '';
    second = (await issueSetupToken(t.database.db)) ?? '';
    expect(first).toMatch(/^[\w-]{43}$/);
    expect(second).not.toBe(first);
    expect(await status()).toEqual({ open: true, tokenValid: false });
    expect(await status(first)).toEqual({ open: true, tokenValid: true });
    expect(await status('not-a-token')).toEqual({ open: true, tokenValid: false });
    // Only hashes are stored.
    const stored = await t.database.db.select().from(setupTokens);
    expect(stored.map((row) => row.tokenHash)).not.toContain(first);
  });

  it('a wrong token is refused with 403 and voids nothing', async () => {
    const response = await claim(setupRequest('wrong-token'));
    expect(response.statusCode).toBe(403);
    expect(errorMessage(response)).toBe(
      'This set-up link is not valid. Use the link the server printed when it started, or run npm run admin:create.',
    );
    expect(await liveTokens()).toBe(2);
    expect(await admins()).toBe(0);
  });

  it('bad input is a 400 at the field, with nothing created and the link still valid', async () => {
    const cases: [object, string][] = [
      [
        { ...setupRequest(first), admin: { name: 'N', email: 'nope', password: 'Landlord1' } },
        'admin.email',
      ],
      [
        { ...setupRequest(first), admin: { name: 'N', email: 'n@example.com', password: 'short' } },
        'admin.password',
      ],
      [
        { ...setupRequest(first), building: { ...setupRequest(first).building, name: ' ' } },
        'building.name',
      ],
      [
        {
          ...setupRequest(first),
          building: { ...setupRequest(first).building, socialLinks: { x: 'http://x.com/a' } },
        },
        'building.socialLinks.x',
      ],
      [
        {
          ...setupRequest(first),
          building: { ...setupRequest(first).building, contactPhone: 'call me' },
        },
        'building.contactPhone',
      ],
      [{ ...setupRequest(first), role: 'admin' }, ''],
    ];
    for (const [payload, field] of cases) {
      const response = await claim(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      if (field) expect(response.body).toContain(field);
    }
    expect(await admins()).toBe(0);
    expect(await status(first)).toEqual({ open: true, tokenValid: true });
  });

  it('an email that already has an account is a 409 at the field; the link stays valid', async () => {
    const taken = await newPerson(t.app, t.database, 'user', 'Early Visitor');
    const response = await claim(
      setupRequest(first, {
        admin: { name: 'Nadia Rahman', email: taken.email, password: 'Landlord1' },
      }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.body).toContain('admin.email');
    expect(await status(first)).toEqual({ open: true, tokenValid: true });
  });

  it('two claims at once (two links, two servers): one admin, the other told to log in', async () => {
    const [a, b] = await Promise.all([
      claim(setupRequest(first)),
      claim(
        setupRequest(second, {
          admin: { name: 'Someone Else', email: 'else@example.com', password: 'Landlord1' },
        }),
      ),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([201, 409]);
    const [won, lost] = a.statusCode === 201 ? [a, b] : [b, a];
    expect(errorMessage(lost)).toBe('This building already has an admin. Log in instead.');
    expect(SessionUserSchema.parse(won.json()).role).toBe('admin');
    expect(won.headers['set-cookie']).toMatch(/sm_session=/);
    expect(await admins()).toBe(1);
    expect(await liveTokens()).toBe(0);
    expect(await status(first)).toEqual({ open: false, tokenValid: false });
  });

  it('the building is named, and the new admin is signed in', async () => {
    const named = BuildingSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/building' })).json(),
    );
    expect(named).toMatchObject({
      name: 'Lakeview Heights',
      address: '14 Lake Road, Dhanmondi, Dhaka 1209',
      contactEmail: 'office@lakeview.example',
      contactPhone: '+880 2 5555 0100',
      socialLinks: { facebook: 'https://www.facebook.com/lakeview' },
      version: 1,
    });
    // No token is issued once an admin exists.
    expect(await issueSetupToken(t.database.db)).toBeUndefined();
  });
});

describe('PUT /api/building (Building settings)', () => {
  const profile = {
    name: 'Lakeview Heights',
    address: '14 Lake Road, Dhanmondi, Dhaka 1209',
    contactEmail: '',
    contactPhone: '',
    socialLinks: { x: 'https://x.com/lakeview' },
  };

  it('the admin saves over the version they read; a stale version is a 409, nothing overwritten', async () => {
    const admin = await newPerson(t.app, t.database, 'admin', 'Second Admin');
    const current = BuildingSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/building' })).json(),
    );
    const saved = await admin.inject({
      method: 'PUT',
      url: '/api/building',
      payload: { ...profile, name: 'Lakeview Towers', version: current.version },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(BuildingSchema.parse(saved.json())).toMatchObject({
      name: 'Lakeview Towers',
      contactEmail: null,
      contactPhone: null,
      socialLinks: { x: 'https://x.com/lakeview' },
      version: current.version + 1,
    });
    const stale = await admin.inject({
      method: 'PUT',
      url: '/api/building',
      payload: { ...profile, name: 'Overwritten', version: current.version },
    });
    expect(stale.statusCode).toBe(409);
    expect(errorMessage(stale)).toBe(
      'Someone else changed these settings while you were editing. Reload to see their changes.',
    );
    const [row] = await t.database.db.select().from(building);
    expect(row?.name).toBe('Lakeview Towers');
  });

  it('refuses members and users (403), visitors (401) and bad input (400), changing nothing', async () => {
    const before = await t.database.db.select().from(building);
    const payload = { ...profile, version: before[0]?.version ?? 1 };
    for (const role of ['member', 'user'] as const) {
      const person = await newPerson(t.app, t.database, role);
      expect(
        (await person.inject({ method: 'PUT', url: '/api/building', payload })).statusCode,
      ).toBe(403);
    }
    expect((await t.app.inject({ method: 'PUT', url: '/api/building', payload })).statusCode).toBe(
      401,
    );
    const admin = await newPerson(t.app, t.database, 'admin');
    for (const bad of [
      { ...payload, name: '' },
      { ...payload, address: 'x'.repeat(201) },
      { ...payload, contactEmail: 'office' },
      { ...payload, socialLinks: { myspace: 'https://myspace.com/x' } },
      { ...payload, socialLinks: { facebook: 'javascript:alert(1)' } },
      { ...payload, version: 'one' },
      // Past the stored 32-bit version: found by the property tests (test/properties-suite.ts) as a 500.
      { ...payload, version: 2 ** 31 },
      { ...payload, version: Number.MAX_SAFE_INTEGER },
    ]) {
      const response = await admin.inject({ method: 'PUT', url: '/api/building', payload: bad });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await t.database.db.select().from(building)).toEqual(before);
  });
});

describe('npm run admin:create', () => {
  const cli = path.resolve(import.meta.dirname, '../../db/cli.ts');
  const run = (args: string[], env: Record<string, string>) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', cli, 'admin:create', ...args], {
      env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: '', ...env },
    });

  it('creates an admin from the arguments and ADMIN_PASSWORD; refuses a weak password and a taken email', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'structomate-cli-'));
    try {
      const env = { DATA_DIR: dataDir, ADMIN_PASSWORD: 'Landlord1' };
      const args = ['--email', 'owner@example.com', '--name', 'Owner Person'];
      const { stdout } = await run(args, env);
      expect(stdout).toContain('admin account created: owner@example.com (Owner Person)');
      await expect(run(args, env)).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining('An account with this email already exists.'),
      });
      await expect(
        run(['--email', 'other@example.com', '--name', 'Other'], {
          ...env,
          ADMIN_PASSWORD: 'weak',
        }),
      ).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('password:') });
      await expect(run(['--name', 'No Email'], env)).rejects.toMatchObject({ code: 2 });
      const database = await openDatabase({
        kind: 'pglite',
        dataDir: path.join(dataDir, 'pglite'),
      });
      try {
        const rows = await database.db.select({ role: users.role, email: users.email }).from(users);
        expect(rows).toEqual([{ role: 'admin', email: 'owner@example.com' }]);
      } finally {
        await database.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
