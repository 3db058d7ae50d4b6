import { describe, expect, it } from 'vitest';
import { ChargeSchema } from './charges';
import { MaintenanceCostSchema } from './maintenance';
import { TenantAccountSchema } from './offline-payments';

const charge = {
  _id: 'c1',
  description: 'Repair #12 — Parts: Basin',
  amount: 1_250,
  createdAt: '2026-12-01T12:00:00.000Z',
  apartmentNo: 'B-402',
  requestId: 'r1',
  paid: null,
};

describe('charges from a server of the release before (a rolling deploy)', () => {
  it('read as not cancelled when it does not say', () => {
    expect(ChargeSchema.parse(charge).cancelled).toBeNull();
    const cancelled = { at: '2026-12-02T12:00:00.000Z', reason: 'Typed wrong' };
    expect(ChargeSchema.parse({ ...charge, cancelled }).cancelled).toEqual(cancelled);
  });

  it('a cost charged to the tenant reads as not cancelled when it does not say', () => {
    const cost = {
      _id: 'k1',
      kind: 'parts',
      description: 'Basin',
      amount: 1_250,
      chargedToTenant: true,
      chargeId: 'c1',
      chargePaid: false,
      at: '2026-12-01T12:00:00.000Z',
    };
    expect(MaintenanceCostSchema.parse(cost).chargeCancelled).toBe(false);
    expect(MaintenanceCostSchema.parse({ ...cost, chargeCancelled: true }).chargeCancelled).toBe(
      true,
    );
  });
});

describe('a rent account from a server of the release before', () => {
  it('reads its person as not deleted when it does not say', () => {
    const person = { _id: 'p1', displayName: 'Rina Tenant', email: 'rina@example.com' };
    const PersonSchema = TenantAccountSchema.shape.person;
    expect(PersonSchema.parse({ ...person, role: 'member' }).deleted).toBe(false);
    expect(PersonSchema.parse({ ...person, role: 'user', deleted: true }).deleted).toBe(true);
  });
});
