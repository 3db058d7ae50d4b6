import {
  AuditPageSchema,
  DEFAULT_MAIL_PREFERENCES,
  ChargeReceiptSchema,
  ErrorResponseSchema,
  MAINTENANCE_MESSAGES,
  MaintenanceContactSchema,
  MaintenanceContactsSchema,
  MaintenanceFiguresSchema,
  MaintenancePageSchema,
  MaintenancePhotoUploadSchema,
  MaintenanceRequestSchema,
  MyChargesSchema,
  MyMaintenanceSchema,
  RentRollPageSchema,
  TenantAccountSchema,
  type MaintenanceRequest,
  type NewMaintenanceRequestInput,
  OPEN_MAINTENANCE_STATUSES,
} from '@structomate/contract';
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, type Session, type TestApp } from '../../../test/build';
import { multipart, pngClaiming, testImage } from '../../../test/images';
import { runScheduledJob } from '../../../test/jobs';
import { errorMessage, newMember, removeMember } from '../../../test/payments';
import { newPerson, type Person } from '../../../test/people';
import {
  auditLog,
  charges,
  mailMessages,
  maintenanceComments,
  maintenancePhotos,
  maintenanceRequests,
  notifications,
  rateLimits,
  users,
} from '../../db/schema';
import { FakeClock } from '../../lib/clock';
import { sendNotificationsJob } from '../notifications/notifications.service';
import { closeResolvedRequestsJob } from './maintenance-changes.service';

// Dhaka time.
const NOW = '2026-11-23T10:00:00+06:00';
const clock = new FakeClock(NOW);
let t: TestApp;
let admin: Session;
let tenant: Person;
let neighbour: Person;
beforeAll(async () => {
  t = await buildTestApp({ demo: true, clock });
  admin = await loginAs(t.app, 'admin');
  tenant = await newMember(t, 'C-204', 'Rina Tenant');
  neighbour = await newMember(t, 'A-101', 'Nabil Neighbour');
});
afterAll(() => t.close());
beforeEach(async () => {
  clock.set(NOW);
  await t.database.db.execute(sql`delete from rate_limits`);
});

type Caller = Person | Session;

const leak = {
  category: 'plumbing',
  title: 'Kitchen tap leaks',
  description: 'Water drips from the tap\nall night.',
  location: 'Kitchen',
  urgency: 'urgent',
  entryPermission: true,
  preferredTimes: 'Weekday mornings',
  photoIds: [],
} satisfies NewMaintenanceRequestInput;

