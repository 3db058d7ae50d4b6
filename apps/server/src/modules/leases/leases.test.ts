import { AgreementLookupResponseSchema } from '@structomate/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, type TestApp } from '../../../test/build';
import { demoMemberApartmentNo } from '../../db/demo-data';
import { agreements, apartments } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ demo: true });
});
afterAll(() => t.close());

describe('POST /api/member/agreements', () => {
  it("returns the member's accepted lease with the apartment and dates", async () => {
    const member = await loginAs(t.app, 'member');
    const response = await member.inject({
      method: 'POST',
      url: '/api/member/agreements',
      payload: { token: member.token, tenantEmail: member.user.email, tenant_id: member.user._id },
    });
    expect(response.statusCode).toBe(200);
    const { result } = AgreementLookupResponseSchema.parse(response.json());
    expect(result).toMatchObject({
      tenant_id: member.user._id,
      tenantEmail: member.user.email,
      status: 'accepted',
      agreementSigningDate: '2025-01-10T09:30:00.000Z',
      agreementCheckedDate: '2025-01-12T11:00:00.000Z',
      apartmentDetails: { apartmentNo: demoMemberApartmentNo, blockName: 'B', floorNo: 4 },
    });
  });

  it("refuses to answer about someone else's email or id", async () => {
    const member = await loginAs(t.app, 'member');
    for (const payload of [
      { tenantEmail: 'user@structo.com' },
      { tenant_id: crypto.randomUUID() },
    ]) {
      const response = await member.inject({
        method: 'POST',
        url: '/api/member/agreements',
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(403);
    }
  });

  it('is for members only', async () => {
    const user = await loginAs(t.app, 'user');
    expect((await user.inject({ method: 'POST', url: '/api/member/agreements' })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ method: 'POST', url: '/api/member/agreements' })).statusCode).toBe(
      401,
    );
  });
});

describe('POST /api/users/agreements/', () => {
  it("returns the caller's latest request, or null", async () => {
    const user = await loginAs(t.app, 'user');
    const none = await user.inject({ method: 'POST', url: '/api/users/agreements/' });
    expect(AgreementLookupResponseSchema.parse(none.json()).result).toBeNull();

    const [flat] = await t.database.db
      .select({ id: apartments.id, rent: apartments.rent })
      .from(apartments)
      .where(eq(apartments.apartmentNo, 'A-101'));
    await t.database.db.insert(agreements).values({
      tenantId: user.user._id,
      apartmentId: flat?.id ?? '',
      rent: flat?.rent ?? 1,
    });
    const pending = await user.inject({
      method: 'POST',
      url: '/api/users/agreements/',
      payload: { tenantEmail: user.user.email },
    });
    expect(AgreementLookupResponseSchema.parse(pending.json()).result).toMatchObject({
      status: 'pending',
      agreementCheckedDate: null,
      apartmentDetails: { apartmentNo: 'A-101' },
    });
    const other = await user.inject({
      method: 'POST',
      url: '/api/users/agreements/',
      payload: { tenantEmail: 'member@structo.com' },
    });
    expect(other.statusCode).toBe(403);
  });
});
