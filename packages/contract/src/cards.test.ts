import { describe, expect, it } from 'vitest';
import { cardProblem, luhnValid } from './cards';

const now = new Date();
const good = {
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: now.getUTCFullYear() + 2,
  cvc: '123',
  postalCode: '12345',
};

describe('card checks (Stripe wording)', () => {
  const year = now.getUTCFullYear();
  it.each([
    [{ number: '4242 4242' }, 'Your card number is incomplete.'],
    [{ number: '4242 4242 4242 4243' }, 'Your card number is invalid.'],
    [{ expYear: year - 1 }, "Your card's expiration year is in the past."],
    [
      { expYear: year, expMonth: now.getUTCMonth() === 0 ? 13 : now.getUTCMonth() },
      now.getUTCMonth() === 0
        ? "Your card's expiration date is incomplete."
        : "Your card's expiration date is in the past.",
    ],
    [{ cvc: '12' }, "Your card's security code is incomplete."],
    [{ postalCode: '123' }, 'Your postal code is incomplete.'],
  ])('%o → %s', (change, text) => {
    expect(cardProblem({ ...good, ...change }, now)).toBe(text);
  });

  it('knows the Luhn check', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
  });
});
