import {
  CouponListResponseSchema,
  DeleteCouponResponseSchema,
  ErrorResponseSchema,
  FeatureCouponResponseSchema,
  FeaturedCouponResponseSchema,
  InsertedResponseSchema,
} from '@structomate/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, type Session, type TestApp } from '../../../test/build';
import { agreements, coupons, payments, users } from '../../db/schema';
import { usableCoupon } from './coupons.service';

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await buildTestApp({ demo: true });
  admin = await loginAs(t.app, 'admin');
});
afterAll(() => t.close());

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
let serial = 0;
const uniqueCode = () =>
  `T${Date.now().toString(36).slice(-5)}${(serial++).toString(36)}`.slice(0, 10);

const newCoupon = (overrides: object = {}) => ({
  heading: 'Winter Deal',
  percentage: 15,
  description: '15% OFF on first month rent',
  code: uniqueCode(),
  validity: day(30),
  createDate: 'November 22, 2026',
  ...overrides,
});

const create = (session: Pick<Session, 'inject'>, coupon: object, extra: object = {}) =>
  session.inject({
    method: 'POST',
    url: '/api/create/coupons',
    payload: { newCoupon: coupon, ...extra },
  });

async function createOk(overrides: object = {}) {
  const coupon = newCoupon(overrides);
  const response = await create(admin, coupon);
  expect(response.statusCode, response.body).toBe(201);
  // The code as kept: in capitals, however it was typed.
  return {
    id: InsertedResponseSchema.parse(response.json()).insertedId,
    code: coupon.code.toUpperCase(),
  };
}

const list = async () => {
  const response = await admin.inject({ method: 'POST', url: '/api/get/coupons' });
  expect(response.statusCode).toBe(200);
  return CouponListResponseSchema.parse(response.json());
};

const remove = (id: string) =>
  admin.inject({ method: 'POST', url: '/api/delete/coupons', payload: { id } });
const feature = (id: string) =>
  admin.inject({ method: 'POST', url: '/api/feature/coupons', payload: { id } });
const featured = async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/coupons/featured' });
  expect(response.statusCode).toBe(200);
  return FeaturedCouponResponseSchema.parse(response.json()).result;
};

const countCoupons = async () =>
  (await t.database.db.select({ n: count() }).from(coupons))[0]?.n ?? 0;
const message = (response: { json(): unknown }) =>
  ErrorResponseSchema.parse(response.json()).error.message;

async function couponRow(id: string) {
  const [row] = await t.database.db.select().from(coupons).where(eq(coupons.id, id));
  return row;
}

/**
 * A payment of the demo member that used the coupon, written as the payments code would, for a
 * month far ahead (the demo seed has paid every past month).
 */
async function payWith(couponId: string, month: string) {
  const [lease] = await t.database.db
    .select({ id: agreements.id, tenantId: agreements.tenantId, rent: agreements.rent })
    .from(agreements)
    .innerJoin(users, eq(users.id, agreements.tenantId))
    .where(and(eq(users.email, 'member@structo.com'), eq(agreements.status, 'accepted')));
  if (!lease) throw new Error('the demo member has no lease');
  await t.database.db.insert(payments).values({
    transactionId: `pi_${crypto.randomUUID()}`,
    userId: lease.tenantId,
    agreementId: lease.id,
    billingMonth: month,
    rent: lease.rent,
    discount: Math.round(lease.rent * 0.15),
    amountCharged: 100,
    currency: 'usd',
    couponId,
  });
}

describe('POST /api/get/coupons', () => {
  it('lists the coupons newest first with the spec fields, the demo coupon featured', async () => {
    const made = await createOk();
    const coupons = await list();
    expect(coupons[0]).toEqual({
      _id: made.id,
      heading: 'Winter Deal',
      code: made.code,
      percentage: 15,
      description: '15% OFF on first month rent',
      validity: day(30),
      createDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      featured: false,
      uses: 0,
      discountGiven: 0,
    });
    expect(coupons.find((c) => c.code === 'STRUCTO25')).toMatchObject({
      percentage: 25,
      validity: '2025-02-05',
      featured: true,
    });
    const dates = coupons.map((c) => c.createDate);
    expect(dates).toEqual([...dates].sort().reverse());
  });
});