async function upload(caller: Caller, format: 'jpeg' | 'png' = 'jpeg', exif = false) {
  const { payload, headers } = multipart('image', await testImage(format, { exif }));
  const response = await caller.inject({
    method: 'POST',
    url: '/api/maintenance/photos',
    payload,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return MaintenancePhotoUploadSchema.parse(response.json()).photo;
}

async function file(caller: Caller, body: Partial<NewMaintenanceRequestInput> = {}) {
  const response = await caller.inject({
    method: 'POST',
    url: '/api/maintenance/requests',
    payload: { ...leak, ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return MaintenanceRequestSchema.parse(response.json());
}

const read = async (caller: Caller, id: string) => {
  const response = await caller.inject({ method: 'GET', url: `/api/maintenance/requests/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return MaintenanceRequestSchema.parse(response.json());
};

const act = (caller: Caller, method: 'POST' | 'PUT', url: string, payload: object) =>
  caller.inject({ method, url, payload });

async function moved(caller: Caller, method: 'POST' | 'PUT', url: string, payload: object) {
  const response = await act(caller, method, url, payload);
  expect(response.statusCode, response.body).toBe(200);
  return MaintenanceRequestSchema.parse(response.json());
}

const status = (request: MaintenanceRequest, to: string, extra: object = {}) =>
  moved(admin, 'POST', `/api/admin/maintenance/${request._id}/status`, {
    version: request.version,
    status: to,
    ...extra,
  });

const noticesOf = async (userId: string, kind: string) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(notifications)
      .where(sql`${notifications.userId} = ${userId} and ${notifications.kind} = ${kind}`)
  )[0]?.n ?? 0;

async function newContact(name = 'Karim Plumbing', trade = 'Plumber') {
  const response = await admin.inject({
    method: 'POST',
    url: '/api/admin/maintenance-contacts',
    payload: { name, trade, phone: '+880 1711 000 111' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return MaintenanceContactSchema.parse(response.json());
}

describe('a tenant files a request', () => {
  it('stores it with its photos, private to the tenant and the admins, and tells the admins', async () => {
    const [first, second] = [await upload(tenant, 'jpeg', true), await upload(tenant, 'png')];
    const adminsTold = await noticesOf(admin.user._id, 'maintenance-new');
    const request = await file(tenant, {
      urgency: 'emergency',
      photoIds: [second._id, first._id],
    });
    expect(request).toMatchObject({
      status: 'new',
      urgency: 'emergency',
      apartmentNo: 'C-204',
      tenantName: 'Rina Tenant',
      description: 'Water drips from the tap\nall night.',
      version: 1,
      can: { comment: true, cancel: true, confirm: false, moves: [] },
    });
    expect(request.photos.map((photo) => photo._id)).toEqual([second._id, first._id]);
    expect(request.timeline).toMatchObject([{ kind: 'filed', status: 'new' }]);
    expect(await noticesOf(admin.user._id, 'maintenance-new')).toBe(adminsTold + 1);

    const url = request.photos[0]?.url ?? '';
    for (const [caller, code] of [
      [tenant, 200],
      [admin, 200],
      [neighbour, 404],
    ] as const) {
      const response = await caller.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(code);
    }
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const malformed = await admin.inject({
      method: 'GET',
      url: `/api/maintenance/photos/${'-'.repeat(36)}.webp`,
    });
    expect(malformed.statusCode).toBe(400);
    const photo = await tenant.inject({ method: 'GET', url: request.photos[1]?.url ?? '' });
    expect(photo.headers['content-type']).toBe('image/webp');
    expect(photo.headers['cache-control']).toContain('private');
    // The upload pipeline stripped the metadata.
    expect(photo.rawPayload.includes(Buffer.from('EXIF-SECRET-MARKER'))).toBe(false);
  });

  it('refuses a photo that is not the tenant’s own, or already used, and stores nothing', async () => {
    const others = await upload(neighbour);
    const before = await t.database.db.select({ n: count() }).from(maintenanceRequests);
    const response = await act(tenant, 'POST', '/api/maintenance/requests', {
      ...leak,
      photoIds: [others._id],
    });
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toBe('A photo was not found. Upload it again.');
    expect(await t.database.db.select({ n: count() }).from(maintenanceRequests)).toEqual(before);
    // Before it is attached, only its uploader sees it.
    expect((await tenant.inject({ method: 'GET', url: others.url })).statusCode).toBe(404);
    expect((await neighbour.inject({ method: 'GET', url: others.url })).statusCode).toBe(200);
  });

  it('answers missing and overlong fields at the field, and stores nothing', async () => {
    const before = await t.database.db.select({ n: count() }).from(maintenanceRequests);
    const cases: [object, string, string][] = [
      [{ title: '  ' }, 'title', 'Title is required'],
      [{ description: '' }, 'description', 'Description is required'],
      [{ location: undefined }, 'location', 'Where is required'],
      [{ category: 'roof' }, 'category', 'Choose what kind of problem it is'],
      [{ urgency: undefined }, 'urgency', 'Choose how urgent it is'],
      [{ description: 'x'.repeat(4001) }, 'description', 'Description: at most 4,000 characters.'],
      [{ title: 'Leak\u0000x' }, 'title', 'Title: one line, please.'],
      [{ title: 'Two\nlines' }, 'title', 'Title: one line, please.'],
      [
        { description: 'Drips\u0000' },
        'description',
        'Remove the invisible control characters from this text.',
      ],
      [
        { photoIds: Array.from({ length: 6 }, () => crypto.randomUUID()) },
        'photoIds',
        'At most 5 photos.',
      ],
    ];
    for (const [change, path, message] of cases) {
      const response = await act(tenant, 'POST', '/api/maintenance/requests', {
        ...leak,
        ...change,
      });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().error.issues).toContainEqual({ path, message });
    }
    const extra = await act(tenant, 'POST', '/api/maintenance/requests', {
      ...leak,
      status: 'closed',
    });
    expect(extra.statusCode).toBe(400);
    expect(await t.database.db.select({ n: count() }).from(maintenanceRequests)).toEqual(before);
  });

  it('refuses whoever rents nothing here, the admins and visitors', async () => {
    const visitor = await newPerson(t.app, t.database, 'user', 'Just Looking');
    const refused = await act(visitor, 'POST', '/api/maintenance/requests', leak);
    expect(refused.statusCode).toBe(403);
    expect((await act(admin, 'POST', '/api/maintenance/requests', leak)).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/maintenance/requests',
      payload: leak,
    });
    expect(anonymous.statusCode).toBe(401);
    const photo = await t.app.inject({
      method: 'POST',
      url: '/api/maintenance/photos',
      ...multipart('image', await testImage('jpeg')),
    });
    expect(photo.statusCode).toBe(401);
    const list = MyMaintenanceSchema.parse(
      (await visitor.inject({ method: 'GET', url: '/api/maintenance/requests' })).json(),
    );
    expect(list).toMatchObject({ result: [], canFile: false });
  });

  it('refuses what the upload rules refuse, and stores nothing', async () => {
    const before = await t.database.db.select({ n: count() }).from(maintenancePhotos);
    const cases: [Buffer, number, string][] = [
      [Buffer.from('not an image at all'), 415, 'Only JPEG, PNG and WebP images are accepted'],
      [
        await pngClaiming(20_000, 20_000),
        413,
        'The image has too many pixels (at most 40 megapixels)',
      ],
      [Buffer.alloc(5 * 1024 * 1024 + 1, 0xff), 413, 'The image is larger than 5 MB'],
    ];
    for (const [bytes, code, message] of cases) {
      const { payload, headers } = multipart('image', bytes);
      const response = await tenant.inject({
        method: 'POST',
        url: '/api/maintenance/photos',
        payload,
        headers,
      });
      expect(response.statusCode, message).toBe(code);
      expect(errorMessage(response)).toBe(message);
    }
    const broken: [string, string][] = [
      ['multipart/form-data', 'x'],
      ['multipart/form-data; boundary=', 'x'],
      [
        'multipart/form-data; boundary=abc',
        '--abc\r\nContent-Disposition: form-data; name="image"',
      ],
    ];
    for (const [type, body] of broken) {
      const response = await tenant.inject({
        method: 'POST',
        url: '/api/maintenance/photos',
        payload: body,
        headers: { 'content-type': type },
      });
      expect(response.statusCode, type).toBe(400);
    }
    const json = await act(tenant, 'POST', '/api/maintenance/photos', { image: 'x' });
    expect(json.statusCode).toBe(415);
    // JSON nested deeper than a recursive walk of it can go (the text guard's was a 500).
    const deep = await tenant.inject({
      method: 'POST',
      url: '/api/maintenance/photos',
      payload: '['.repeat(20_000) + ']'.repeat(20_000),
      headers: { 'content-type': 'application/json' },
    });
    expect(deep.statusCode).toBe(415);
    expect(await t.database.db.select({ n: count() }).from(maintenancePhotos)).toEqual(before);
    // What was not multipart at all spent none of the hourly uploads.
    const [spent] = await t.database.db
      .select({ n: count() })
      .from(rateLimits)
      .where(eq(rateLimits.key, `upload:user:${tenant.id}`));
    expect(spent?.n).toBe(1);
  });
});

describe('one request, from report to rating', () => {
  it('goes new → acknowledged → visit → in progress → resolved → closed, each step told', async () => {
    const contact = await newContact();
    let request = await file(tenant, { title: 'Bathroom light flickers', category: 'electrical' });
    const told = (kind: string) => noticesOf(tenant.id, kind);
    const statusMails = await told('maintenance-status');

    request = await status(request, 'acknowledged', { note: 'We will send someone.' });
    expect(request.status).toBe('acknowledged');
    request = await moved(admin, 'PUT', `/api/admin/maintenance/${request._id}/assignee`, {
      version: request.version,
      contactId: contact._id,
    });
    expect(request.assignee).toMatchObject({ name: 'Karim Plumbing', trade: 'Plumber' });
    request = await moved(admin, 'PUT', `/api/admin/maintenance/${request._id}/visit`, {
      version: request.version,
      date: '2026-11-25',
      from: '09:00',
      to: '12:00',
    });
    expect(request).toMatchObject({
      status: 'scheduled',
      visit: { date: '2026-11-25', from: '09:00', to: '12:00' },
    });
    for (const [date, message] of [
      ['2026-11-22', 'The visit cannot be before today.'],
      ['2027-11-24', 'Book the visit within a year.'],
    ]) {
      const refused = await act(admin, 'PUT', `/api/admin/maintenance/${request._id}/visit`, {
        version: request.version,
        date,
        from: '09:00',
        to: '10:00',
      });
      expect(refused.statusCode).toBe(400);
      expect(errorMessage(refused)).toBe(message);
    }
    expect(await told('maintenance-visit')).toBeGreaterThan(0);

    // The tenant sees the visit, who is coming (not their number), and the note.
    const seen = await read(tenant, request._id);
    expect(seen.visit).toEqual({ date: '2026-11-25', from: '09:00', to: '12:00' });
    expect(seen.assignee).toEqual({
      _id: contact._id,
      name: 'Karim Plumbing',
      trade: 'Plumber',
      phone: null,
    });
    expect(seen.timeline.map((step) => step.text)).toContain('We will send someone.');
    // Its step in the timeline gives the window as the app writes times.
    expect(seen.timeline.map((step) => step.text)).toContain(
      'Visit on 25 November 2026, 09:00 AM–12:00 PM',
    );
    expect(seen.can).toMatchObject({ cancel: true, moves: [] });

    request = await status(request, 'in_progress');
    request = await status(request, 'waiting', { waitingOn: 'parts' });
    expect(request.waitingOn).toBe('parts');
    request = await status(request, 'in_progress');
    request = await status(request, 'resolved');
    expect(await told('maintenance-status')).toBe(statusMails + 5);

    const mine = await read(tenant, request._id);
    expect(mine.can).toMatchObject({ confirm: true, reopen: true, cancel: false });
    const closed = await moved(tenant, 'POST', `/api/maintenance/requests/${request._id}/confirm`, {
      version: mine.version,
    });
    expect(closed).toMatchObject({ status: 'closed', can: { rate: true, comment: false } });
    clock.set('2026-11-23T11:30:00+06:00');
    const rated = await moved(tenant, 'POST', `/api/maintenance/requests/${request._id}/rating`, {
      score: 4,
      comment: 'Quick and tidy',
    });
    expect(rated.rating).toMatchObject({ score: 4, comment: 'Quick and tidy' });
    // A rating is news to the building: the request rises in "Recently updated".
    expect(rated.updatedAt).toBe(new Date('2026-11-23T11:30:00+06:00').toISOString());
    const again = await act(tenant, 'POST', `/api/maintenance/requests/${request._id}/rating`, {
      score: 5,
    });
    expect(again.statusCode).toBe(409);
    expect(errorMessage(again)).toBe('You have already rated this request.');

    const audit = AuditPageSchema.parse(
      (
        await admin.inject({
          method: 'GET',
          url: `/api/audit?q=${encodeURIComponent('#' + request.number)}`,
        })
      ).json(),
    );
    expect(audit.result.map((entry) => entry.action)).toEqual(
      expect.arrayContaining([
        'maintenance.filed',
        'maintenance.status',
        'maintenance.assigned',
        'maintenance.visit',
        'maintenance.rated',
      ]),
    );
  });

  it('refuses a move that skips the order, and a change from a stale version, with the reason', async () => {
    let request = await file(tenant, { title: 'Door lock sticks', category: 'locks_keys' });
    const skip = await act(admin, 'POST', `/api/admin/maintenance/${request._id}/status`, {
      version: request.version,
      status: 'resolved',
    });
    expect(skip.statusCode).toBe(409);
    expect(errorMessage(skip)).toBe(
      'A request that is new cannot become resolved. From new it can become acknowledged.',
    );
    const stale = request;
    request = await status(request, 'acknowledged');
    const late = await act(admin, 'POST', `/api/admin/maintenance/${request._id}/status`, {
      version: stale.version,
      status: 'acknowledged',
    });
    expect(late.statusCode).toBe(409);
    expect(errorMessage(late)).toBe(
      'You (in another window) changed this request meanwhile (it is now acknowledged). Reload to see the change.',
    );
    const tenantLate = await act(
      tenant,
      'POST',
      `/api/maintenance/requests/${request._id}/cancel`,
      {
        version: stale.version,
      },
    );
    expect(tenantLate.statusCode).toBe(409);
    expect(errorMessage(tenantLate)).toBe(
      'Nadia Rahman changed this request meanwhile (it is now acknowledged). Reload to see the change.',
    );
    request = await status(request, 'in_progress');
    request = await status(request, 'resolved');
    const closed = await status(request, 'closed');
    const back = await act(admin, 'POST', `/api/admin/maintenance/${request._id}/status`, {
      version: closed.version,
      status: 'in_progress',
    });
    expect(back.statusCode).toBe(409);
    expect(errorMessage(back)).toBe(
      'A request that is closed cannot become in progress: it is finished.',
    );
    const waiting = await act(admin, 'POST', `/api/admin/maintenance/${request._id}/status`, {
      version: closed.version,
      status: 'waiting',
    });
    expect(waiting.statusCode).toBe(400);
    expect((await read(admin, request._id)).status).toBe('closed');
  });

  it('lets the tenant cancel until work starts, and not after; a booked visit goes with it', async () => {
    let early = await file(tenant, { title: 'Fridge is noisy', category: 'appliance' });
    early = await status(early, 'acknowledged');
    early = await moved(admin, 'PUT', `/api/admin/maintenance/${early._id}/visit`, {
      version: early.version,
      date: '2026-11-26',
      from: '10:00',
      to: '11:00',
    });
    const adminsTold = await noticesOf(admin.user._id, 'maintenance-tenant-move');
    const cancelled = await moved(tenant, 'POST', `/api/maintenance/requests/${early._id}/cancel`, {
      version: early.version,
    });
    expect(cancelled).toMatchObject({ status: 'cancelled', visit: null });
    expect(await noticesOf(admin.user._id, 'maintenance-tenant-move')).toBe(adminsTold + 1);
    const cost = await act(admin, 'POST', `/api/admin/maintenance/${early._id}/costs`, {
      key: randomUUID(),
      kind: 'labour',
      description: 'Call-out',
      amount: 300,
    });
    expect(cost.statusCode).toBe(409);
    expect(errorMessage(cost)).toBe('A cancelled request has no costs.');
    // Its thread is finished: a comment is refused, saying it was cancelled (not "closed").
    const comment = await act(tenant, 'POST', `/api/maintenance/requests/${early._id}/comments`, {
      body: 'Still noisy.',
    });
    expect(comment.statusCode).toBe(409);
    expect(errorMessage(comment)).toBe(MAINTENANCE_MESSAGES.cancelledThread);
    let started = await file(tenant, { title: 'Fan rattles', category: 'heating_cooling' });
    started = await status(started, 'acknowledged');
    started = await status(started, 'in_progress');
    const refused = await act(tenant, 'POST', `/api/maintenance/requests/${started._id}/cancel`, {
      version: started.version,
    });
    expect(refused.statusCode).toBe(409);
    expect(errorMessage(refused)).toBe(
      'Work on this request has started, so it can no longer be cancelled.',
    );
  });

  it('reopens within 7 days of "resolved", and closes by itself after', async () => {
    let request = await file(tenant, { title: 'Window will not shut', category: 'other' });
    request = await status(request, 'acknowledged');
    request = await status(request, 'resolved');
    clock.set('2026-11-29T10:00:00+06:00');
    const reopened = await moved(
      tenant,
      'POST',
      `/api/maintenance/requests/${request._id}/reopen`,
      {
        version: request.version,
        reason: 'It opened again in the wind.',
      },
    );
    expect(reopened).toMatchObject({ status: 'acknowledged', resolvedAt: null });
    expect(reopened.timeline.at(-1)).toMatchObject({
      kind: 'reopened',
      text: 'It opened again in the wind.',
    });

    const resolved = await status(reopened, 'resolved');
    clock.set('2026-12-06T10:01:00+06:00');
    const tooLate = await act(tenant, 'POST', `/api/maintenance/requests/${request._id}/reopen`, {
      version: resolved.version,
      reason: 'Again',
    });
    expect(tooLate.statusCode).toBe(409);
    expect(errorMessage(tooLate)).toBe(
      'A request can be reopened within 7 days of being resolved. Please file a new one.',
    );
    const told = await noticesOf(tenant.id, 'maintenance-status');
    await runScheduledJob(t.app, closeResolvedRequestsJob);
    const closed = await read(tenant, request._id);
    expect(closed.status).toBe('closed');
    expect(closed.timeline.at(-1)).toMatchObject({ status: 'closed', actorName: null });
    expect(await noticesOf(tenant.id, 'maintenance-status')).toBe(told + 1);
    const [audited] = await t.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, request._id), sql`${auditLog.actorId} is null`));
    expect(audited?.n).toBe(1);
  });
});

describe('the thread', () => {
  it('carries comments both ways as plain text, and hides internal notes from the tenant', async () => {
    const request = await file(tenant, { title: 'Ants in the kitchen', category: 'pests' });
    const photo = await upload(tenant);
    const tenantNotice = await noticesOf(tenant.id, 'maintenance-comment');
    await moved(tenant, 'POST', `/api/maintenance/requests/${request._id}/comments`, {
      body: 'They come from <b>under</b> the sink.\nSee photo.',
      photoIds: [photo._id],
    });
    await moved(admin, 'POST', `/api/maintenance/requests/${request._id}/comments`, {
      body: 'Tenant leaves food out; charge if it recurs.',
      internal: true,
    });
    await moved(admin, 'POST', `/api/maintenance/requests/${request._id}/comments`, {
      body: 'We will spray on Friday.',
    });
    // Each comment carries its author's photo, as their avatar shows it elsewhere.
    const portrait = 'https://lh3.googleusercontent.com/a/rina-tenant';
    await t.database.db.update(users).set({ photoUrl: portrait }).where(eq(users.id, tenant.id));
    const asTenant = await read(tenant, request._id);
    await t.database.db.update(users).set({ photoUrl: null }).where(eq(users.id, tenant.id));
    expect(asTenant.comments.map((comment) => comment.body)).toEqual([
      'They come from <b>under</b> the sink.\nSee photo.',
      'We will spray on Friday.',
    ]);
    expect(asTenant.comments[0]?.authorPhotoURL).toBe(portrait);
    expect(asTenant.comments[0]?.photos).toHaveLength(1);
    expect(asTenant.comments[1]).toMatchObject({ fromBuilding: true, authorName: 'Nadia Rahman' });
    const asAdmin = await read(admin, request._id);
    expect(asAdmin.comments.filter((comment) => comment.internal)).toHaveLength(1);
    // The tenant heard of the building's comment only.
    expect(await noticesOf(tenant.id, 'maintenance-comment')).toBe(tenantNotice + 1);

    const note = await act(tenant, 'POST', `/api/maintenance/requests/${request._id}/comments`, {
      body: 'Secret',
      internal: true,
    });
    expect(note.statusCode).toBe(403);
    const long = await act(tenant, 'POST', `/api/maintenance/requests/${request._id}/comments`, {
      body: 'x'.repeat(2001),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.issues).toContainEqual({
      path: 'body',
      message: 'Comment: at most 2,000 characters.',
    });
  });

  it('keeps an internal note and its photos from the tenant, and their list unmoved', async () => {
    const request = await file(tenant, { title: 'Damp patch' });
    const photo = await upload(admin);
    clock.set('2026-11-23T12:00:00+06:00');
    await moved(admin, 'POST', `/api/maintenance/requests/${request._id}/comments`, {
      body: 'Looks like the neighbour above; check their bath seal.',
      photoIds: [photo._id],
      internal: true,
    });
    expect((await tenant.inject({ method: 'GET', url: photo.url })).statusCode).toBe(404);
    expect((await admin.inject({ method: 'GET', url: photo.url })).statusCode).toBe(200);
    const seen = await read(tenant, request._id);
    expect(seen.updatedAt).toBe(request.updatedAt);
    expect(seen.comments).toEqual([]);
  });

  it('keeps another member out of a request altogether', async () => {
    const request = await file(tenant, { title: 'Private matter' });
    const calls: [string, string, object | undefined][] = [
      ['GET', `/api/maintenance/requests/${request._id}`, undefined],
      ['POST', `/api/maintenance/requests/${request._id}/comments`, { body: 'Hello' }],
      ['POST', `/api/maintenance/requests/${request._id}/cancel`, { version: request.version }],
      ['POST', `/api/maintenance/requests/${request._id}/reopen`, { version: 1, reason: 'x' }],
      ['POST', `/api/maintenance/requests/${request._id}/rating`, { score: 1 }],
    ];
    for (const [method, url, payload] of calls) {
      const response = await neighbour.inject({ method: method as 'GET', url, payload });
      expect(response.statusCode, url).toBe(404);
    }
    const theirs = MyMaintenanceSchema.parse(
      (await neighbour.inject({ method: 'GET', url: '/api/maintenance/requests' })).json(),
    );
    expect(theirs.result.map((row) => row._id)).not.toContain(request._id);
    for (const url of [`/api/admin/maintenance/${request._id}/status`]) {
      const response = await act(tenant, 'POST', url, { version: 1, status: 'acknowledged' });
      expect(response.statusCode).toBe(403);
    }
    expect(
      (
        await t.database.db
          .select({ n: count() })
          .from(maintenanceComments)
          .where(eq(maintenanceComments.requestId, request._id))
      )[0]?.n,
    ).toBe(0);
  });

  it('leaves a former tenant their requests to read, not to add to', async () => {
    const leaving = await newMember(t, 'A-202', 'Leaving Soon');
    const request = await file(leaving, { title: 'Balcony door' });
    const photo = request.photos[0];
    await removeMember(t, leaving);
    const list = MyMaintenanceSchema.parse(
      (await leaving.inject({ method: 'GET', url: '/api/maintenance/requests' })).json(),
    );
    expect(list).toMatchObject({ canFile: false, result: [{ _id: request._id }] });
    const seen = await read(leaving, request._id);
    expect(seen.can).toMatchObject({ comment: false, cancel: false });
    const comment = await act(
      leaving,
      'POST',
      `/api/maintenance/requests/${request._id}/comments`,
      {
        body: 'Still broken?',
      },
    );
    expect(comment.statusCode).toBe(403);
    expect(errorMessage(comment)).toBe(
      'Your lease has ended: you can read your requests but not add to them.',
    );
    expect((await act(leaving, 'POST', '/api/maintenance/requests', leak)).statusCode).toBe(403);
    expect(photo).toBeUndefined();
    // Closed after they left, it is theirs to read, not to rate.
    let closing = await status(await read(admin, request._id), 'acknowledged');
    closing = await status(closing, 'resolved');
    await status(closing, 'closed');
    expect((await read(leaving, request._id)).can.rate).toBe(false);
    const rating = await act(leaving, 'POST', `/api/maintenance/requests/${request._id}/rating`, {
      score: 1,
    });
    expect(rating.statusCode).toBe(403);
    expect((await read(admin, request._id)).rating).toBeNull();
  });
});

describe('costs charged to the tenant', () => {
  it('become a charge in their account and the rent roll, paid once with a receipt', async () => {
    let request = await file(tenant, { title: 'Broken window pane', category: 'other' });
    request = await status(request, 'acknowledged');
    request = await moved(admin, 'POST', `/api/admin/maintenance/${request._id}/costs`, {
      key: randomUUID(),
      kind: 'labour',
      description: 'Glazier, one hour',
      amount: 800,
    });
    request = await moved(admin, 'POST', `/api/admin/maintenance/${request._id}/costs`, {
      key: randomUUID(),
      kind: 'parts',
      description: 'Glass pane',
      amount: 1500,
      chargeTenant: true,
    });
    expect(request.costs).toMatchObject([
      { amount: 800, chargedToTenant: false },
      { amount: 1500, chargedToTenant: true, chargePaid: false },
    ]);
    // The tenant sees the charge only, never the building's own cost.
    const seen = await read(tenant, request._id);
    expect(seen.costs.map((cost) => cost.amount)).toEqual([1500]);
    expect(seen.timeline.map((step) => step.text)).toContain(
      'Charged to the tenant: 1,500 BDT (Parts: Glass pane)',
    );

    const mine = MyChargesSchema.parse(
      (await tenant.inject({ method: 'GET', url: '/api/charges' })).json(),
    );
    const charge = mine.result.find((line) => line.requestId === request._id);
    expect(charge).toMatchObject({
      amount: 1500,
      apartmentNo: 'C-204',
      description: `Repair #${request.number} — Parts: Glass pane`,
      paid: null,
    });
    expect(mine.owed).toBeGreaterThanOrEqual(1500);
    const account = TenantAccountSchema.parse(
      (await admin.inject({ method: 'GET', url: `/api/tenants/${tenant.id}/account` })).json(),
    );
    expect(account.charges.map((line) => line._id)).toContain(charge?._id);
    const roll = RentRollPageSchema.parse(
      (await admin.inject({ method: 'GET', url: '/api/admin/rent-roll?q=C-204' })).json(),
    );
    expect(roll.result[0]?.chargesOwed).toBe(mine.owed);

    const id = charge?._id ?? '';
    expect((await neighbour.inject({ method: 'GET', url: `/api/charges/${id}` })).statusCode).toBe(
      404,
    );
    const future = await act(admin, 'POST', `/api/admin/charges/${id}/payment`, {
      method: 'cash',
      receivedOn: '2026-11-24',
    });
    expect(future.statusCode).toBe(400);
    expect(errorMessage(future)).toBe('The date cannot be after today');
    const paid = await act(admin, 'POST', `/api/admin/charges/${id}/payment`, {
      method: 'bkash',
      reference: 'BK-1',
      receivedOn: '2026-11-23',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(ChargeReceiptSchema.parse(paid.json())).toMatchObject({
      tenant: { name: 'Rina Tenant' },
      paid: { method: 'bkash', reference: 'BK-1', receivedOn: '2026-11-23' },
    });
    const twice = await act(admin, 'POST', `/api/admin/charges/${id}/payment`, {
      method: 'cash',
      receivedOn: '2026-11-23',
    });
    expect(twice.statusCode).toBe(409);
    expect(errorMessage(twice)).toBe('This charge is already paid.');
    // The tenant gets one receipt for it (the second record was refused), as for rent.
    await runScheduledJob(t.app, sendNotificationsJob);
    const receipts = await t.database.db
      .select()
      .from(mailMessages)
      .where(
        and(
          eq(mailMessages.toAddress, tenant.email),
          eq(mailMessages.kind, 'charge-receipt'),
          like(mailMessages.subject, `%Repair #${request.number} —%`),
        ),
      );
    expect(receipts.map((mail) => mail.subject)).toEqual([
      `Receipt: 1,500 BDT for “Repair #${request.number} — Parts: Glass pane”`,
    ]);
    expect(receipts[0]?.text).toContain(
      `the building office received 1,500 BDT by bKash for “Repair #${request.number} — Parts: Glass pane”. Nothing more is owed for it.`,
    );
    expect(receipts[0]?.text).toContain(`/dashboard/charges/${id}`);
    expect(receipts[0]?.unsubscribeUrl).toContain('topic=receipts');
    const receipt = ChargeReceiptSchema.parse(
      (await tenant.inject({ method: 'GET', url: `/api/charges/${id}` })).json(),
    );
    expect(receipt.paid?.method).toBe('bkash');
    expect((await act(tenant, 'POST', `/api/admin/charges/${id}/payment`, {})).statusCode).toBe(
      403,
    );
    const [row] = await t.database.db.select().from(charges).where(eq(charges.id, id));
    expect(row?.recordedBy).toBe(admin.user._id);
  });

  it('undoes a charge payment recorded by mistake: owed again, the tenant told why', async () => {
    const request = await file(tenant, { title: 'Cracked basin' });
    const costed = await moved(admin, 'POST', `/api/admin/maintenance/${request._id}/costs`, {
      key: randomUUID(),
      kind: 'parts',
      description: 'Basin',
      amount: 2200,
      chargeTenant: true,
    });
    const id = costed.costs[0]?.chargeId ?? '';
    const description = `Repair #${request.number} — Parts: Basin`;
    const undoPath = `/api/admin/charges/${id}/payment/undo`;
    const owed = async () =>
      MyChargesSchema.parse((await tenant.inject({ method: 'GET', url: '/api/charges' })).json())
        .owed;
    const rollOwed = async () =>
      RentRollPageSchema.parse(
        (await admin.inject({ method: 'GET', url: '/api/admin/rent-roll?q=C-204' })).json(),
      ).result[0]?.chargesOwed;
    const owedBefore = await owed();
    const rollBefore = await rollOwed();

    // Not paid yet: nothing to undo.
    const unpaid = await act(admin, 'POST', undoPath, { reason: 'Typed into the wrong row' });
    expect(unpaid.statusCode).toBe(409);
    expect(errorMessage(unpaid)).toBe(
      'This charge is not paid (its payment may have been undone already).',
    );

    const pay = (method: string, receivedOn: string) =>
      act(admin, 'POST', `/api/admin/charges/${id}/payment`, {
        method,
        reference: 'CASH-9',
        receivedOn,
      });
    expect((await pay('cash', '2026-11-23')).statusCode).toBe(200);
    expect(await owed()).toBe(owedBefore - 2200);
    expect(await rollOwed()).toBe((rollBefore ?? 0) - 2200);

    // Refused: no reason, a reason too short or too long, the tenant, another member, an unknown
    // charge. Nothing changes.
    for (const [caller, body, code, message] of [
      [admin, {}, 400, 'Say why the payment is undone'],
      [admin, { reason: '   ' }, 400, 'Say why the payment is undone'],
      [admin, { reason: 'no' }, 400, 'The reason needs at least 3 characters'],
      [admin, { reason: 'x'.repeat(201) }, 400, 'The reason has at most 200 characters'],
      [admin, { reason: 'Mistake', extra: 1 }, 400, undefined],
      [tenant, { reason: 'I did not pay' }, 403, undefined],
      [neighbour, { reason: 'Not mine' }, 403, undefined],
    ] as const) {
      const response = await act(caller, 'POST', undoPath, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(code);
      if (message) expect(errorMessage(response)).toContain(message);
    }
    const unknown = await act(admin, 'POST', `/api/admin/charges/${randomUUID()}/payment/undo`, {
      reason: 'Typed into the wrong row',
    });
    expect(unknown.statusCode).toBe(404);
    expect(errorMessage(unknown)).toBe('No charge has this id (or it is not yours).');
    expect(await owed()).toBe(owedBefore - 2200);

    // Undone before its receipt went out: the receipt is withdrawn, the correction says so.
    const undone = await act(admin, 'POST', undoPath, { reason: 'Typed into the wrong row' });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(ChargeReceiptSchema.parse(undone.json())).toMatchObject({
      _id: id,
      paid: null,
      tenant: { name: 'Rina Tenant' },
    });
    expect(await owed()).toBe(owedBefore);
    expect(await rollOwed()).toBe(rollBefore);
    expect((await read(admin, request._id)).costs[0]).toMatchObject({ chargePaid: false });
    const [row] = await t.database.db.select().from(charges).where(eq(charges.id, id));
    expect(row).toMatchObject({
      method: null,
      reference: null,
      receivedOn: null,
      recordedBy: null,
      paidAt: null,
    });
    const [audited] = await t.database.db
      .select({ summary: auditLog.summary, actorId: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, id), eq(auditLog.action, 'charge.undone')));
    expect(audited).toEqual({
      actorId: admin.user._id,
      summary: `${admin.user.displayName} undid the payment of “${description}” recorded for Rina Tenant: 2,200 BDT by cash, received 23 November 2026, ref CASH-9. Reason: Typed into the wrong row`,
    });
    const again = await act(admin, 'POST', undoPath, { reason: 'Typed into the wrong row' });
    expect(again.statusCode).toBe(409);
    expect(errorMessage(again)).toBe(
      'This charge is not paid (its payment may have been undone already).',
    );

    await runScheduledJob(t.app, sendNotificationsJob);
    const mailsFor = async (kind: string) =>
      t.database.db
        .select({ subject: mailMessages.subject, text: mailMessages.text })
        .from(mailMessages)
        .where(
          and(
            eq(mailMessages.toAddress, tenant.email),
            eq(mailMessages.kind, kind),
            like(mailMessages.subject, `%Repair #${request.number} —%`),
          ),
        )
        .orderBy(mailMessages.createdAt);
    expect(await mailsFor('charge-receipt')).toEqual([]);
    const [first] = await mailsFor('charge-undone');
    expect(first?.subject).toBe(`Correction: “${description}” is shown as owed again`);
    expect(first?.text).toContain(
      `had recorded “${description}” as paid: 2,200 BDT by cash, received 23 November 2026. It has undone that record before its receipt was sent, so the charge is shown as owed again.`,
    );
    expect(first?.text).toContain('The office’s reason: Typed into the wrong row');
    expect(first?.text).toContain(`/dashboard/charges/${id}`);

    // Recorded paid again, its receipt sent, then undone: the correction says the receipt no
    // longer holds.
    expect((await pay('bkash', '2026-11-23')).statusCode).toBe(200);
    await runScheduledJob(t.app, sendNotificationsJob);
    expect(await mailsFor('charge-receipt')).toHaveLength(1);
    expect(
      (await act(admin, 'POST', undoPath, { reason: 'Paid for another flat' })).statusCode,
    ).toBe(200);
    await runScheduledJob(t.app, sendNotificationsJob);
    const corrections = await mailsFor('charge-undone');
    expect(corrections).toHaveLength(2);
    expect(corrections[1]?.text).toContain(
      'It has undone that record, so the charge is shown as owed again, and the receipt it sent you no longer holds.',
    );
    expect(await owed()).toBe(owedBefore);
  });

  it('keeps a charge paid by an account since deleted as it is', async () => {
    const gone = await newMember(t, 'C-302', 'Leaving Tenant');
    const request = await file(gone, { title: 'Door handle' });
    const costed = await moved(admin, 'POST', `/api/admin/maintenance/${request._id}/costs`, {
      key: randomUUID(),
      kind: 'parts',
      description: 'Handle',
      amount: 700,
      chargeTenant: true,
    });
    const id = costed.costs[0]?.chargeId ?? '';
    const paid = await act(admin, 'POST', `/api/admin/charges/${id}/payment`, {
      method: 'cash',
      receivedOn: '2026-11-23',
    });
    expect(paid.statusCode).toBe(200);
    await removeMember(t, gone);
    await t.database.db
      .update(users)
      .set({ deletedAt: new Date(NOW), displayName: 'Deleted account' })
      .where(eq(users.id, gone.id));
    const undo = await act(admin, 'POST', `/api/admin/charges/${id}/payment/undo`, {
      reason: 'Typed into the wrong row',
    });
    expect(undo.statusCode).toBe(409);
    expect(errorMessage(undo)).toBe(
      'This account was deleted: its payments stay in the books as they are.',
    );
    const [row] = await t.database.db.select().from(charges).where(eq(charges.id, id));
    expect(row?.method).toBe('cash');
    expect(await noticesOf(gone.id, 'charge-undone')).toBe(0);
  });

  it('charges nobody whose account was deleted, and mails them nothing', async () => {
    const gone = await newMember(t, 'A-301', 'Gone Tenant');
    const request = await file(gone, { title: 'Shower head' });
    await removeMember(t, gone);
    await t.database.db
      .update(users)
      .set({ deletedAt: new Date(NOW), displayName: 'Deleted account' })
      .where(eq(users.id, gone.id));
    const charged = await act(admin, 'POST', `/api/admin/maintenance/${request._id}/costs`, {
      key: randomUUID(),
      kind: 'parts',
      description: 'Shower head',
      amount: 900,
      chargeTenant: true,
    });
    expect(charged.statusCode).toBe(409);
    expect(errorMessage(charged)).toBe(
      'This request has no tenant to charge (their account was deleted).',
    );
    const told = await noticesOf(gone.id, 'maintenance-comment');
    await moved(admin, 'POST', `/api/maintenance/requests/${request._id}/comments`, {
      body: 'Fixed anyway.',
    });
    expect(await noticesOf(gone.id, 'maintenance-comment')).toBe(told);
  });

  it('marks the request updated for a charge and its cancelling, not for the building’s own cost', async () => {
    const request = await file(tenant, { title: 'Loose stair rail', category: 'other' });
    const costs = `/api/admin/maintenance/${request._id}/costs`;
    const at = (time: string) => {
      clock.set(time);
      return new Date(time).toISOString();
    };
    at('2026-11-23T10:30:00+06:00');
    const later = await file(tenant, { title: 'Loose cupboard hinge', category: 'other' });
    at('2026-11-23T11:00:00+06:00');
    const own = await moved(admin, 'POST', costs, {
      key: randomUUID(),
      kind: 'labour',
      description: 'Carpenter, one hour',
      amount: 600,
    });
    expect(own.updatedAt).toBe(request.updatedAt);
    const chargedAt = at('2026-11-23T12:00:00+06:00');
    const charged = await moved(admin, 'POST', costs, {
      key: randomUUID(),
      kind: 'parts',
      description: 'Wall bracket',
      amount: 400,
      chargeTenant: true,
    });
    expect(charged.updatedAt).toBe(chargedAt);
    const [charge] = await t.database.db
      .select({ id: charges.id })
      .from(charges)
      .where(eq(charges.requestId, request._id));
    const cancelledAt = at('2026-11-23T13:00:00+06:00');
    const cancelled = await act(admin, 'POST', `/api/admin/charges/${charge?.id}/cancel`, {
      reason: 'The bracket was under warranty',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const seen = await read(tenant, request._id);
    expect(seen.updatedAt).toBe(cancelledAt);
    // Before the request filed after it, in the admin's inbox sorted by "Recently updated".
    const inbox = await admin.inject({
      method: 'GET',
      url: '/api/admin/maintenance?status=all&sort=updated&q=Loose',
    });
    expect(inbox.statusCode, inbox.body).toBe(200);
    expect(inbox.json().result.map((row: { _id: string }) => row._id)).toEqual([
      request._id,
      later._id,
    ]);
  });

  it('adds a cost sent again under its key once: one cost, one charge, the same answer', async () => {
    let request = await file(tenant, { title: 'Dripping tap' });
    request = await status(request, 'acknowledged');
    const cost = {
      kind: 'parts',
      description: 'Tap washer',
      amount: 350,
      chargeTenant: true,
      key: randomUUID(),
    };
    const path = `/api/admin/maintenance/${request._id}/costs`;
    const first = await moved(admin, 'POST', path, cost);
    const again = await act(admin, 'POST', path, cost);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first);
    expect(first.costs).toMatchObject([{ amount: 350, chargedToTenant: true }]);
    const [charged] = await t.database.db
      .select({ n: count() })
      .from(charges)
      .where(eq(charges.requestId, request._id));
    expect(charged?.n).toBe(1);

    // Another cost with the same details is another key: it is added.
    const second = await moved(admin, 'POST', path, { ...cost, key: randomUUID() });
    expect(second.costs).toHaveLength(2);
  });

  it('refuses a key sent again with other details, and a cost without a key; nothing added', async () => {
    const request = await file(tenant, { title: 'Sticky lock' });
    const path = `/api/admin/maintenance/${request._id}/costs`;
    const cost = { kind: 'labour', description: 'Locksmith', amount: 600, key: randomUUID() };
    await moved(admin, 'POST', path, cost);
    for (const other of [
      { ...cost, amount: 700 },
      { ...cost, description: 'Locksmith, second visit' },
      { ...cost, kind: 'parts' },
      { ...cost, chargeTenant: true },
    ]) {
      const response = await act(admin, 'POST', path, other);
      expect(response.statusCode, JSON.stringify(other)).toBe(409);
      expect(errorMessage(response)).toBe(
        'A cost with other details was already added under this key. Send a new key for a new cost.',
      );
    }
    // The same key sent for another request (the form re-sent on another page) names that cost.
    const otherRequest = await file(tenant, { title: 'Sticky window' });
    const elsewhere = await act(
      admin,
      'POST',
      `/api/admin/maintenance/${otherRequest._id}/costs`,
      cost,
    );
    expect(elsewhere.statusCode).toBe(409);
    expect((await read(admin, otherRequest._id)).costs).toHaveLength(0);
    const { key: _key, ...keyless } = cost;
    for (const [body, sent] of [
      [keyless, 'no key'],
      [{ ...keyless, key: 'first-cost' }, 'a word'],
      [{ ...keyless, key: 7 }, 'a number'],
    ] as const) {
      const response = await act(admin, 'POST', path, body);
      expect(response.statusCode, sent).toBe(400);
      expect(errorMessage(response), sent).toContain('key must be a UUID naming this cost');
    }
    expect((await read(admin, request._id)).costs).toHaveLength(1);
    const [charged] = await t.database.db
      .select({ n: count() })
      .from(charges)
      .where(eq(charges.requestId, request._id));
    expect(charged?.n).toBe(0);
  });

  it('refuses a cost with no amount or a fraction of a taka', async () => {
    const request = await file(tenant, { title: 'Loose tile' });
    for (const amount of [0, 12.5, -3, 10_000_001]) {
      const response = await act(admin, 'POST', `/api/admin/maintenance/${request._id}/costs`, {
        key: randomUUID(),
        kind: 'parts',
        description: 'Tile',
        amount,
      });
      expect(response.statusCode, String(amount)).toBe(400);
    }
    expect((await read(admin, request._id)).costs).toEqual([]);
  });
});

describe('email', () => {
  /** The mail `email` got of `kind` about request `number`. */
  const mailTo = async (email: string, kind: string, number: number) => {
    await runScheduledJob(t.app, sendNotificationsJob);
    return t.database.db
      .select()
      .from(mailMessages)
      .where(
        and(
          eq(mailMessages.toAddress, email),
          eq(mailMessages.kind, kind),
          like(mailMessages.subject, `%#${number}%`),
        ),
      )
      .orderBy(desc(mailMessages.createdAt));
  };

  it('tells the admins of an emergency, and the tenant of each step, unless they opted out', async () => {
    const request = await file(tenant, { title: 'Gas smell on landing', urgency: 'emergency' });
    const [toAdmin] = await mailTo(admin.user.email, 'maintenance-new', request.number);
    expect(toAdmin?.subject).toBe(
      `EMERGENCY: Maintenance request #${request.number} from C-204: Gas smell on landing`,
    );
    expect(toAdmin?.text).toContain(`/dashboard/maintenance/${request._id}`);

    const acknowledged = await status(request, 'acknowledged', { note: 'On our way.' });
    const [toTenant] = await mailTo(tenant.email, 'maintenance-status', request.number);
    expect(toTenant?.subject).toBe(`Request #${request.number} is now acknowledged`);
    expect(toTenant?.text).toContain('On our way.');
    expect(toTenant?.unsubscribeUrl).toContain('topic=repairUpdates');

    const off = await tenant.inject({
      method: 'PUT',
      url: '/api/account/notifications',
      payload: { ...DEFAULT_MAIL_PREFERENCES, repairVisits: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const visits = (await mailTo(tenant.email, 'maintenance-visit', request.number)).length;
    const visitNotices = await noticesOf(tenant.id, 'maintenance-visit');
    await moved(admin, 'PUT', `/api/admin/maintenance/${request._id}/visit`, {
      version: acknowledged.version,
      date: '2026-11-23',
      from: '14:00',
      to: '15:00',
    });
    // The visit was noticed, and its mail skipped: the tenant turned visit mail off.
    expect(await noticesOf(tenant.id, 'maintenance-visit')).toBe(visitNotices + 1);
    expect(await mailTo(tenant.email, 'maintenance-visit', request.number)).toHaveLength(visits);
  });

  it('tells the tenant of a cost charged to them, once, and of no cost the building bears', async () => {
    const request = await file(tenant, { title: 'Broken mixer tap' });
    const path = `/api/admin/maintenance/${request._id}/costs`;
    await moved(admin, 'POST', path, {
      key: randomUUID(),
      kind: 'labour',
      description: 'Plumber, one hour',
      amount: 800,
    });
    expect(await mailTo(tenant.email, 'maintenance-charge', request.number)).toHaveLength(0);

    const charged = {
      key: randomUUID(),
      kind: 'parts',
      description: 'New mixer valve',
      amount: 1250,
      chargeTenant: true,
    };
    const answer = await moved(admin, 'POST', path, charged);
    // Sent again under its key (a retry): added once, told once.
    expect((await act(admin, 'POST', path, charged)).statusCode).toBe(200);
    const mails = await mailTo(tenant.email, 'maintenance-charge', request.number);
    expect(mails).toHaveLength(1);
    const [charge] = await t.database.db
      .select({ id: charges.id })
      .from(charges)
      .where(eq(charges.requestId, request._id));
    expect(answer.costs.filter((cost) => cost.chargedToTenant)).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Request #${request.number}: 1,250 BDT charged to you`);
    expect(mails[0]?.text).toContain(
      `a cost of your maintenance request #${request.number}, “Broken mixer tap”, is charged to you: Parts: New mixer valve, 1,250 BDT.`,
    );
    expect(mails[0]?.text).toContain(`/dashboard/charges/${charge?.id}`);
    expect(mails[0]?.unsubscribeUrl).toContain('topic=repairUpdates');
  });
});

describe('the admin’s inbox, contacts and figures', () => {
  it('filters, searches, sorts and pages in the database', async () => {
    const emergency = await file(neighbour, {
      title: 'Water pouring from ceiling',
      urgency: 'emergency',
      category: 'plumbing',
    });
    const page = async (query: string) => {
      const response = await admin.inject({
        method: 'GET',
        url: `/api/admin/maintenance?${query}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return MaintenancePageSchema.parse(response.json());
    };
    const byUrgency = await page('sort=urgency&limit=100');
    expect(byUrgency.result[0]?.urgency).toBe('emergency');
    expect(byUrgency.result.every((row) => !['closed', 'cancelled'].includes(row.status))).toBe(
      true,
    );
    // With every status shown, open work comes first, however urgent the work done was.
    const isOpen = (row: { status: string }) =>
      (OPEN_MAINTENANCE_STATUSES as readonly string[]).includes(row.status);
    const everyStatus = (await page('status=all&sort=urgency&limit=100')).result;
    const firstDone = everyStatus.findIndex((row) => !isOpen(row));
    expect(firstDone).toBeGreaterThan(0);
    expect(everyStatus.slice(firstDone).some(isOpen)).toBe(false);
    expect(everyStatus[0]?.urgency).toBe('emergency');
    expect(everyStatus.slice(firstDone).some((row) => row.urgency !== 'routine')).toBe(true);
    expect((await page('apartmentNo=a-101&status=all')).result.map((row) => row._id)).toContain(
      emergency._id,
    );
    // As people type it: no hyphen, or a space; a number it only contains is another apartment.
    for (const typed of ['a101', 'A%20101']) {
      expect(
        (await page(`apartmentNo=${typed}&status=all`)).result.map((row) => row._id),
      ).toContain(emergency._id);
    }
    expect((await page('apartmentNo=a10&status=all')).total).toBe(0);
    expect((await page(`q=%23${emergency.number}`)).result.map((row) => row._id)).toEqual([
      emergency._id,
    ]);
    expect((await page('q=ceiling')).total).toBe(1);
    expect((await page('category=pests&urgency=emergency')).total).toBe(0);
    const paged = await page('status=all&limit=2&page=2&sort=newest');
    expect(paged).toMatchObject({ page: 2, limit: 2 });
    expect(paged.result).toHaveLength(2);
    clock.set('2026-11-30T10:00:00+06:00');
    expect((await page('olderThan=3&apartmentNo=A-101')).total).toBe(1);
    clock.set('2026-11-24T10:00:00+06:00');
    expect((await page('olderThan=3&apartmentNo=A-101')).total).toBe(0);
    for (const bad of [
      'status=lost',
      'sort=random',
      'limit=1000',
      'olderThan=-1',
      'page=0',
      'q=%00',
      'apartmentNo=%00',
    ]) {
      expect(
        (await admin.inject({ method: 'GET', url: `/api/admin/maintenance?${bad}` })).statusCode,
      ).toBe(400);
    }
    expect((await tenant.inject({ method: 'GET', url: '/api/admin/maintenance' })).statusCode).toBe(
      403,
    );
  });

  it('keeps a contact with open requests until they are reassigned', async () => {
    const contact = await newContact('Selim Electric', 'Electrician');
    const renamed = await admin.inject({
      method: 'PUT',
      url: `/api/admin/maintenance-contacts/${contact._id}`,
      payload: { name: 'Selim Electrics', trade: 'Electrician', phone: '01711 222333' },
    });
    expect(MaintenanceContactSchema.parse(renamed.json()).name).toBe('Selim Electrics');
    let request = await file(tenant, { title: 'Socket sparks', category: 'electrical' });
    request = await moved(admin, 'PUT', `/api/admin/maintenance/${request._id}/assignee`, {
      version: request.version,
      contactId: contact._id,
    });
    const listed = MaintenanceContactsSchema.parse(
      (await admin.inject({ method: 'GET', url: '/api/admin/maintenance-contacts' })).json(),
    );
    expect(listed.find((one) => one._id === contact._id)?.openRequests).toBe(1);
    const url = `/api/admin/maintenance-contacts/${contact._id}`;
    const refused = await admin.inject({ method: 'DELETE', url });
    expect(refused.statusCode).toBe(409);
    expect(errorMessage(refused)).toBe(
      'This contact is assigned to open requests; reassign them first.',
    );
    await moved(admin, 'PUT', `/api/admin/maintenance/${request._id}/assignee`, {
      version: request.version,
      contactId: null,
    });
    expect((await admin.inject({ method: 'DELETE', url })).statusCode).toBe(200);
    const bad = await admin.inject({
      method: 'POST',
      url: '/api/admin/maintenance-contacts',
      payload: { name: '', trade: 'Plumber', phone: 'call me' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues.map((issue: { path: string }) => issue.path)).toEqual([
      'name',
      'phone',
    ]);
  });

  it('lists a name once for a trade, whatever the case; a removed contact frees it', async () => {
    const url = '/api/admin/maintenance-contacts';
    const listed = async () =>
      MaintenanceContactsSchema.parse((await admin.inject({ method: 'GET', url })).json());
    const glazier = await newContact('Rubel Glass', 'Glazier');
    const before = await listed();
    const again = await admin.inject({
      method: 'POST',
      url,
      payload: { name: 'rubel glass', trade: 'GLAZIER', phone: '+880 1711 000 999' },
    });
    expect(again.statusCode).toBe(409);
    expect(ErrorResponseSchema.parse(again.json()).error.issues).toEqual([
      { path: 'name', message: 'A contact with this name and trade is already listed.' },
    ]);
    expect(await listed()).toEqual(before);

    // The same name in another trade is another contact; renamed into the listed one, refused.
    const painter = await newContact('Rubel Glass', 'Painter');
    const renamed = await admin.inject({
      method: 'PUT',
      url: `${url}/${painter._id}`,
      payload: { name: 'Rubel Glass', trade: 'Glazier', phone: painter.phone },
    });
    expect(renamed.statusCode).toBe(409);
    expect(errorMessage(renamed)).toBe('A contact with this name and trade is already listed.');
    expect((await listed()).find((one) => one._id === painter._id)?.trade).toBe('Painter');
    // Saving a contact unchanged is no clash with itself.
    const same = await admin.inject({
      method: 'PUT',
      url: `${url}/${glazier._id}`,
      payload: { name: 'Rubel Glass', trade: 'Glazier', phone: '+880 1711 000 112' },
    });
    expect(same.statusCode).toBe(200);

    expect(
      (await admin.inject({ method: 'DELETE', url: `${url}/${glazier._id}` })).statusCode,
    ).toBe(200);
    const back = await newContact('Rubel Glass', 'Glazier');
    expect(back._id).not.toBe(glazier._id);
  });

  it('counts what is open and how fast the building answers, on a building of its own', async () => {
    const fresh = new FakeClock(NOW);
    const f = await buildTestApp({ demo: true, clock: fresh });
    try {
      // Without the demo's own requests: these figures are of the three below alone.
      await f.database.db.delete(maintenanceRequests);
      const boss = await loginAs(f.app, 'admin');
      const renter = await newMember(f, 'B-102', 'Figures Tenant');
      const fileAt = async (title: string, urgency: 'emergency' | 'urgent' | 'routine') => {
        const response = await renter.inject({
          method: 'POST',
          url: '/api/maintenance/requests',
          payload: { ...leak, title, urgency },
        });
        return MaintenanceRequestSchema.parse(response.json());
      };
      const move = async (request: MaintenanceRequest, to: string, at: string) => {
        fresh.set(at);
        const response = await boss.inject({
          method: 'POST',
          url: `/api/admin/maintenance/${request._id}/status`,
          payload: { version: request.version, status: to },
        });
        expect(response.statusCode, response.body).toBe(200);
        return MaintenanceRequestSchema.parse(response.json());
      };
      const first = await fileAt('Tap', 'urgent');
      const second = await fileAt('Hinge', 'routine');
      await fileAt('Gas smell', 'emergency');
      const answered = await move(first, 'acknowledged', '2026-11-23T12:00:00+06:00');
      await move(second, 'acknowledged', '2026-11-23T14:00:00+06:00');
      await move(answered, 'resolved', '2026-11-24T12:00:00+06:00');
      fresh.set('2026-11-25T10:00:00+06:00');
      const figures = MaintenanceFiguresSchema.parse(
        (await boss.inject({ method: 'GET', url: '/api/admin/maintenance-figures' })).json(),
      );
      expect(figures).toMatchObject({
        // The resolved one waits on its tenant, not on the building.
        open: { emergency: 1, urgent: 0, routine: 1 },
        medianHoursToFirstResponse: 3,
        medianHoursToResolution: 26,
      });
      expect(figures.byMonth).toHaveLength(12);
      expect(figures.byMonth[0]?.month).toBe('2025-12');
      expect(figures.byMonth.at(-1)).toEqual({ month: '2026-11', counts: { plumbing: 3 } });
      // Requests filed more than 90 days ago leave the medians.
      fresh.set('2027-03-01T10:00:00+06:00');
      const later = MaintenanceFiguresSchema.parse(
        (await boss.inject({ method: 'GET', url: '/api/admin/maintenance-figures' })).json(),
      );
      expect(later.medianHoursToFirstResponse).toBeNull();
      const member = await f.app.inject({
        method: 'GET',
        url: '/api/admin/maintenance-figures',
        headers: { cookie: (await loginAs(f.app, 'member')).cookie },
      });
      expect(member.statusCode).toBe(403);
    } finally {
      await f.close();
    }
  });
});
