import { z } from 'zod';
import { withToken } from './accounts';
import { MAX_PAGE_SIZE, MONTH_NAMES } from './constants';

export const MonthNameSchema = z.enum(MONTH_NAMES, {
  error: 'must be a month name, January to December',
});
export type MonthName = z.infer<typeof MonthNameSchema>;

/** A calendar month as `YYYY-MM`. */
export const BillingMonthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'must be a month like 2026-11' });
export type BillingMonth = z.infer<typeof BillingMonthSchema>;

/** A calendar day as `YYYY-MM-DD` (the building's calendar). */
export const CalendarDaySchema = z.iso.date();

/** Who took the money: a card provider, or the admin by hand (`offline`). */
export const PaymentProviderSchema = z.enum(['sandbox', 'stripe', 'offline']);
export type PaymentProvider = z.infer<typeof PaymentProviderSchema>;

/** Ways the admin records money received by hand (not through a card provider). */
export const OFFLINE_PAYMENT_METHODS = ['cash', 'bank', 'bkash', 'nagad'] as const;
/**
 * Rent the office records by hand: money that came (as above), or rent paid out of the lease's
 * security deposit, which the tenant paid before (a former tenant's last months, most often).
 */
export const RENT_BY_HAND_METHODS = [...OFFLINE_PAYMENT_METHODS, 'deposit'] as const;
export const PAYMENT_METHODS = ['card', ...RENT_BY_HAND_METHODS] as const;
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;
export const OfflinePaymentMethodSchema = z.enum(OFFLINE_PAYMENT_METHODS, {
  error: 'Choose how the money was paid: cash, bank transfer, bKash or Nagad',
});
export type OfflinePaymentMethod = z.infer<typeof OfflinePaymentMethodSchema>;
export const RentByHandMethodSchema = z.enum(RENT_BY_HAND_METHODS, {
  error: 'Choose how the rent was paid: cash, bank transfer, bKash, Nagad or the security deposit',
});
export type RentByHandMethod = z.infer<typeof RentByHandMethodSchema>;

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card: 'Card',
  cash: 'Cash',
  bank: 'Bank transfer',
  bkash: 'bKash',
  nagad: 'Nagad',
  deposit: 'Security deposit',
};

/** The method inside a sentence: "Paid by cash", "by bank transfer", "by bKash". */
export const PAYMENT_METHOD_IN_SENTENCE: Record<PaymentMethod, string> = {
  card: 'card',
  cash: 'cash',
  bank: 'bank transfer',
  bkash: 'bKash',
  nagad: 'Nagad',
  deposit: 'the security deposit',
};

/** The code typed in the payment modal; the server looks it up (any case). */
const PaymentCouponCodeSchema = z
  .string()
  .trim()
  .min(1, { error: 'Enter a coupon code' })
  .max(10, { error: 'Coupon codes have at most 10 characters' });

const ignored = z.union([z.string(), z.number()]).optional();

/**
 * Spec §7 payment data + currency + token. Only the month (`YYYY-MM`, or a month name meaning this
 * year's) and the coupon are used; the rent, currency and the rest are the server's to decide.
 * Without `coupon` the month's open payment keeps the coupon it has; `""` removes it.
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
  /** What the provider charges: the currency, the amount in its smallest unit (poisha for BDT). */
  currency: z.string(),
  amountInMinorUnits: z.number().int(),
  /** BDT per unit of `currency` when it is not BDT (PAYMENT_RATE); null for taka. */
  rate: z.string().nullable(),
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
  /** What the card was charged: currency, smallest units, and the rate used (null for BDT). */
  currency: z.string(),
  amountInMinorUnits: z.number().int(),
  rate: z.string().nullable(),
  provider: PaymentProviderSchema,
  /** How it was paid; for offline payments also the admin's reference and the day received. */
  method: PaymentMethodSchema,
  reference: z.string().nullable(),
  receivedOn: CalendarDaySchema.nullable(),
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
export type SaveTransactionResponse = z.infer<typeof SaveTransactionResponseSchema>;

export const TransactionListRequestSchema = withToken({
  email: z.string().optional(),
  userId: z.string().optional(),
}).nullish();

export const TransactionListResponseSchema = z.array(TransactionSchema);

export const LedgerMonthStatusSchema = z.enum(['paid', 'due', 'overdue', 'upcoming']);
export type LedgerMonthStatus = z.infer<typeof LedgerMonthStatusSchema>;

export const LedgerMonthSchema = z.object({
  billingMonth: BillingMonthSchema,
  /** "November 2026" */
  month: z.string(),
  /**
   * paid; overdue once the due date plus the grace days have passed; due from the month's start
   * until then; upcoming for later months, and for a lease's first month until the lease starts,
   * which may be paid ahead.
   */
  status: LedgerMonthStatusSchema,
  /** The month's rent under the lease it belongs to, whole BDT. */
  rent: z.number().int(),
  dueDate: CalendarDaySchema,
  agreementId: z.string(),
  paidAt: z.string().nullable(),
  /** Whole BDT paid (rent less discount), when paid. */
  amount: z.number().int().nullable(),
  transactionId: z.string().nullable(),
});
export type LedgerMonth = z.infer<typeof LedgerMonthSchema>;

