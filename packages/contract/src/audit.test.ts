import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AuditPageSchema, auditActionLabel } from './audit';

const entry = (action: string) => ({
  _id: 'a1',
  at: '2026-12-01T08:00:00.000Z',
  action,
  actor: { id: 'u1', email: 'admin@structo.com', name: 'Nadia Rahman' },
  ip: '127.0.0.1',
  subjectType: 'charge',
  subjectId: 'c1',
  summary: 'Cancelled “Water bill, November 2026”',
  before: null,
  after: null,
});

describe('the audit log', () => {
  it('names every action this release writes', () => {
    for (const action of AUDIT_ACTIONS) expect(auditActionLabel(action)).not.toBe(action);
    expect(auditActionLabel('charge.cancelled')).toBe('Charge cancelled');
    // Only its own labels: not what every object has.
    expect(auditActionLabel('toString')).toBe('toString');
  });

  it('still lists an action a later release added, named by its code', () => {
    const read = AuditPageSchema.parse({
      result: [entry('charge.cancelled'), entry('later.release.action')],
      total: 2,
      page: 1,
      limit: 25,
      pageCount: 1,
    });
    expect(read.result.map((row) => auditActionLabel(row.action))).toEqual([
      'Charge cancelled',
      'later.release.action',
    ]);
  });
});
