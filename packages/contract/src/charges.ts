import { z } from 'zod';
import { CalendarDaySchema, OfflinePaymentMethodSchema } from './payments';
import { oneLineText, reasonField } from './text';

/**
 * Money owed besides rent: a repair charged to the tenant, or anything the office charges by hand
 * (a service charge, a utility bill). It is a line of its own in the tenant's ledger and the rent
 * roll until paid; paid, it has a receipt. One charged by mistake is cancelled (while unpaid),
 * with the reason the tenant was sent: it is kept, and owed by no one.
 */
export const ChargeSchema = z.object({
  _id: z.string(),
  description: z.string(),
  /** Whole BDT. */
  amount: z.number().int(),
  createdAt: z.string(),
  apartmentNo: z.string(),
  /** The maintenance request it came from, when it did. */
  requestId: z.string().nullable(),
  paid: z
    .object({
      method: OfflinePaymentMethodSchema,
      reference: z.string().nullable(),
      receivedOn: CalendarDaySchema,
      paidAt: z.string(),
    })
    .nullable(),
  /**
   * When the office cancelled it (charged by mistake) and why; null while it stands. A server of
   * the release before (during a rolling deploy) does not say: none cancelled.
   */
  cancelled: z.object({ at: z.string(), reason: z.string() }).nullable().default(null),
});
export type Charge = z.infer<typeof ChargeSchema>;

/** A charge's receipt (or statement, while unpaid), with whom it is for. */
export const ChargeReceiptSchema = ChargeSchema.extend({
  tenant: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
});
export type ChargeReceipt = z.infer<typeof ChargeReceiptSchema>;

export const ChargeIdParamsSchema = z.object({
  id: z.uuid({ error: 'must be a valid charge id' }),
});

/** A tenant's own charges (`GET /api/charges`), newest first, with what is still owed. */
export const MyChargesSchema = z.object({
  result: z.array(ChargeSchema),
  owed: z.number().int(),
});
export type MyCharges = z.infer<typeof MyChargesSchema>;

export const CHARGE_MESSAGES = {
  recorded: 'Charge payment recorded',
  alreadyPaid: 'This charge is already paid.',
  notFound: 'No charge has this id (or it is not yours).',
  dateInFuture: 'The date cannot be after today',
  dateBeforeCharge: 'The date cannot be before the charge was made',
  notPaid: 'This charge is not paid (its payment may have been undone already).',
  undone: (description: string) => `The payment of “${description}” is undone: it is owed again.`,
  cancelled: (description: string) => `“${description}” is cancelled: it is no longer owed.`,
  alreadyCancelled: 'This charge is cancelled already.',
  /** A payment recorded for a cancelled charge. */
  notOwed: 'This charge is cancelled: nothing is owed for it.',
  paidNotCancelled: 'This charge is paid: undo its payment before cancelling it.',
  cancelReasonRequired: 'Say why the charge is cancelled',
  cancelFailed: 'The charge could not be cancelled. Try again.',
  added: (description: string) => `“${description}” is charged: it is owed until paid.`,
  keyReused: 'This charge was sent before with other details: reload the page to see it.',
  deletedAccount: 'This account was deleted: nothing can be charged to it.',
  addOutcomeUnknown:
    'No answer came back, so the charge may have been added: check the list. Sent again unchanged, it is added once.',
} as const;

export const CHARGE_LIMITS = { description: 200, amount: 10_000_000 } as const;

/**
 * The admin charges a tenant something besides rent by hand (a service charge, a utility bill, a
 * key replaced), on one of their leases, running or ended.
 */
export const NewChargeRequestSchema = z.strictObject({
  agreementId: z.uuid({ error: 'Choose the lease to charge' }),
  description: oneLineText(
    z
      .string({ error: 'Description is required' })
      .trim()
      .min(1, { error: 'Description is required' })
      .max(CHARGE_LIMITS.description, {
        error: `Description: at most ${CHARGE_LIMITS.description} characters.`,
      }),
    'Description',
  ),
  amount: z
    .number({ error: 'Enter the amount in BDT' })
    .int({ error: 'Enter a whole number of BDT' })
    .min(1, { error: 'Enter an amount of at least 1 BDT' })
    .max(CHARGE_LIMITS.amount, {
      error: `At most ${CHARGE_LIMITS.amount.toLocaleString('en-US')} BDT`,
    }),
  /**
   * Chosen by the sender for this one charge (a UUID): sent again with the same key (a retry after
   * a lost answer, a second click) it is added once; with other details it is refused.
   */
  key: z.uuid({ error: 'key must be a UUID naming this charge' }),
});
export type NewChargeRequest = z.input<typeof NewChargeRequestSchema>;
/** What the admin fills in; the key is added when the charge is sent. */
export const ChargeFieldsSchema = NewChargeRequestSchema.omit({ key: true });

/** The admin cancels a charge made by mistake, while it is unpaid; the tenant is sent `reason`. */
export const CancelChargeSchema = z.strictObject({
  reason: reasonField(CHARGE_MESSAGES.cancelReasonRequired),
});
export type CancelCharge = z.input<typeof CancelChargeSchema>;

/** The admin records a charge paid by hand (cards pay rent only). */
export const RecordChargePaymentSchema = z.strictObject({
  method: OfflinePaymentMethodSchema,
  reference: z
    .string()
    .trim()
    .max(100, { error: 'A reference has at most 100 characters' })
    .optional()
    .transform((reference) => reference || undefined),
  receivedOn: z.iso.date({ error: 'Enter the date as YYYY-MM-DD' }),
});
export type RecordChargePayment = z.input<typeof RecordChargePaymentSchema>;
