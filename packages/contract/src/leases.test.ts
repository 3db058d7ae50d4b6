import { describe, expect, it } from 'vitest';
import { PendingAgreementListResponseSchema, type Agreement } from './leases';

const request: Agreement = {
  _id: 'a1',
  tenant_id: 'u1',
  tenant: 'Sumon Das',
  tenantEmail: 'sumon@example.com',
  tenantRole: 'user',
  type: 'user',
  tenantImage: null,
  status: 'pending',
  agreementSigningDate: '2026-12-01T08:00:00.000Z',
  agreementCheckedDate: null,
  agreementEndDate: null,
  apartmentDetails: {
    _id: 'p1',
    apartmentNo: 'A-202',
    floorNo: 2,
    blockName: 'A',
    rent: 30000,
    details: '2 bedrooms',
    apartmentImage: '/images/a-202.webp',
  },
  terms: null,
  endsOn: null,
  rentChanges: [],
};

describe('pending requests', () => {
  it('carry what the applicant owes, or null', () => {
    const owes = { apartmentNo: 'A-603', months: 2, charges: 1, amount: 93_500 };
    expect(
      PendingAgreementListResponseSchema.parse([
        { ...request, applicantOwes: owes },
        { ...request, _id: 'a2', applicantOwes: null },
      ]).map((item) => item.applicantOwes),
    ).toEqual([owes, null]);
  });

  it('from a server that counts no repair charges (the release before) read as none', () => {
    const [item] = PendingAgreementListResponseSchema.parse([
      { ...request, applicantOwes: { apartmentNo: 'A-603', months: 2, amount: 91_000 } },
    ]);
    expect(item?.applicantOwes).toEqual({
      apartmentNo: 'A-603',
      months: 2,
      charges: 0,
      amount: 91_000,
    });
  });

  it('from a server of the release before (no applicantOwes, a rolling deploy) still read', () => {
    const [item] = PendingAgreementListResponseSchema.parse([request]);
    expect(item?.applicantOwes ?? null).toBeNull();
    // How many others wait is unknown then, not none (Accept asks before it may decline any).
    expect(item?.otherRequests).toBeUndefined();
  });

  it('refuse a balance that is not whole minor units', () => {
    expect(() =>
      PendingAgreementListResponseSchema.parse([
        { ...request, applicantOwes: { apartmentNo: 'A-603', months: 2, amount: 910.5 } },
      ]),
    ).toThrow();
  });
});
