import { z } from 'zod';
import { RoleSchema } from './accounts';
import { ChargeSchema } from './charges';
import {
  BillingMonthSchema,
  CalendarDaySchema,
  dayLabel,
  monthLabel,
  OfflinePaymentMethodSchema,
  RentByHandMethodSchema,
  RentLedgerSchema,
  TenantIdParamsSchema,
  TransactionSchema,
} from './payments';
import { REASON_LIMITS, reasonField } from './text';

/**
 * Money the admin records by hand: rent paid in cash, by bank transfer, bKash or Nagad, and a
 * lease's security deposit received and given back.
 */
export const OFFLINE_LIMITS = {
  /** Months one offline payment may cover. */
  maxMonths: 12,
  reference: 100,
  /** Whole BDT: a deposit entry above this is a typing mistake. */
  maxDeposit: 10_000_000,
} as const;

export const OFFLINE_PAYMENT_MESSAGES = {
  monthsRequired: 'Choose at least one month',
  tooManyMonths: `Choose at most ${OFFLINE_LIMITS.maxMonths} months at once`,
  repeatedMonth: 'Each month may be chosen once',
  referenceTooLong: `A reference has at most ${OFFLINE_LIMITS.reference} characters`,
  dateFormat: 'Enter the date as YYYY-MM-DD',
  dateInFuture: 'The date cannot be after today',
  dateBeforeLease: (signedOn: string) =>
    `The date cannot be before the lease was signed (${dayLabel(signedOn)})`,
  leaseNotFound: 'This person holds no such lease',
  notBilled: (billingMonth: string) => `${monthLabel(billingMonth)} is not billed by this lease`,
  alreadyPaid: (billingMonth: string) => `${monthLabel(billingMonth)} is already paid.`,
  /** `fewer`: some of the months chosen would fit, so choosing fewer helps. */
  depositShort: (held: number, rent: number, fewer: boolean) =>
    held <= 0
      ? 'This lease holds no deposit to pay rent from'
      : `The deposit holds ${held.toLocaleString('en-US')} BDT: not enough for ${rent.toLocaleString('en-US')} BDT of rent.${fewer ? ' Choose fewer months.' : ''}`,
  recorded: (count: number) =>
    count === 1 ? 'Payment recorded' : `Payment of ${count} months recorded`,
  failed: 'The payment was not recorded',
} as const;

export const DEPOSIT_MESSAGES = {
  amountRequired: 'Enter the amount',
  amountWhole: 'The amount is a whole number of BDT',
  amountPositive: 'The amount must be more than 0',
  amountTooLarge: `The amount can be at most ${OFFLINE_LIMITS.maxDeposit.toLocaleString('en-US')} BDT`,
  kindRequired: 'Say whether the deposit was received or refunded',
  overdrawn: (held: number) =>
    `Only ${held.toLocaleString('en-US')} BDT of the deposit is held: a refund cannot be more`,
  received: 'Deposit received recorded',
  refunded: 'Deposit refund recorded',
  failed: 'The deposit entry was not recorded',
  outcomeUnknown:
    'No answer came back, so the entry may have been recorded: check the entries. Sent again unchanged, it is recorded once.',
  keyReused:
    'An entry with other details was already recorded under this key. Send a new key for a new entry.',
  entryNotFound: 'This person has no such deposit entry.',
  /** Money held for an account nobody can be named for again: refused, as its deletion is. */
  deletedAccount: 'This account was deleted: no deposit can be recorded for it.',
  undoOfUndo: 'This entry undoes another one: record the deposit again instead.',
  alreadyUndone: 'This deposit entry is undone already.',
  /** A receipt undone would leave less than nothing held: what went out of it goes first. */
  undoOverdrawn: (held: number) =>
    `Only ${held.toLocaleString('en-US')} BDT of the deposit is held now: undo what was given back or paid as rent from it first.`,
  undone: (kind: 'received' | 'refunded') =>
    kind === 'received'
      ? 'The deposit receipt is undone: it no longer counts as held.'
      : 'The deposit refund is undone: it counts as held again.',
} as const;

const ReferenceSchema = z
  .string()
  .trim()
  .max(OFFLINE_LIMITS.reference, { error: OFFLINE_PAYMENT_MESSAGES.referenceTooLong })
  .optional()
  // An empty reference is no reference.
  .transform((reference) => reference || undefined);

const DaySchema = z.iso.date({ error: OFFLINE_PAYMENT_MESSAGES.dateFormat });

const LeaseIdSchema = z.uuid({ error: 'must be a valid lease id' });

/**
 * Rent paid by hand for one or more months of one lease; the admin says how and when. Paid from
 * the lease's security deposit, the months' rent comes out of what it holds.
 */
