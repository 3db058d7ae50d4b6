import {
  APARTMENT_MESSAGES,
  AdminStatsSchema,
  ApartmentListResponseSchema,
  AuditPageSchema,
  ErrorResponseSchema,
  ImageUploadResponseSchema,
  ImportPreviewSchema,
  ManagedApartmentPageSchema,
  ManagedApartmentResponseSchema,
  type CreateApartmentRequest,
  type ManagedApartment,
} from '@structomate/contract';
import { parse } from 'csv-parse/sync';
import { count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, type Session, type TestApp } from '../../../test/build';
import { multipart, testImage } from '../../../test/images';
import { newPerson } from '../../../test/people';
import { agreements, apartmentPhotos, apartments } from '../../db/schema';
import { demoApartments, demoFormerTenant, demoMemberApartmentNo } from '../../db/demo-data';

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await buildTestApp({ demo: true });
  admin = await loginAs(t.app, 'admin');
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.execute(sql`delete from rate_limits`);
});

async function adminPage(query = '') {
  const response = await admin.inject({ method: 'GET', url: `/api/admin/apartments${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return ManagedApartmentPageSchema.parse(response.json());
}

async function byNumber(apartmentNo: string): Promise<ManagedApartment> {
  const page = await adminPage(
    `?status=${'current'}&q=${encodeURIComponent(apartmentNo)}&limit=100`,
  );
  const found =
    page.result.find((a) => a.apartmentNo === apartmentNo) ??
    (await adminPage(`?status=archived&q=${encodeURIComponent(apartmentNo)}`)).result.find(
      (a) => a.apartmentNo === apartmentNo,
    );
  if (!found) throw new Error(`no apartment ${apartmentNo}`);
  return found;
}

async function uploadPhoto(width = 1600, height = 1200) {
  const { payload, headers } = multipart('image', await testImage('jpeg', { width, height }));
  const response = await admin.inject({
    method: 'POST',
    url: '/api/images?purpose=apartment',
    payload,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return ImageUploadResponseSchema.parse(response.json()).data;
}

const newApartment = (overrides: Partial<CreateApartmentRequest> = {}): CreateApartmentRequest => ({
  apartmentNo: 'D-101',
  blockName: 'D',
  floorNo: 1,
  rent: 30000,
  details: 'Corner flat with two balconies.',
  ...overrides,
});

async function create(body: unknown) {
  return admin.inject({ method: 'POST', url: '/api/admin/apartments', payload: body as object });
}

async function apartmentCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(apartments);
  return row?.n ?? 0;
}

/** Apartments not archived (optionally narrowed), counted straight from the table. */
async function currentCount(where = sql`true`): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(apartments)
    .where(sql`${apartments.status} <> 'archived' and ${where}`);
  return row?.n ?? 0;
}

async function publicListing() {
  const response = await t.app.inject({ method: 'GET', url: '/api/apartments?limit=60' });
  return ApartmentListResponseSchema.parse(response.json());
}

async function auditActions(action: string) {
  const response = await admin.inject({ method: 'GET', url: `/api/audit?action=${action}` });
  return AuditPageSchema.parse(response.json()).result;
}

describe('GET /api/admin/apartments', () => {
  it('pages every current apartment by number, with its tenant, requests and history', async () => {
    const current = await currentCount();
    const first = await adminPage('?limit=10');
    expect(first).toMatchObject({
      total: current,
      page: 1,
      pageCount: Math.ceil(current / 10),
      limit: 10,
    });
    const numbers = first.result.map((a) => a.apartmentNo);
    expect(numbers).toEqual([...numbers].sort((a, b) => a.localeCompare(b)));
    expect(first.blocks).toEqual(expect.arrayContaining(['A', 'B', 'C']));
    const lived = await byNumber(demoMemberApartmentNo);
    expect(lived.tenant).toMatchObject({ name: 'Tanvir Hossain', email: 'member@structo.com' });
    expect(lived.hasHistory).toBe(true);
    expect(lived.photos).toHaveLength(1);
    const former = await byNumber(demoFormerTenant.apartmentNo);
    expect(former).toMatchObject({ tenant: null, hasHistory: true, status: 'listed' });
    const fresh = await byNumber('A-101');
    expect(fresh).toMatchObject({ tenant: null, hasHistory: false, pendingRequests: 0 });
  });

  it('filters by text, block, floor and occupancy, and sorts by rent, in the database', async () => {
    expect((await adminPage('?q=b-402')).result.map((a) => a.apartmentNo)).toEqual(['B-402']);
    // As people type it: without the hyphen, or with a space.
    expect((await adminPage('?q=b402')).result.map((a) => a.apartmentNo)).toEqual(['B-402']);
    expect((await adminPage('?q=B%20402')).result.map((a) => a.apartmentNo)).toEqual(['B-402']);
    const blockB = await adminPage('?block=B&limit=100');
    expect(blockB.result.every((a) => a.blockName === 'B')).toBe(true);
    expect(blockB.total).toBe(await currentCount(sql`block_name = 'B'`));
    const floor3 = await adminPage('?floor=3&limit=100');
    expect(floor3.result.every((a) => a.floorNo === 3)).toBe(true);
    expect(floor3.total).toBe(await currentCount(sql`floor_no = 3`));
    const occupied = await adminPage('?occupancy=occupied');
    expect(occupied.result.map((a) => a.apartmentNo)).toEqual([demoMemberApartmentNo]);
    expect((await adminPage('?occupancy=vacant')).total).toBe((await currentCount()) - 1);
    const dearest = await adminPage('?sort=rent-desc&limit=3');
    const rents = dearest.result.map((a) => a.rent);
    expect(rents).toEqual([...rents].sort((a, b) => b - a));
    expect(rents[0]).toBe(Math.max(...demoApartments.map((a) => a.rent)));
  });

  it.each([
    ['?status=gone', 'status'],
    ['?floor=0', 'floor'],
    ['?limit=101', 'limit'],
    ['?sort=price', 'sort'],
    ['?extra=1', ''],
  ])('refuses %s with a 400', async (query, path) => {
    const response = await admin.inject({ method: 'GET', url: `/api/admin/apartments${query}` });
    expect(response.statusCode).toBe(400);
    const body = ErrorResponseSchema.parse(response.json());
    if (path) expect(body.error.issues?.[0]?.path).toBe(path);
  });
});

describe('POST /api/admin/apartments', () => {
  it('adds an apartment with photos in order; the listing shows the first', async () => {
    const photos = [await uploadPhoto(1600, 1200), await uploadPhoto(900, 1200)];
    // Apartment photos are kept at up to 1,280 px (avatars at 512).
    expect(photos[0]).toMatchObject({ width: 1280, height: 960 });
    const response = await create(
      newApartment({ apartmentNo: 'D-201', photos: photos.map((p) => p.url) }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const created = ManagedApartmentResponseSchema.parse(response.json()).result;
    expect(created).toMatchObject({
      apartmentNo: 'D-201',
      status: 'listed',
      version: 1,
      tenant: null,
      hasHistory: false,
    });
    expect(created.photos.map((p) => p.url)).toEqual(photos.map((p) => p.url));
    const listed = (await publicListing()).result.find((a) => a.apartmentNo === 'D-201');
    expect(listed?.apartmentImage).toBe(photos[0]?.url);
    expect(listed?.available).toBe(true);
    const [entry] = await auditActions('apartment.create');
    expect(entry).toMatchObject({
      subjectId: created._id,
      summary: 'Added apartment D-201 (listed)',
    });
    expect(entry?.actor?.email).toBe('admin@structo.com');
  });

  it('keeps an unlisted apartment off the listing; one without photos shows the drawing', async () => {
    const response = await create(newApartment({ apartmentNo: 'D-202', status: 'unlisted' }));
    expect(response.statusCode).toBe(201);
    const { result } = ManagedApartmentResponseSchema.parse(response.json());
    expect((await publicListing()).result.some((a) => a.apartmentNo === 'D-202')).toBe(false);
    const one = await t.app.inject({ method: 'GET', url: `/api/apartments/${result._id}` });
    expect(one.statusCode).toBe(404);

    await create(newApartment({ apartmentNo: 'D-203' }));
    const drawn = (await publicListing()).result.find((a) => a.apartmentNo === 'D-203');
    expect(drawn?.apartmentImage).toBe('/apartment-placeholder.svg');
  });

  it('refuses a number another apartment has, in any case, at the field; nothing is added', async () => {
    const before = await apartmentCount();
    const response = await create(newApartment({ apartmentNo: 'b-402' }));
    expect(response.statusCode).toBe(409);
    expect(ErrorResponseSchema.parse(response.json()).error.issues).toEqual([
      { path: 'apartmentNo', message: APARTMENT_MESSAGES.duplicateNo },
    ]);
    // Written in full-width letters and digits, it is the same number to the eye.
    const fullWidth = await create(newApartment({ apartmentNo: 'Ｂ-４０２' }));
    expect(fullWidth.statusCode).toBe(409);
    expect(await apartmentCount()).toBe(before);
  });

  it.each([
    [{ apartmentNo: '' }, 'apartmentNo', 'Apartment number is required'],
    [
      { apartmentNo: '<b>1' },
      'apartmentNo',
      'Apartment number: letters, digits, spaces, "-", "/" and "." only',
    ],
    [{ blockName: ' ' }, 'blockName', 'Block is required'],
    [{ floorNo: 0 }, 'floorNo', 'Floor must be at least 1'],
    [{ floorNo: 'three' }, 'floorNo', 'Floor must be a whole number'],
    [{ rent: 0 }, 'rent', 'Rent must be at least 1'],
    [{ rent: 1200.5 }, 'rent', 'Rent must be a whole number'],
    [{ rent: 20_000_000 }, 'rent', 'Rent must be at most 10,000,000'],
    [{ details: 'x'.repeat(2001) }, 'details', 'Details: at most 2000 characters.'],
    [
      { photos: ['https://evil.example/x.jpg'] },
      'photos.0',
      'must be an image uploaded to this site',
    ],
    [{ photos: Array(9).fill(`/api/images/${'a'.repeat(64)}.webp`) }, 'photos', 'At most 8 photos'],
    [{ status: 'archived' }, 'status', 'Status must be listed or unlisted'],
    [{ owner: 'me' }, '', 'Unrecognized key: "owner"'],
  ])('refuses %j with a 400 at the field; nothing is added', async (overrides, path, message) => {
    const before = await apartmentCount();
    const response = await create({ ...newApartment({ apartmentNo: 'D-999' }), ...overrides });
    expect(response.statusCode).toBe(400);
    const issues = ErrorResponseSchema.parse(response.json()).error.issues ?? [];
    expect(
      issues.some((issue) => issue.path === path && issue.message.includes(message)),
      JSON.stringify(issues),
    ).toBe(true);
    expect(await apartmentCount()).toBe(before);
  });

  it('refuses a photo address that names no stored image', async () => {
    const before = await apartmentCount();
    const response = await create(
      newApartment({ apartmentNo: 'D-998', photos: [`/api/images/${'b'.repeat(64)}.webp`] }),
    );
    expect(response.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(response.json()).error.message).toBe(
      APARTMENT_MESSAGES.unknownPhoto,
    );
    expect(await apartmentCount()).toBe(before);
  });
});

describe('PUT /api/admin/apartments/:id', () => {
  it('saves over the version it was filled from; a new rent leaves signed leases alone', async () => {
    const lived = await byNumber(demoMemberApartmentNo);
    const photo = await uploadPhoto();
    const response = await admin.inject({
      method: 'PUT',
      url: `/api/admin/apartments/${lived._id}`,
      payload: {
        apartmentNo: lived.apartmentNo,
        blockName: lived.blockName,
        floorNo: lived.floorNo,
        rent: lived.rent + 5000,
        details: 'Freshly painted.',
        photos: [photo.url, ...lived.photos.map((p) => p.url)],
        version: lived.version,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = ManagedApartmentResponseSchema.parse(response.json()).result;
    expect(saved).toMatchObject({ rent: lived.rent + 5000, version: lived.version + 1 });
    expect(saved.photos.map((p) => p.url)).toEqual([photo.url, ...lived.photos.map((p) => p.url)]);
    const [lease] = await t.database.db
      .select({ rent: agreements.rent })
      .from(agreements)
      .where(eq(agreements.status, 'accepted'));
    expect(lease?.rent).toBe(lived.rent);
    const [entry] = await auditActions('apartment.update');
    // The demo flat's 48,000 BDT, written as every page writes amounts.
    expect(lived.rent).toBe(48000);
    expect(entry?.summary).toBe('Changed apartment B-402; rent for new leases 48,000 → 53,000 BDT');
    expect(entry?.before).toMatchObject({ rent: lived.rent });
    expect(entry?.after).toMatchObject({ rent: lived.rent + 5000, details: 'Freshly painted.' });
  });

  it('tells the second of two admins that the apartment changed meanwhile; nothing is overwritten', async () => {
    const target = await byNumber('B-102');
    const body = {
      apartmentNo: target.apartmentNo,
      blockName: target.blockName,
      floorNo: target.floorNo,
      rent: target.rent,
      details: target.details,
      photos: target.photos.map((p) => p.url),
    };
    const first = await admin.inject({
      method: 'PUT',
      url: `/api/admin/apartments/${target._id}`,
      payload: { ...body, details: 'First admin', version: target.version },
    });
    expect(first.statusCode).toBe(200);
    const second = await admin.inject({
      method: 'PUT',
      url: `/api/admin/apartments/${target._id}`,
      payload: { ...body, details: 'Second admin', version: target.version },
    });
    expect(second.statusCode).toBe(409);
    expect(ErrorResponseSchema.parse(second.json()).error.message).toBe(
      APARTMENT_MESSAGES.changedMeanwhile,
    );
    expect((await byNumber('B-102')).details).toBe('First admin');
  });

  it('answers 404 for an unknown apartment and 400 without a version', async () => {
    const missing = await admin.inject({
      method: 'PUT',
      url: '/api/admin/apartments/6c1f5d9e-3b7a-4c2e-9f10-2a4b6c8d0e1f',
      payload: { ...newApartment(), photos: [], version: 1 },
    });
    expect(missing.statusCode).toBe(404);
    const target = await byNumber('B-203');
    const unversioned = await admin.inject({
      method: 'PUT',
      url: `/api/admin/apartments/${target._id}`,
      payload: { ...newApartment({ apartmentNo: 'B-203' }), photos: [] },
    });
    expect(unversioned.statusCode).toBe(400);
    expect((await byNumber('B-203')).version).toBe(target.version);
  });
});

async function setStatus(apartment: ManagedApartment, status: string) {
  return admin.inject({
    method: 'POST',
    url: `/api/admin/apartments/${apartment._id}/status`,
    payload: { status, version: apartment.version },
  });
}

describe('POST /api/admin/apartments/:id/status', () => {
  it('unlists: off the listing, and a visitor can no longer request it', async () => {
    const figures = async () =>
      AdminStatsSchema.parse(
        (await admin.inject({ method: 'POST', url: '/api/admin', payload: {} })).json(),
      );
    const before = await figures();
    const target = await byNumber('A-701');
    const response = await setStatus(target, 'unlisted');
    expect(response.statusCode).toBe(200);
    // Vacant and not offered, it is neither a room to let nor an available one.
    const unlisted = await figures();
    expect(unlisted.totalRooms).toBe(before.totalRooms - 1);
    expect(unlisted.availableRooms).toBe(before.availableRooms - 1);
    expect(unlisted.occupiedRooms).toBe(before.occupiedRooms);
    expect((await publicListing()).result.some((a) => a.apartmentNo === 'A-701')).toBe(false);
    const visitor = await newPerson(t.app, t.database, 'user', 'Late Visitor');
    const sign = await visitor.inject({
      method: 'POST',
      url: '/api/create/agreements',
      payload: { newAgreement: { apartmentDetails: { _id: target._id } } },
    });
    expect(sign.statusCode).toBe(409);
    expect(ErrorResponseSchema.parse(sign.json()).error.message).toBe(
      APARTMENT_MESSAGES.notOffered,
    );
    const relisted = await setStatus(await byNumber('A-701'), 'listed');
    expect(relisted.statusCode).toBe(200);
    expect((await publicListing()).result.some((a) => a.apartmentNo === 'A-701')).toBe(true);
    // Relisted, the rooms are as they were (the visitor above is a new user).
    const relistedFigures = await figures();
    expect({ ...relistedFigures, users: before.users }).toEqual(before);
    const entries = await auditActions('apartment.status');
    expect(entries.slice(0, 2).map((e) => e.summary)).toEqual([
      'Listed apartment A-701',
      'Unlisted apartment A-701',
    ]);
  });

  it('archives only an apartment nobody lives in and nobody waits for', async () => {
    const lived = await byNumber(demoMemberApartmentNo);
    const refused = await setStatus(lived, 'archived');
    expect(refused.statusCode).toBe(409);
    expect(ErrorResponseSchema.parse(refused.json()).error.message).toBe(
      APARTMENT_MESSAGES.hasLease('B-402'),
    );

    const wanted = await byNumber('A-404');
    const applicant = await newPerson(t.app, t.database, 'user', 'Waiting Applicant');
    const signed = await applicant.inject({
      method: 'POST',
      url: '/api/create/agreements',
      payload: { newAgreement: { apartmentDetails: { _id: wanted._id } } },
    });
    expect(signed.statusCode, signed.body).toBe(201);
    const waiting = await setStatus(await byNumber('A-404'), 'archived');
    expect(waiting.statusCode).toBe(409);
    expect(ErrorResponseSchema.parse(waiting.json()).error.message).toBe(
      APARTMENT_MESSAGES.hasRequest('A-404'),
    );
    expect((await byNumber('A-404')).status).toBe('listed');

    const statsBefore = AdminStatsSchema.parse(
      (await admin.inject({ method: 'POST', url: '/api/admin', payload: {} })).json(),
    );
    const archived = await setStatus(await byNumber('C-204'), 'archived');
    expect(archived.statusCode).toBe(200);
    expect((await adminPage('?q=C-204')).total).toBe(0);
    expect((await adminPage('?status=archived')).result.map((a) => a.apartmentNo)).toContain(
      'C-204',
    );
    const statsAfter = AdminStatsSchema.parse(
      (await admin.inject({ method: 'POST', url: '/api/admin', payload: {} })).json(),
    );
    expect(statsAfter.totalRooms).toBe(statsBefore.totalRooms - 1);
  });

  it('refuses a stale version and an unknown status', async () => {
    const target = await byNumber('A-301');
    const stale = await admin.inject({
      method: 'POST',
      url: `/api/admin/apartments/${target._id}/status`,
      payload: { status: 'unlisted', version: target.version + 1 },
    });
    expect(stale.statusCode).toBe(409);
    const unknown = await setStatus(target, 'demolished');
    expect(unknown.statusCode).toBe(400);
    expect((await byNumber('A-301')).status).toBe('listed');
  });
});

describe('DELETE /api/admin/apartments/:id', () => {
  it('deletes an apartment with no history, photos and all', async () => {
    const photo = await uploadPhoto();
    const created = ManagedApartmentResponseSchema.parse(
      (await create(newApartment({ apartmentNo: 'E-1', photos: [photo.url] }))).json(),
    ).result;
    const response = await admin.inject({
      method: 'DELETE',
      url: `/api/admin/apartments/${created._id}?version=${created.version}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [left] = await t.database.db
      .select({ n: count() })
      .from(apartmentPhotos)
      .where(eq(apartmentPhotos.apartmentId, created._id));
    expect(left?.n).toBe(0);
    expect((await auditActions('apartment.delete'))[0]?.summary).toBe('Deleted apartment E-1');
  });

  it('keeps an apartment with lease history: archive it instead', async () => {
    const former = await byNumber(demoFormerTenant.apartmentNo);
    const response = await admin.inject({
      method: 'DELETE',
      url: `/api/admin/apartments/${former._id}?version=${former.version}`,
    });
    expect(response.statusCode).toBe(409);
    expect(ErrorResponseSchema.parse(response.json()).error.message).toBe(
      APARTMENT_MESSAGES.hasHistory('A-603'),
    );
    expect((await byNumber('A-603')).status).toBe('listed');
  });

  it('refuses a stale version or none', async () => {
    const target = await byNumber('C-302');
    const stale = await admin.inject({
      method: 'DELETE',
      url: `/api/admin/apartments/${target._id}?version=${target.version + 3}`,
    });
    expect(stale.statusCode).toBe(409);
    const none = await admin.inject({
      method: 'DELETE',
      url: `/api/admin/apartments/${target._id}`,
    });
    expect(none.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(none.json()).error.issues).toEqual([
      { path: 'version', message: 'version is required' },
    ]);
    const word = await admin.inject({
      method: 'DELETE',
      url: `/api/admin/apartments/${target._id}?version=latest`,
    });
    expect(word.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(word.json()).error.issues).toEqual([
      { path: 'version', message: 'version must be a whole number' },
    ]);
    expect((await byNumber('C-302'))._id).toBe(target._id);
  });
});

