import { describe, expect, it } from 'vitest';
import { RequestCeiling } from './request-ceiling';

describe('the ceiling counted at once', () => {
  it('says whether each request is within the ceiling, per address, in the store the plugin reads', () => {
    const ceiling = new RequestCeiling(2);
    expect([1, 2, 3].map(() => ceiling.countNow('203.0.113.7'))).toEqual([true, true, false]);
    expect(ceiling.countNow('198.51.100.4')).toBe(true);
    // The plugin's own count of the same address (its key: the address) goes on from there.
    let seen: number | undefined;
    ceiling.incr('203.0.113.7', (_error, result) => (seen = result?.current), 60_000, 2);
    expect(seen).toBe(4);
  });

  it('counts under the plugin’s key: an IPv6 address by its /64, an IPv4-mapped one as IPv4', () => {
    const ceiling = new RequestCeiling(2);
    expect(ceiling.countNow('2001:db8:1:2::7')).toBe(true);
    expect(ceiling.countNow('2001:DB8:0001:0002:ffff:0:0:9')).toBe(true);
    expect(ceiling.countNow('2001:db8:1:2::1')).toBe(false);
    expect(ceiling.countNow('2001:db8:1:3::7')).toBe(true);
    expect(ceiling.countNow('::ffff:203.0.113.7')).toBe(true);
    expect(ceiling.countNow('203.0.113.7')).toBe(true);
    expect(ceiling.countNow('203.0.113.7')).toBe(false);
  });
});
