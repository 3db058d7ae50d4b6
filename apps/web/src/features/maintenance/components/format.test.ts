import { TZDate } from '@date-fns/tz';
import { afterEach, describe, expect, it } from 'vitest';
import { setReaderClock } from '../../../lib/now';
import { ageOf } from './format';

describe('a request’s age on a page drawn on the server', () => {
  afterEach(() => setReaderClock({ zone: () => undefined, view: (instant) => instant }));

  it('counts an age across a clock change as the reader’s clock does', () => {
    setReaderClock({
      zone: () => 'Pacific/Auckland',
      view: (instant) => new TZDate(instant.getTime(), 'Pacific/Auckland'),
    });
    // Auckland's clocks went forward at 02:00 on 27 September 2026. Filed at 00:00 on the 27th
    // there, read at 00:30 on the 29th: 47.5 hours passed, 48.5 on the reader's clock. The
    // browser counts 2 days; a server counting in UTC would draw 1.
    const filed = '2026-09-26T12:00:00.000Z';
    const now = new Date('2026-09-28T11:30:00.000Z');
    expect(ageOf(filed, now)).toBe('2 days');
  });
});