const csv = (text: string) => ({
  method: 'POST' as const,
  url: '/api/admin/apartments/import/preview',
  payload: Buffer.from(text),
  headers: { 'content-type': 'text/csv' },
});

describe('CSV import', () => {
  it('previews every row with its errors and saves nothing', async () => {
    const before = await apartmentCount();
    const response = await admin.inject(
      csv(
        [
          'Apartment No,Block,Floor,Rent,Details,Status',
          'F-101,F,1,21000,"Two rooms, one bath",',
          'F-102,F,one,21000,Bright,',
          'b-402,B,4,30000,Taken number,',
          'F-101,F,1,21000,Same number again,',
          'F-103,F,1,0,,hidden',
          'F-104,F,2,23000,Quiet,unlisted',
        ].join('\r\n'),
      ),
    );
    expect(response.statusCode, response.body).toBe(200);
    const preview = ImportPreviewSchema.parse(response.json());
    expect(preview).toMatchObject({ valid: 2, invalid: 4 });
    const byLine = new Map(preview.rows.map((row) => [row.line, row]));
    expect(byLine.get(2)?.apartment).toMatchObject({
      apartmentNo: 'F-101',
      rent: 21000,
      status: 'listed',
    });
    expect(byLine.get(3)?.errors).toEqual([
      { field: 'floorNo', message: 'Floor must be a whole number' },
    ]);
    expect(byLine.get(4)?.errors).toEqual([
      { field: 'apartmentNo', message: 'Apartment b-402 already exists' },
    ]);
    expect(byLine.get(5)?.errors).toEqual([
      { field: 'apartmentNo', message: 'Apartment F-101 is already on line 2' },
    ]);
    expect(byLine.get(6)?.errors.map((e) => e.field)).toEqual(['rent', 'details', 'status']);
    expect(byLine.get(7)?.apartment).toMatchObject({ apartmentNo: 'F-104', status: 'unlisted' });
    expect(await apartmentCount()).toBe(before);
  });

  it("names each row by the line it starts on, whatever its cells hold and the file's line ends", async () => {
    const header = 'Apartment No,Block,Floor,Rent,Details';
    const linesOf = async (text: string) => {
      const response = await admin.inject(csv(text));
      expect(response.statusCode, response.body).toBe(200);
      return ImportPreviewSchema.parse(response.json()).rows.map((row) => [
        row.line,
        row.cells.apartmentNo,
      ]);
    };
    // Details typed over two lines in a spreadsheet: LF inside the cell, CRLF between rows.
    expect(
      await linesOf(
        `${header}\r\nG-101,G,1,20000,"Two rooms\nand a bath"\r\n\r\nG-102,G,1,20000,Bright\r\n`,
      ),
    ).toEqual([
      [2, 'G-101'],
      [5, 'G-102'],
    ]);
    // CRLF inside the cell too (csv-parse counts it twice), and a row after it.
    expect(
      await linesOf(
        `${header}\r\nG-101,G,1,20000,"Two rooms\r\nand a bath"\r\nG-102,G,1,20000,Bright\r\nG-103,G,1,20000,Quiet`,
      ),
    ).toEqual([
      [2, 'G-101'],
      [4, 'G-102'],
      [5, 'G-103'],
    ]);
    // A byte order mark, text beyond ASCII, LF only, an empty line and a cell over three lines.
    expect(
      await linesOf(
        `\ufeff${header}\n\nG-101,G,1,20000,"দুই কক্ষ\nএক স্নানঘর\nবারান্দা"\nG-102,G,1,20000,Bright\n`,
      ),
    ).toEqual([
      [3, 'G-101'],
      [6, 'G-102'],
    ]);
  });

  it('imports the confirmed rows together, once', async () => {
    const rows = [
      {
        apartmentNo: 'G-101',
        blockName: 'G',
        floorNo: 1,
        rent: 19000,
        details: 'Garden side',
        status: 'listed',
      },
      {
        apartmentNo: 'G-102',
        blockName: 'G',
        floorNo: 1,
        rent: 19500,
        details: 'Street side',
        status: 'unlisted',
      },
    ];
    const response = await admin.inject({
      method: 'POST',
      url: '/api/admin/apartments/import',
      payload: { rows },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ imported: 2 });
    expect((await byNumber('G-102')).status).toBe('unlisted');
    expect((await auditActions('apartment.import'))[0]?.summary).toBe(
      'Imported 2 apartments from a CSV file: G-101, G-102',
    );
    const before = await apartmentCount();
    const again = await admin.inject({
      method: 'POST',
      url: '/api/admin/apartments/import',
      payload: { rows: [{ ...rows[0], apartmentNo: 'G-103' }, rows[1]] },
    });
    expect(again.statusCode).toBe(409);
    expect(ErrorResponseSchema.parse(again.json()).error.message).toBe(
      'Apartment G-102 was added meanwhile. Preview the file again; nothing was imported.',
    );
    expect(await apartmentCount()).toBe(before);
  });

  it('refuses a file without the columns, an empty one, a picture, a huge one and JSON', async () => {
    const noColumns = await admin.inject(csv('number,rent\nA,1\n'));
    expect(noColumns.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(noColumns.json()).error.message).toBe(
      'The first line must name the columns apartmentNo, blockName, floorNo, rent, details; missing: blockName, floorNo, details.',
    );
    const twice = await admin.inject(
      csv('apartmentNo,apartmentNo,blockName,floorNo,rent,details\nX-3,X-4,A,1,100,x\n'),
    );
    expect(twice.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(twice.json()).error.message).toBe(
      'The first line names apartmentNo more than once; keep one column for each.',
    );
    const headerOnly = await admin.inject(csv('apartmentNo,blockName,floorNo,rent,details\n'));
    expect(ErrorResponseSchema.parse(headerOnly.json()).error.message).toBe(
      'The file has no apartments.',
    );
    const picture = await admin.inject({
      ...csv(''),
      payload: await testImage('png', { width: 20, height: 20 }),
    });
    expect(picture.statusCode).toBe(415);
    const huge = await admin.inject(
      csv(`apartmentNo,blockName,floorNo,rent,details\n${'x'.repeat(5 * 1024 * 1024)}`),
    );
    expect(huge.statusCode).toBe(413);
    expect(ErrorResponseSchema.parse(huge.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
    const json = await admin.inject({
      method: 'POST',
      url: '/api/admin/apartments/import/preview',
      payload: { rows: [] },
    });
    expect(json.statusCode).toBe(415);
    const unclosed = await admin.inject(
      csv('apartmentNo,blockName,floorNo,rent,details\n"A-1,A,1,2,x\n'),
    );
    expect(unclosed.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(unclosed.json()).error.message).toMatch(
      /^The file could not be read as CSV/,
    );
  });

  it('refuses an import with bad rows or none, nothing saved', async () => {
    const before = await apartmentCount();
    for (const rows of [
      [],
      [{ apartmentNo: 'H-1', blockName: 'H', floorNo: 1, rent: -5, details: 'x' }],
    ]) {
      const response = await admin.inject({
        method: 'POST',
        url: '/api/admin/apartments/import',
        payload: { rows },
      });
      expect(response.statusCode).toBe(400);
    }
    expect(await apartmentCount()).toBe(before);
  });
});

describe('CSV export', () => {
  it('writes the import columns first, then occupancy and tenant, and defuses formulas', async () => {
    await create(newApartment({ apartmentNo: 'J-1', blockName: 'J', details: '=HYPERLINK("x")' }));
    const response = await admin.inject({
      method: 'GET',
      url: '/api/admin/apartments/export.csv?status=current',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="apartments-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows: Record<string, string>[] = parse(response.body, { bom: true, columns: true });
    expect(Object.keys(rows[0] ?? {})).toEqual([
      'apartmentNo',
      'blockName',
      'floorNo',
      'rent',
      'details',
      'status',
      'occupancy',
      'tenant',
      'tenantEmail',
      'pendingRequests',
      'photos',
    ]);
    expect(rows.find((r) => r.apartmentNo === 'B-402')).toMatchObject({
      occupancy: 'occupied',
      tenant: 'Tanvir Hossain',
    });
    expect(rows.find((r) => r.apartmentNo === 'J-1')?.details).toBe(`'=HYPERLINK("x")`);
    const blockJ = await admin.inject({
      method: 'GET',
      url: '/api/admin/apartments/export.csv?block=J',
    });
    expect(parse(blockJ.body, { bom: true, columns: true })).toHaveLength(1);
  });
});

describe('apartment photos upload', () => {
  it('takes apartment photos from the admin only', async () => {
    const { payload, headers } = multipart('image', await testImage('jpeg'));
    for (const role of ['member', 'user'] as const) {
      const person = await loginAs(t.app, role);
      const response = await person.inject({
        method: 'POST',
        url: '/api/images?purpose=apartment',
        payload,
        headers,
      });
      expect(response.statusCode).toBe(403);
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/images?purpose=apartment',
      payload,
      headers,
    });
    expect(anonymous.statusCode).toBe(403);
  });

  it('keeps an avatar at 512 px', async () => {
    const { payload, headers } = multipart(
      'image',
      await testImage('jpeg', { width: 1600, height: 1200 }),
    );
    const response = await admin.inject({ method: 'POST', url: '/api/images', payload, headers });
    const { data } = ImageUploadResponseSchema.parse(response.json());
    expect(data).toMatchObject({ width: 512, height: 384 });
    const image = await t.app.inject({ method: 'GET', url: data.url });
    expect((await sharp(image.rawPayload).metadata()).width).toBe(512);
  });
});
