import { describe, expect, it } from 'vitest';
import { ceilingKey, RequestCeiling } from './request-ceiling';

describe('the address a request is counted under', () => {
  it('is an IPv4 address itself, an IPv4-mapped IPv6 one as IPv4', () => {
    expect(ceilingKey('203.0.113.7')).toBe('203.0.113.7');
    expect(ceilingKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('is an IPv6 address’s /64 network, however the address is written', () => {
    const network = ceilingKey('2001:db8:1:2::7');
    expect(network).toBe('2001:db8:1:2::');
    expect(ceilingKey('2001:DB8:0001:0002:ffff:0:0:9')).toBe(network);
    expect(ceilingKey('2001:db8:1:3::7')).not.toBe(network);
    expect(ceilingKey('::1')).toBe('::');
  });
});

describe('the ceiling counted at once', () => {
  it('says whether each request is within the ceiling, per address, in the store the plugin reads', () => {
    const ceiling = new RequestCeiling(2);
    expect([1, 2, 3].map(() => ceiling.countNow('203.0.113.7'))).toEqual([true, true, false]);
    expect(ceiling.countNow('198.51.100.4')).toBe(true);
    // The plugin's own count of the same address goes on from there.
    let seen: number | undefined;
    ceiling.incr('203.0.113.7', (_error, result) => (seen = result?.current), 60_000, 2);
    expect(seen).toBe(4);
  });
});