export const RecordPaymentRequestSchema = z.strictObject({
  agreementId: LeaseIdSchema,
  method: RentByHandMethodSchema,
  reference: ReferenceSchema,
  /** The building's day the money was received: not after today, not before the lease. */
  receivedOn: DaySchema,
  months: z
    .array(BillingMonthSchema, { error: OFFLINE_PAYMENT_MESSAGES.monthsRequired })
    .min(1, { error: OFFLINE_PAYMENT_MESSAGES.monthsRequired })
    .max(OFFLINE_LIMITS.maxMonths, { error: OFFLINE_PAYMENT_MESSAGES.tooManyMonths })
    .refine((months) => new Set(months).size === months.length, {
      error: OFFLINE_PAYMENT_MESSAGES.repeatedMonth,
    }),
});
export type RecordPaymentRequest = z.input<typeof RecordPaymentRequestSchema>;

/** One receipt per month, in the order of the months. */
export const RecordPaymentResponseSchema = z.object({
  transactions: z.array(TransactionSchema),
});
export type RecordPaymentResponse = z.infer<typeof RecordPaymentResponseSchema>;

/**
 * A payment the admin recorded by hand, taken back out of the books (a month or a tenant chosen
 * by mistake, money that never came): the month is unpaid again, the tenant is told why, and the
 * audit log keeps what was removed. A card payment is refunded through its provider instead.
 */
export const UNDO_PAYMENT_LIMITS = { reason: REASON_LIMITS } as const;

export const UNDO_PAYMENT_MESSAGES = {
  reasonRequired: 'Say why the payment is undone',
  reasonTooShort: `The reason needs at least ${UNDO_PAYMENT_LIMITS.reason.min} characters`,
  reasonTooLong: `The reason has at most ${UNDO_PAYMENT_LIMITS.reason.max} characters`,
  notFound: 'This person has no such payment (it may have been undone already).',
  card: 'A card payment cannot be undone here: it is refunded through the card provider.',
  deletedAccount: 'This account was deleted: its payments stay in the books as they are.',
  undone: (billingMonth: string) =>
    `The payment of ${monthLabel(billingMonth)} is undone: the month is unpaid again.`,
  failed: 'The payment could not be undone. Try again.',
} as const;

export const UndoPaymentRequestSchema = z.strictObject({
  reason: reasonField(UNDO_PAYMENT_MESSAGES.reasonRequired),
});
export type UndoPaymentRequest = z.input<typeof UndoPaymentRequestSchema>;

export const UndoPaymentParamsSchema = TenantIdParamsSchema.extend({
  paymentId: z.uuid({ error: 'must be a valid payment id' }),
});

/** The payment as it was before it was undone. */
export const UndoPaymentResponseSchema = z.object({ undone: TransactionSchema });
export type UndoPaymentResponse = z.infer<typeof UndoPaymentResponseSchema>;

export const DEPOSIT_KINDS = ['received', 'refunded'] as const;
export const DepositKindSchema = z.enum(DEPOSIT_KINDS, { error: DEPOSIT_MESSAGES.kindRequired });
export type DepositKind = z.infer<typeof DepositKindSchema>;

/**
 * Every kind of deposit entry: the two the admin records, and the two that undo one of them
 * recorded by mistake (the ledger is append-only, so an undo is an entry of its own, the opposite
 * way, naming the entry it undoes).
 */
export const DEPOSIT_ENTRY_KINDS = [...DEPOSIT_KINDS, 'receipt_undone', 'refund_undone'] as const;
export const DepositEntryKindSchema = z.enum(DEPOSIT_ENTRY_KINDS);
export type DepositEntryKind = z.infer<typeof DepositEntryKindSchema>;
/** The kind of the entry that undoes one of `kind`. */
export const DEPOSIT_UNDO_KIND = {
  received: 'receipt_undone',
  refunded: 'refund_undone',
} as const satisfies Record<DepositKind, DepositEntryKind>;

export const DepositAmountSchema = z
  .number({
    // An empty number field gives NaN: that is a missing value, not a wrong one.
    error: (issue) =>
      issue.input === undefined || Number.isNaN(issue.input)
        ? DEPOSIT_MESSAGES.amountRequired
        : DEPOSIT_MESSAGES.amountWhole,
  })
  .int({ error: DEPOSIT_MESSAGES.amountWhole })
  .min(1, { error: DEPOSIT_MESSAGES.amountPositive })
  .max(OFFLINE_LIMITS.maxDeposit, { error: DEPOSIT_MESSAGES.amountTooLarge });

