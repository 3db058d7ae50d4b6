import { describe, expect, it } from 'vitest';
import { chargeInMinorUnits, currencyExponent, formatCharge, PaymentRateSchema } from './money';

describe('money', () => {
  it('charges taka in poisha: taka × 100, no rate', () => {
    expect(chargeInMinorUnits(48_000, 'bdt', null)).toBe(4_800_000);
    expect(chargeInMinorUnits(1, 'bdt', null)).toBe(100);
    expect(() => chargeInMinorUnits(48_000, 'bdt', '120')).toThrow(
      'taka are charged without a rate',
    );
  });

  it('charges another currency only at a rate, in its smallest unit, rounding half up', () => {
    // 48,000 BDT at 121.5 BDT per dollar: $395.0617… → 39,506 cents.
    expect(chargeInMinorUnits(48_000, 'usd', '121.5')).toBe(39_506);
    // 1 BDT at 8 BDT per unit: 12.5 cents → 13 (half up).
    expect(chargeInMinorUnits(1, 'eur', '8')).toBe(13);
    // No minor unit (yen), three of them (dinar).
    expect(chargeInMinorUnits(48_000, 'jpy', '0.8')).toBe(60_000);
    expect(chargeInMinorUnits(48_000, 'kwd', '400')).toBe(120_000);
    expect(() => chargeInMinorUnits(48_000, 'usd', null)).toThrow('needs a rate');
    expect(() => chargeInMinorUnits(48_000.5, 'bdt', null)).toThrow('not a whole taka amount');
  });

  it("knows each currency's decimals as Stripe counts them", () => {
    expect([currencyExponent('bdt'), currencyExponent('JPY'), currencyExponent('kwd')]).toEqual([
      2, 0, 3,
    ]);
  });

  it('writes an amount in minor units with its code', () => {
    expect(formatCharge(4_800_000, 'bdt')).toBe('BDT 48,000.00');
    expect(formatCharge(39_506, 'usd')).toBe('USD 395.06');
    expect(formatCharge(60_000, 'jpy')).toBe('JPY 60,000');
  });

  it('accepts rates as positive decimals only', () => {
    expect(PaymentRateSchema.safeParse('121.50').success).toBe(true);
    for (const rate of ['0', '-1', '1,20', '1e3', '', '12345678']) {
      expect(PaymentRateSchema.safeParse(rate).success, rate).toBe(false);
    }
  });
});
