import { z } from 'zod';
import { LIST_SEARCH_MAX } from './constants';
import { BillingMonthSchema, CalendarDaySchema } from './payments';

/** The rent roll (admin): every lease, current and former, with what it owes and has paid. */
export const RENT_ROLL_PAGE_SIZE = 20;

export const RENT_ROLL_FILTERS = ['all', 'current', 'former', 'overdue'] as const;
export const RentRollFilterSchema = z.enum(RENT_ROLL_FILTERS);
export type RentRollFilter = z.infer<typeof RentRollFilterSchema>;

export const RENT_ROLL_SORTS = ['apartment', 'tenant', 'balance'] as const;
export const RentRollSortSchema = z.enum(RENT_ROLL_SORTS);
export type RentRollSort = z.infer<typeof RentRollSortSchema>;

export const RentRollQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(RENT_ROLL_PAGE_SIZE),
  /** Part of the tenant's name or email, or of the apartment's number. */
  q: z.string().trim().max(LIST_SEARCH_MAX).optional(),
  filter: RentRollFilterSchema.default('all'),
  sort: RentRollSortSchema.default('apartment'),
});
export type RentRollQuery = z.input<typeof RentRollQuerySchema>;

/** The export takes the list's filters, without paging. */
export const RentRollExportQuerySchema = RentRollQuerySchema.omit({ page: true, limit: true });

export const RentRollRowSchema = z.object({
  leaseId: z.string(),
  tenant: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  apartmentNo: z.string(),
  /** current: it runs (perhaps with an end date set); former: it has ended. */
  status: z.enum(['current', 'former']),
  /** Its rent this month (a renewal may have changed it), whole BDT. */
  rent: z.number().int(),
  startDate: CalendarDaySchema.nullable(),
  /** The end of its fixed term. */
  endDate: CalendarDaySchema.nullable(),
  /** Its last day, when notice set one or it has ended. */
  endsOn: CalendarDaySchema.nullable(),
  /** The last month of an unbroken run of paid months from its first; null when none is paid. */
  paidThrough: BillingMonthSchema.nullable(),
  /** Rent due or overdue today under this lease, whole BDT. */
  balance: z.number().int(),
  overdueMonths: z.number().int(),
  /** The latest payment: the building's day the money came (charged, or received by hand). */
  lastPayment: z.object({ at: z.string(), amount: z.number().int() }).nullable(),
  /** The deposit the building holds for it (received, less refunded, less rent paid from it). */
  depositHeld: z.number().int(),
  /** Charges besides rent (repairs) made under it and not yet paid, whole BDT. */
  chargesOwed: z.number().int(),
});
export type RentRollRow = z.infer<typeof RentRollRowSchema>;

export const RentRollTotalsSchema = z.object({
  leases: z.number().int(),
  /** Monthly rent of the current leases among them. */
  monthlyRent: z.number().int(),
  balance: z.number().int(),
  depositHeld: z.number().int(),
  chargesOwed: z.number().int(),
});
export type RentRollTotals = z.infer<typeof RentRollTotalsSchema>;

export const RentRollPageSchema = z.object({
  result: z.array(RentRollRowSchema),
  totals: RentRollTotalsSchema,
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  pageCount: z.number().int(),
});
export type RentRollPage = z.infer<typeof RentRollPageSchema>;