/** A deposit received from the tenant, or (some of) it given back. */
export const RecordDepositRequestSchema = z.strictObject({
  agreementId: LeaseIdSchema,
  kind: DepositKindSchema,
  amount: DepositAmountSchema,
  method: OfflinePaymentMethodSchema,
  reference: ReferenceSchema,
  /** The building's day the money changed hands: not after today, not before the lease. */
  date: DaySchema,
  /**
   * Chosen by the sender for this one entry (a UUID): sent again with the same key (a retry after
   * a lost answer, a second click) it is recorded once; with other details it is refused.
   */
  key: z.uuid({ error: 'key must be a UUID naming this entry' }),
});
export type RecordDepositRequest = z.input<typeof RecordDepositRequestSchema>;
/** What the admin fills in; the key is added when the entry is sent. */
export const DepositFieldsSchema = RecordDepositRequestSchema.omit({ key: true });
export type DepositFields = z.input<typeof DepositFieldsSchema>;

export const DepositEntrySchema = z.object({
  _id: z.string(),
  agreementId: z.string(),
  kind: DepositEntryKindSchema,
  amount: z.number().int(),
  method: OfflinePaymentMethodSchema,
  reference: z.string().nullable(),
  date: CalendarDaySchema,
  /** Who recorded it and when (ISO). */
  recordedBy: z.string(),
  recordedAt: z.string(),
  /** An undo's: the entry it undoes and the office's reason (null otherwise; none before 0033). */
  undoes: z.string().nullable().optional(),
  reason: z.string().nullable().optional(),
});
export type DepositEntry = z.infer<typeof DepositEntrySchema>;

export const DepositEntryParamsSchema = TenantIdParamsSchema.extend({
  entryId: z.uuid({ error: 'must be a valid deposit entry id' }),
});

/** A month's rent paid out of the deposit: a payment recorded with the method `deposit`. */
export const DepositRentSchema = z.object({
  /** The payment's id: undoing it puts the amount back in the deposit. */
  paymentId: z.string(),
  billingMonth: BillingMonthSchema,
  amount: z.number().int(),
  /** The building's day the office paid it, and when it was recorded (ISO). */
  date: CalendarDaySchema,
  recordedAt: z.string(),
});
export type DepositRent = z.infer<typeof DepositRentSchema>;

/**
 * A lease's deposit: what its terms ask for, what is held now (received, less refunded, less rent
 * paid from it), every entry oldest first, and the months' rent paid from it (a server of the
 * release before sends none).
 */
export const LeaseDepositSchema = z.object({
  agreementId: z.string(),
  /** Whole BDT from the lease's terms; null for a lease signed before leases had terms. */
  agreed: z.number().int().nullable(),
  held: z.number().int(),
  entries: z.array(DepositEntrySchema),
  rentPaid: z.array(DepositRentSchema).optional(),
});
export type LeaseDeposit = z.infer<typeof LeaseDepositSchema>;

export const RecordDepositResponseSchema = z.object({
  entry: DepositEntrySchema,
  deposit: LeaseDepositSchema,
});
export type RecordDepositResponse = z.infer<typeof RecordDepositResponseSchema>;

/** What the admin's rent account of a person says of the account itself. */
export const RENT_ACCOUNT_MESSAGES = {
  /** Said once on a deleted account's rent account, which offers nothing to record or undo. */
  deleted:
    'This account was deleted: its leases, payments, charges and deposits stay in the books as they are. Nothing more can be recorded, charged or undone.',
} as const;

/**
 * A person's rent account as the admin sees it (the member's record): the ledger, every payment
 * (for its receipt), and each lease's deposit.
 */
export const TenantAccountSchema = z.object({
  person: z.object({
    _id: z.string(),
    displayName: z.string(),
    email: z.string(),
    role: RoleSchema,
    /**
     * Deleted by its owner: its books stay as they are; the server records, charges and undoes
     * nothing more for it (409).
     */
    deleted: z.boolean().default(false),
  }),
  ledger: RentLedgerSchema,
  transactions: z.array(TransactionSchema),
  deposits: z.array(LeaseDepositSchema),
  /** Repairs and the like charged to them, newest first, paid or not. */
  charges: z.array(ChargeSchema),
});
export type TenantAccount = z.infer<typeof TenantAccountSchema>;

/** The lease's months that may be paid offline: billed by it and not yet paid, oldest first. */
export const unpaidMonthsOf = (
  ledger: z.infer<typeof RentLedgerSchema>,
  agreementId: string,
): z.infer<typeof RentLedgerSchema>['months'] =>
  ledger.months.filter((month) => month.agreementId === agreementId && month.status !== 'paid');