describe('POST /api/create/coupons', () => {
  it('stores the coupon with the server time, ignoring the client createDate, its code in capitals', async () => {
    const { id } = await createOk({ heading: '  Spring  ', code: 'spring-1' });
    const row = await couponRow(id);
    expect(row).toMatchObject({
      heading: 'Spring',
      code: 'SPRING-1',
      featured: false,
      archivedAt: null,
    });
    expect(Math.abs((row?.createdAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
  });

  it('refuses a code that exists in any case with a 409 that says so', async () => {
    const { code } = await createOk();
    const before = await countCoupons();
    const again = await create(admin, newCoupon({ code: code.toLowerCase() }));
    expect(again.statusCode).toBe(409);
    expect(message(again)).toBe(
      `A coupon with the code ${code} already exists. Choose another code.`,
    );
    const demo = await create(admin, newCoupon({ code: 'structo25' }));
    expect(demo.statusCode).toBe(409);
    expect(await countCoupons()).toBe(before);
  });

  it('answers bad input with a 400 naming the field, and writes nothing', async () => {
    const before = await countCoupons();
    const cases: [object, string][] = [
      [{ heading: '' }, 'newCoupon.heading'],
      [{ heading: 'h'.repeat(51) }, 'newCoupon.heading'],
      [{ description: ' ' }, 'newCoupon.description'],
      [{ description: 'd'.repeat(31) }, 'newCoupon.description'],
      // One line with something to see: headings go into lists and the home page's banner.
      [{ heading: 'Winter\nBcc: x@example.com' }, 'newCoupon.heading'],
      [{ heading: 'Winter\u0007' }, 'newCoupon.heading'],
      [{ heading: '\u200b\u202e' }, 'newCoupon.heading'],
      [{ description: '15% off\r\nnow' }, 'newCoupon.description'],
      [{ percentage: 0 }, 'newCoupon.percentage'],
      [{ percentage: 100 }, 'newCoupon.percentage'],
      [{ percentage: 12.5 }, 'newCoupon.percentage'],
      [{ percentage: '25' }, 'newCoupon.percentage'],
      [{ percentage: undefined }, 'newCoupon.percentage'],
      [{ code: '' }, 'newCoupon.code'],
      [{ code: 'ELEVENCHARS' }, 'newCoupon.code'],
      [{ code: 'NO SPACES' }, 'newCoupon.code'],
      [{ validity: 'February 30, 2027' }, 'newCoupon.validity'],
      [{ validity: '5 February 2027' }, 'newCoupon.validity'],
      [{ validity: undefined }, 'newCoupon.validity'],
      [{ validity: day(-3) }, 'newCoupon.validity'],
      [{ featured: true }, 'newCoupon'],
    ];
    for (const [overrides, field] of cases) {
      const response = await create(admin, newCoupon(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      const { error } = ErrorResponseSchema.parse(response.json());
      expect(error.issues?.[0]?.path, JSON.stringify(overrides)).toBe(field);
      expect(error.message.startsWith(field)).toBe(true);
    }
    expect(await countCoupons()).toBe(before);
  });

  it('accepts 1 and 99 percent, 10-character codes and today as the last day', async () => {
    await createOk({ percentage: 1, validity: day(0) });
    await createOk({ percentage: 99, code: `${uniqueCode()}XXXXXXXXXX`.slice(0, 10) });
  });

  it('takes the validity as the spec formats it ("December 20, 2026") and stores the day', async () => {
    const { id } = await createOk({ validity: 'December 20, 2099' });
    expect((await couponRow(id))?.validUntil).toBe('2099-12-20');
  });
});

describe('what a coupon has given, in Manage Coupons', () => {
  it('counts the payments that used each coupon and the rent it took off them, and no other', async () => {
    const used = await createOk();
    const other = await createOk();
    await payWith(used.id, '2031-05-01');
    const [payment] = await t.database.db
      .select({ discount: payments.discount })
      .from(payments)
      .where(eq(payments.couponId, used.id));
    expect(payment?.discount).toBeGreaterThan(0);
    const listed = await list();
    expect(listed.find((c) => c._id === used.id)).toMatchObject({
      uses: 1,
      discountGiven: payment?.discount,
    });
    expect(listed.find((c) => c._id === other.id)).toMatchObject({ uses: 0, discountGiven: 0 });
    // A payment undone by the office is no longer in the books: nor in the count.
    await t.database.db.delete(payments).where(eq(payments.couponId, used.id));
    expect((await list()).find((c) => c._id === used.id)).toMatchObject({
      uses: 0,
      discountGiven: 0,
    });
  });
});

describe('POST /api/delete/coupons', () => {
  it('deletes a coupon no payment used', async () => {
    const { id } = await createOk();
    const response = await remove(id);
    expect(response.statusCode).toBe(200);
    expect(DeleteCouponResponseSchema.parse(response.json())).toEqual({
      ok: true,
      removal: 'deleted',
    });
    expect(await couponRow(id)).toBeUndefined();
    expect((await list()).map((c) => c._id)).not.toContain(id);
    expect((await remove(id)).statusCode).toBe(404);
  });

  it('archives a coupon a payment used: kept for the payment, gone from the list, no longer offered', async () => {
    const { id, code } = await createOk();
    await payWith(id, '2031-03-01');
    expect((await usableCoupon(t.database.db, code, day(0))).id).toBe(id);
    const response = await remove(id);
    expect(response.statusCode).toBe(200);
    expect(DeleteCouponResponseSchema.parse(response.json()).removal).toBe('archived');
    expect((await couponRow(id))?.archivedAt).toBeInstanceOf(Date);
    expect((await list()).map((c) => c._id)).not.toContain(id);
    await expect(usableCoupon(t.database.db, code, day(0))).rejects.toThrow(
      `Coupon ${code.toUpperCase()} does not exist.`,
    );
    // Removing it again finds nothing to remove; its code stays taken.
    expect((await remove(id)).statusCode).toBe(404);
    const reuse = await create(admin, newCoupon({ code }));
    expect(reuse.statusCode).toBe(409);
    expect(message(reuse)).toMatch(/belonged to a removed coupon/);
    const [paid] = await t.database.db
      .select({ couponId: payments.couponId })
      .from(payments)
      .where(eq(payments.couponId, id));
    expect(paid?.couponId).toBe(id);
  });

  it('answers a malformed id with 400 and an unknown one with 404', async () => {
    const malformed = await remove('not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(malformed.json()).error.issues?.[0]?.path).toBe('id');
    expect((await remove(crypto.randomUUID())).statusCode).toBe(404);
  });
});

describe('featuring a coupon on the home page', () => {
  it('switches the one featured coupon, falls back when it goes, and refuses expired ones', async () => {
    // The demo coupon is featured but expired: the banner falls back to the launch offer.
    expect(await featured()).toBeNull();
    const demo = (await list()).find((c) => c.code === 'STRUCTO25');
    const expired = await feature(demo?._id ?? '');
    expect(expired.statusCode).toBe(409);
    expect(message(expired)).toMatch(/expired on 2025-02-05/);

    const first = await createOk({ heading: 'First', percentage: 10, validity: day(10) });
    const response = await feature(first.id);
    expect(response.statusCode).toBe(200);
    expect(FeatureCouponResponseSchema.parse(response.json()).result).toMatchObject({
      _id: first.id,
      featured: true,
    });
    expect(await featured()).toEqual({
      heading: 'First',
      description: '15% OFF on first month rent',
      code: first.code,
      percentage: 10,
      validity: day(10),
    });

    const second = await createOk({ heading: 'Second' });
    expect((await feature(second.id)).statusCode).toBe(200);
    expect((await feature(second.id)).statusCode).toBe(200);
    expect((await featured())?.code).toBe(second.code);
    const flagged = (await list()).filter((c) => c.featured).map((c) => c._id);
    expect(flagged).toEqual([second.id]);

    expect((await remove(second.id)).statusCode).toBe(200);
    expect(await featured()).toBeNull();
    expect((await feature(second.id)).statusCode).toBe(404);
  });

  it('an archived coupon stops being featured', async () => {
    const { id } = await createOk();
    expect((await feature(id)).statusCode).toBe(200);
    await payWith(id, '2031-04-01');
    expect((await remove(id)).statusCode).toBe(200);
    expect(await featured()).toBeNull();
    expect((await couponRow(id))?.featured).toBe(false);
  });

  it('two admins featuring at once leave exactly one featured coupon', async () => {
    const made = await Promise.all([createOk(), createOk(), createOk(), createOk()]);
    const responses = await Promise.all(made.map((c) => feature(c.id)));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const [row] = await t.database.db
      .select({ n: count() })
      .from(coupons)
      .where(eq(coupons.featured, true));
    expect(row?.n).toBe(1);
  });

  it('serves the featured coupon publicly with an ETag for revalidation', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/coupons/featured' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/coupons/featured',
      headers: { 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('admin only', () => {
  it('refuses visitors (401) and users and members (403) on every coupon action, changing nothing', async () => {
    const { id } = await createOk();
    const before = await countCoupons();
    const user = await loginAs(t.app, 'user');
    const member = await loginAs(t.app, 'member');
    const calls = [
      { url: '/api/get/coupons', payload: {} },
      { url: '/api/create/coupons', payload: { newCoupon: newCoupon() } },
      { url: '/api/delete/coupons', payload: { id } },
      { url: '/api/feature/coupons', payload: { id } },
    ];
    for (const call of calls) {
      const visitor = await t.app.inject({ method: 'POST', ...call });
      expect(visitor.statusCode, call.url).toBe(401);
      for (const session of [user, member]) {
        const response = await session.inject({ method: 'POST', ...call });
        expect(response.statusCode, call.url).toBe(403);
      }
    }
    expect(await countCoupons()).toBe(before);
    expect(await couponRow(id)).toMatchObject({ featured: false, archivedAt: null });
  });
});

describe('usableCoupon (the one coupon rule, for the payments code)', () => {
  it('finds an active coupon by its code in any case, and says why any other code is refused', async () => {
    const active = await createOk({ code: 'UseMe1', validity: day(0) });
    expect((await usableCoupon(t.database.db, ' useme1 ', day(0))).id).toBe(active.id);
    expect((await usableCoupon(t.database.db, 'USEME1', day(0))).percentage).toBe(15);
    // Its validity day is the last day it works: the day after, it has expired.
    await expect(usableCoupon(t.database.db, 'useme1', day(1))).rejects.toThrow(
      /^Coupon USEME1 expired on \w+ \d+, \d{4}\.$/,
    );
    await expect(usableCoupon(t.database.db, 'STRUCTO25', day(0))).rejects.toThrow(
      'Coupon STRUCTO25 expired on February 5, 2025.',
    );
    // …but on the day it was still valid, it works (the caller's calendar decides, not the server's).
    expect((await usableCoupon(t.database.db, 'structo25', '2025-02-05')).code).toBe('STRUCTO25');
    await expect(usableCoupon(t.database.db, 'nosuch', day(0))).rejects.toThrow(
      'Coupon NOSUCH does not exist.',
    );
    await expect(usableCoupon(t.database.db, '  ', day(0))).rejects.toThrow(
      'Coupon  does not exist.',
    );
  });
});
