import { z } from 'zod';

/**
 * Money, in one place for both sides. Rent is agreed in whole taka (BDT); the payment provider is
 * asked for an integer amount in the smallest unit of the currency it charges: poisha for taka
 * (taka × 100), cents for dollars. Charging anything but taka needs an explicit rate, so no
 * number ever reaches the provider in the wrong unit.
 */

export const HOME_CURRENCY = 'bdt';

// Stripe's lists (docs.stripe.com/currencies): these have no minor unit, these three decimals.
const ZERO_DECIMAL = new Set([
  'bif',
  'clp',
  'djf',
  'gnf',
  'jpy',
  'kmf',
  'krw',
  'mga',
  'pyg',
  'rwf',
  'ugx',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
]);
const THREE_DECIMAL = new Set(['bhd', 'jod', 'kwd', 'omr', 'tnd']);

/** Decimal places of a currency's smallest unit at the provider. */
export function currencyExponent(currency: string): number {
  const code = currency.toLowerCase();
  if (ZERO_DECIMAL.has(code)) return 0;
  if (THREE_DECIMAL.has(code)) return 3;
  return 2;
}

/** BDT per unit of the charge currency, as a decimal: "121.5". */
export const PaymentRateSchema = z
  .string()
  .regex(/^\d{1,7}(\.\d{1,6})?$/, { error: 'must be a positive decimal number, like 121.50' })
  .refine((rate) => Number(rate) > 0, { error: 'must be more than 0' });

/**
 * What the provider is asked to charge for `taka` whole taka: taka × 100 in poisha, or, in
 * another currency, taka ÷ rate in its smallest unit, rounded half up. Integer arithmetic only.
 */
export function chargeInMinorUnits(taka: number, currency: string, rate: string | null): number {
  if (!Number.isSafeInteger(taka) || taka < 0) throw new Error(`not a whole taka amount: ${taka}`);
  const code = currency.toLowerCase();
  if (code === HOME_CURRENCY) {
    if (rate !== null) throw new Error('taka are charged without a rate');
    return taka * 100;
  }
  if (rate === null || !PaymentRateSchema.safeParse(rate).success) {
    throw new Error(`charging ${code} needs a rate in BDT per unit`);
  }
  const [whole = '0', fraction = ''] = rate.split('.');
  // rate = rateScaled / 10^fraction.length; minor = taka × 10^exponent ÷ rate
  const rateScaled = BigInt(whole + fraction);
  const numerator =
    BigInt(taka) * 10n ** BigInt(currencyExponent(code)) * 10n ** BigInt(fraction.length);
  const quotient = numerator / rateScaled;
  const remainder = numerator % rateScaled;
  return Number(remainder * 2n >= rateScaled ? quotient + 1n : quotient);
}

/** "BDT 48,000.00", "USD 395.06", "JPY 58,000": an amount in minor units, with its code. */
export function formatCharge(minorUnits: number, currency: string): string {
  const exponent = currencyExponent(currency);
  const number = new Intl.NumberFormat('en-US', {
    minimumFractionDigits: exponent,
    maximumFractionDigits: exponent,
  }).format(minorUnits / 10 ** exponent);
  return `${currency.toUpperCase()} ${number}`;
}
