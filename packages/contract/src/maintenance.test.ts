import { describe, expect, it } from 'vitest';
import {
  MAINTENANCE_EVENT_KINDS,
  MaintenanceEventSchema,
  clockTime,
  maintenanceEventTitle,
  visitWindow,
} from './maintenance';

describe('a visit’s times, written as the app writes times (hh:mm a)', () => {
  it('writes the form’s 24-hour times on a 12-hour clock', () => {
    expect(clockTime('00:00')).toBe('12:00 AM');
    expect(clockTime('09:05')).toBe('09:05 AM');
    expect(clockTime('11:59')).toBe('11:59 AM');
    expect(clockTime('12:00')).toBe('12:00 PM');
    expect(clockTime('13:30')).toBe('01:30 PM');
    expect(clockTime('23:45')).toBe('11:45 PM');
  });

  it('gives a window from its two ends', () => {
    expect(visitWindow('09:00', '12:00')).toBe('09:00 AM–12:00 PM');
    expect(visitWindow('17:00', '19:00')).toBe('05:00 PM–07:00 PM');
  });
});

describe('a request’s timeline', () => {
  const step = (kind: string) => ({
    _id: 'e1',
    at: '2026-12-01T08:00:00.000Z',
    kind,
    status: null,
    actorName: 'Nadia Rahman',
    text: 'Paid by the tenant at the office',
    internal: false,
  });

  it('titles every kind of step this release writes', () => {
    for (const kind of MAINTENANCE_EVENT_KINDS)
      expect(maintenanceEventTitle(kind)).not.toBe('Update');
    expect(maintenanceEventTitle('charge-cancelled')).toBe('Charge cancelled');
    expect(maintenanceEventTitle('constructor')).toBe('Update');
  });

  it('still reads a step of a kind a later release added, titled plain "Update"', () => {
    const read = MaintenanceEventSchema.array().parse([step('cost'), step('later-release-step')]);
    expect(read.map((event) => maintenanceEventTitle(event.kind))).toEqual([
      'Cost added',
      'Update',
    ]);
    expect(read[1]?.text).toBe('Paid by the tenant at the office');
  });
});
