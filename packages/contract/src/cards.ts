/**
 * The card form's own checks, worded as Stripe's card element words them. The web app's sandbox
 * form shows them as the person types; the sandbox processor applies them again.
 */
export interface CardFields {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  postalCode: string;
}

export const CARD_MESSAGES = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryYearPast: "Your card's expiration year is in the past.",
  expiryDatePast: "Your card's expiration date is in the past.",
  expiryYearInvalid: "Your card's expiration year is invalid.",
  cvcIncomplete: "Your card's security code is incomplete.",
  postalIncomplete: 'Your postal code is incomplete.',
} as const;

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

/** The first problem with the card, in Stripe's words, or undefined when the form is complete. */
export function cardProblem(card: CardFields, now: Date): string | undefined {
  const number = card.number.replace(/\D/g, '');
  if (number.length < 16) return CARD_MESSAGES.numberIncomplete;
  if (!luhnValid(number)) return CARD_MESSAGES.numberInvalid;
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) {
    return CARD_MESSAGES.expiryIncomplete;
  }
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const thisYear = now.getUTCFullYear();
  if (year < thisYear) return CARD_MESSAGES.expiryYearPast;
  if (year === thisYear && card.expMonth < now.getUTCMonth() + 1) {
    return CARD_MESSAGES.expiryDatePast;
  }
  if (year > thisYear + 50) return CARD_MESSAGES.expiryYearInvalid;
  if (!/^\d{3,4}$/.test(card.cvc)) return CARD_MESSAGES.cvcIncomplete;
  if (!/^\d{5}$/.test(card.postalCode)) return CARD_MESSAGES.postalIncomplete;
  return undefined;
}