export const LedgerLeaseSchema = z.object({
  _id: z.string(),
  status: z.enum(['accepted', 'ended']),
  apartmentNo: z.string(),
  blockName: z.string(),
  floorNo: z.number().int(),
  /** Its rent this month (a renewal may have changed it since signing), whole BDT. */
  rent: z.number().int(),
  /** First and last month billed; null when the lease bills no month. Open-ended leases: null. */
  firstMonth: BillingMonthSchema.nullable(),
  lastMonth: BillingMonthSchema.nullable(),
  endedAt: z.string().nullable(),
  /** The day a running lease ends by notice (or an ended one ended on); null while it runs on. */
  endsOn: CalendarDaySchema.nullable(),
  /** It ended, or ends by notice, before its first day: it bills no month. */
  endedBeforeStart: z.boolean(),
  /**
   * Its deposit, whole BDT: what the building holds now (received, less given back, less rent
   * paid from it), all it received, and how much of it paid rent, so a former tenant sees what
   * became of it. A server of the release before sends none of them (the last: two releases).
   */
  depositHeld: z.number().int().optional(),
  depositReceived: z.number().int().optional(),
  depositToRent: z.number().int().optional(),
});

/**
 * A person's rent month by month over every lease they held here, as the server counts it: the
 * running lease up to 11 months ahead, and the unpaid months of leases that ended (a balance that
 * stays with the person).
 */
export const RentLedgerSchema = z.object({
  /** The building's calendar today, and its month. */
  today: CalendarDaySchema,
  currentMonth: BillingMonthSchema,
  dueDay: z.number().int(),
  graceDays: z.number().int(),
  /** The running lease's monthly rent; null when the person rents nothing now. */
  rent: z.number().int().nullable(),
  /** The first month billed to this person; null when none is. */
  leaseStart: BillingMonthSchema.nullable(),
  leases: z.array(LedgerLeaseSchema),
  /** Oldest first. */
  months: z.array(LedgerMonthSchema),
  /** Months due or overdue, and their rent. */
  owedMonths: z.number().int(),
  owedAmount: z.number().int(),
  overdueMonths: z.number().int(),
});
export type RentLedger = z.infer<typeof RentLedgerSchema>;

export const TenantIdParamsSchema = z.object({
  id: z.uuid({ error: 'must be a valid user id' }),
});

/**
 * Former tenants (their lease ended) who still owe rent or repair charges from their leases,
 * largest balance first: the months unpaid, the charges unpaid, and the sum of both. A server of
 * the release before (during a rolling deploy) sends no count of charges: none known.
 */
export const FormerTenantBalanceSchema = z.object({
  _id: z.string(),
  displayName: z.string(),
  email: z.string(),
  apartmentNo: z.string(),
  leaseEndedAt: z.string(),
  owedMonths: z.number().int(),
  owedCharges: z.number().int().default(0),
  owedAmount: z.number().int(),
  /**
   * The deposits the building still holds of their leases, whole BDT: what the office may pay
   * their rent from (a server of the release before does not say).
   */
  depositHeld: z.number().int().optional(),
});
export type FormerTenantBalance = z.infer<typeof FormerTenantBalanceSchema>;

export const FormerTenantBalancesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
});

export const FormerTenantBalancesResponseSchema = z.object({
  result: z.array(FormerTenantBalanceSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  pageCount: z.number().int(),
});
export type FormerTenantBalancesResponse = z.infer<typeof FormerTenantBalancesResponseSchema>;

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

/** A month's due day (YYYY-MM-DD) from its month (YYYY-MM) and the day of the month rent is due. */
export const dueDateOf = (billingMonth: string, dueDay: number) =>
  `${billingMonth}-${String(dueDay).padStart(2, '0')}`;

/**
 * When a month's rent falls due: its due day, or, for a lease's first month and any month before
 * the one it was granted in, the day it starts or was granted (`leaseGranted`, billedMonths'
 * `granted_on`, on the server) if that is later: nobody is overdue on the day they move in.
 */
export const dueDateIn = (billingMonth: string, dueDay: number, leaseGranted?: string | null) => {
  const due = dueDateOf(billingMonth, dueDay);
  return leaseGranted && leaseGranted > due ? leaseGranted : due;
};

/** "3 November 2026" from "2026-11-03". */
export function dayLabel(day: string): string {
  return `${Number(day.slice(8, 10))} ${monthLabel(day.slice(0, 7))}`;
}
