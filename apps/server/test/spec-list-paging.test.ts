import {
  AgreementListResponseSchema,
  CouponListResponseSchema,
  MemberListResponseSchema,
} from '@structomate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, type Session, type TestApp } from './build';
import { addCoupon, newApplicant, newMember } from './payments';

/**
 * The spec's list calls (members, pending requests, coupons) answer its arrays a page at a time,
 * with headers saying where the page sits: nothing is cut off silently any more.
 */
let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await buildTestApp({ demo: true });
  admin = await loginAs(t.app, 'admin');
});
afterAll(() => t.close());

const list = (url: string, payload?: object) =>
  admin.inject({ method: 'POST', url, ...(payload ? { payload } : {}) });
const pageHeaders = (response: { headers: Record<string, unknown> }) => ({
  total: Number(response.headers['x-total-count']),
  page: Number(response.headers['x-page']),
  pageCount: Number(response.headers['x-page-count']),
  limit: Number(response.headers['x-page-size']),
});

describe('paging the spec lists', () => {
  it('members: by name, a page at a time, with the total in the headers', async () => {
    await newMember(t, 'A-101', 'Alpha Member');
    await newMember(t, 'A-202', 'Beta Member');
    const whole = await list('/api/manageMembers');
    expect(pageHeaders(whole)).toEqual({ total: 3, page: 1, pageCount: 1, limit: 50 });
    const first = await list('/api/manageMembers', { page: 1, limit: 2 });
    const second = await list('/api/manageMembers', { page: 2, limit: 2 });
    expect(pageHeaders(first)).toEqual({ total: 3, page: 1, pageCount: 2, limit: 2 });
    expect(MemberListResponseSchema.parse(first.json()).map((m) => m.displayName)).toEqual([
      'Alpha Member',
      'Beta Member',
    ]);
    expect(MemberListResponseSchema.parse(second.json()).map((m) => m.displayName)).toEqual([
      'Tanvir Hossain',
    ]);
    const past = await list('/api/manageMembers', { page: 3, limit: 2 });
    expect(past.json()).toEqual([]);
    expect(pageHeaders(past).total).toBe(3);
  });

  it('pending requests: oldest first, no longer capped at 200 without a word', async () => {
    for (const apartmentNo of ['C-101', 'C-204', 'C-302']) await newApplicant(t, apartmentNo);
    const first = await list('/api/pending/agreements', { limit: 2 });
    expect(pageHeaders(first)).toEqual({ total: 3, page: 1, pageCount: 2, limit: 2 });
    const second = await list('/api/pending/agreements', { page: 2, limit: 2 });
    expect(
      AgreementListResponseSchema.parse(second.json()).map((a) => a.apartmentDetails.apartmentNo),
    ).toEqual(['C-302']);
  });

  it('coupons: newest first; older ones are reachable on later pages', async () => {
    for (let i = 0; i < 3; i += 1) await addCoupon(t, `PAGE${i}`, 10, '2099-01-01');
    const first = await list('/api/get/coupons', { limit: 3 });
    expect(pageHeaders(first)).toEqual({ total: 4, page: 1, pageCount: 2, limit: 3 });
    const second = await list('/api/get/coupons', { page: 2, limit: 3 });
    expect(CouponListResponseSchema.parse(second.json()).map((c) => c.code)).toEqual(['STRUCTO25']);
  });

  it('refuses a bad page or size with 400', async () => {
    for (const url of ['/api/manageMembers', '/api/pending/agreements', '/api/get/coupons']) {
      for (const payload of [
        { page: 0 },
        { limit: 0 },
        { limit: 101 },
        { page: '2' },
        { page: 1.5 },
      ]) {
        const response = await list(url, payload);
        expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      }
    }
  });
});
