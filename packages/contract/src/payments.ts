import { z } from 'zod';
import { withToken } from './accounts';

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
export const MonthNameSchema = z.enum(MONTH_NAMES, {
  error: 'must be a month name, January to December',
});
export type MonthName = z.infer<typeof MonthNameSchema>;

/** A calendar month as `YYYY-MM`. */
export const BillingMonthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'must be a month like 2026-11' });
export type BillingMonth = z.infer<typeof BillingMonthSchema>;

export const PaymentProviderSchema = z.enum(['sandbox', 'stripe']);
export type PaymentProvider = z.infer<typeof PaymentProviderSchema>;

/** The code typed in the payment modal; the server looks it up (any case). */
const PaymentCouponCodeSchema = z
  .string()
  .trim()
  .min(1, { error: 'Enter a coupon code' })
  .max(10, { error: 'Coupon codes have at most 10 characters' });

const ignored = z.union([z.string(), z.number()]).optional();

/**
 * Spec §7 payment data + currency + token. Only the month (a name of this year, or `YYYY-MM`) and
 * the optional coupon code are used; the rent, currency and the rest are the server's to decide.
 */
export const CreatePaymentIntentRequestSchema = withToken({
  month: z.union([MonthNameSchema, BillingMonthSchema]),
  coupon: z.union([PaymentCouponCodeSchema, z.literal('')]).optional(),
  email: ignored,
  floor: ignored,
  blockName: ignored,
  apartmentNo: ignored,
  rent: ignored,
  userId: ignored,
  currency: ignored,
});
export type CreatePaymentIntentRequest = z.infer<typeof CreatePaymentIntentRequestSchema>;

export const AppliedCouponSchema = z.object({
  code: z.string(),
  percentage: z.number().int(),
});

export const PaymentIntentResponseSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  provider: PaymentProviderSchema,
  /** `YYYY-MM` and its name, e.g. "November 2026". */
  billingMonth: BillingMonthSchema,
  monthLabel: z.string(),
  /** Whole BDT: the lease's rent, the coupon's discount, and what is charged. */
  rent: z.number().int(),
  discount: z.number().int(),
  amount: z.number().int(),
  coupon: AppliedCouponSchema.nullable(),
  /** The currency the provider charges in (spec: usd), the amount in its smallest unit. */
  currency: z.string(),
  amountInMinorUnits: z.number().int(),
});
export type PaymentIntentResponse = z.infer<typeof PaymentIntentResponseSchema>;

/** The sandbox's card form: what Stripe.js would send to Stripe, here sent to our test processor. */
export const SandboxCardSchema = z.strictObject({
  number: z.string().max(30),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  cvc: z.string().max(4),
  postalCode: z.string().max(10),
});
export type SandboxCard = z.infer<typeof SandboxCardSchema>;

export const SandboxConfirmRequestSchema = withToken({
  clientSecret: z.string().min(1).max(200),
  card: SandboxCardSchema,
});

export const SandboxConfirmResponseSchema = z.object({
  paymentIntentId: z.string(),
  status: z.literal('succeeded'),
});

/**
 * Spec §7 save body. Only `transactionId` is read: the server asks the provider whether that
 * payment succeeded, for how much, and for whom.
 */
export const SaveTransactionRequestSchema = withToken({
  transaction: z.looseObject({
    transactionId: z.string().min(1).max(200),
  }),
});

/** Spec §3 Transaction, with what we know beyond it (discount, coupon, currency). */
export const TransactionSchema = z.object({
  _id: z.string(),
  transactionId: z.string(),
  userId: z.string(),
  /** When it was paid (ISO). */
  date: z.string(),
  /** `YYYY-MM` and its name. */
  billingMonth: BillingMonthSchema,
  month: z.string(),
  rent: z.number().int(),
  discount: z.number().int(),
  /** Whole BDT paid: rent minus discount. */
  amount: z.number().int(),
  couponCode: z.string().nullable(),
  currency: z.string(),
  amountInMinorUnits: z.number().int(),
  provider: PaymentProviderSchema,
  email: z.string(),
  tenant: z.string(),
  floor: z.number().int(),
  blockName: z.string(),
  apartmentNo: z.string(),
});
export type Transaction = z.infer<typeof TransactionSchema>;

export const SaveTransactionResponseSchema = z.object({
  insertedId: z.string(),
  transaction: TransactionSchema,
});

export const TransactionListRequestSchema = withToken({
  email: z.string().optional(),
  userId: z.string().optional(),
}).nullish();

export const TransactionListResponseSchema = z.array(TransactionSchema);

export const LedgerMonthStatusSchema = z.enum(['paid', 'due', 'overdue', 'upcoming']);
export type LedgerMonthStatus = z.infer<typeof LedgerMonthStatusSchema>;

/** The member's rent month by month over the lease, as the server counts it. */
export const RentLedgerSchema = z.object({
  rent: z.number().int(),
  leaseStart: BillingMonthSchema,
  currentMonth: BillingMonthSchema,
  months: z.array(
    z.object({
      billingMonth: BillingMonthSchema,
      month: z.string(),
      status: LedgerMonthStatusSchema,
      paidAt: z.string().nullable(),
      amount: z.number().int().nullable(),
      transactionId: z.string().nullable(),
    }),
  ),
  /** Months due or overdue, and their rent. */
  owedMonths: z.number().int(),
  owedAmount: z.number().int(),
});
export type RentLedger = z.infer<typeof RentLedgerSchema>;

export const PAYMENT_MESSAGES = {
  succeeded: 'Payment Succeeded',
  testCardHint:
    'Use the test card 4242 4242 4242 4242, any 3-digit CVC, any future date and any 5-digit ZIP.',
} as const;

/** "November 2026" from "2026-11". */
export function monthLabel(billingMonth: string): string {
  const [year, month] = billingMonth.split('-');
  return `${MONTH_NAMES[Number(month) - 1] ?? '?'} ${year}`;
}
