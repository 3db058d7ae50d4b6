import { z } from 'zod';
import { RoleSchema, withToken } from './accounts';
import { RentChangeSchema } from './lease-changes';
import { LeaseTermsSchema, StartDateSchema } from './lease-terms';
import { BillingMonthSchema } from './payments';

export const AgreementStatusSchema = z.enum(['pending', 'accepted', 'rejected', 'ended']);
export type AgreementStatus = z.infer<typeof AgreementStatusSchema>;

/** The apartment as it was agreed (spec §3 apartmentDetails); rent is the rent signed for. */
export const ApartmentDetailsSchema = z.object({
  _id: z.string(),
  apartmentNo: z.string(),
  floorNo: z.number().int(),
  blockName: z.string(),
  rent: z.number().int(),
  details: z.string(),
  apartmentImage: z.string(),
});
export type ApartmentDetails = z.infer<typeof ApartmentDetailsSchema>;

/** Spec §3 Agreement. Dates are ISO 8601 timestamps; the web app formats them. */
export const AgreementSchema = z.object({
  _id: z.string(),
  tenant_id: z.string(),
  tenant: z.string(),
  tenantEmail: z.string(),
  /** The tenant's role now (user while pending, member once accepted). */
  tenantRole: RoleSchema,
  /** Spec §3 lists `type` beside `tenantRole`: the tenant type the request cards show (the role). */
  type: RoleSchema,
  tenantImage: z.string().nullable(),
  status: AgreementStatusSchema,
  agreementSigningDate: z.string(),
  agreementCheckedDate: z.string().nullable(),
  /** When an accepted lease ended (the member was removed); null while it runs. */
  agreementEndDate: z.string().nullable(),
  apartmentDetails: ApartmentDetailsSchema,
  /** Ours: the lease's own terms (start and end, rent, deposit, notice, due day, parking); null on
   * a request signed before leases had terms. */
  terms: LeaseTermsSchema.nullable(),
  /** Ours: the day a running lease ends by notice (it runs through it); null while it runs on. */
  endsOn: z.string().nullable(),
  /** Ours: rent changes set at renewals, oldest first (the month's rent is the latest from it). */
  rentChanges: z.array(RentChangeSchema),
});
export type Agreement = z.infer<typeof AgreementSchema>;

/**
 * Spec §7 lookup body `{ token, tenantEmail, tenant_id }`. The server answers about the caller
 * only; an email or id naming someone else is refused.
 */
export const OwnAgreementRequestSchema = withToken({
  tenantEmail: z.string().optional(),
  tenant_id: z.string().optional(),
}).nullish();

export const AgreementLookupResponseSchema = z.object({ result: AgreementSchema.nullable() });
export type AgreementLookupResponse = z.infer<typeof AgreementLookupResponseSchema>;

/**
 * Spec §7 /member/agreements: the member's own lease, with (ours) the deposit the building holds
 * for it now (received, less given back, less rent paid from it, whole BDT), all it received and
 * all of it that paid rent, so the tenant sees whether it was received, given back or spent.
 */
export const MemberAgreementSchema = AgreementSchema.extend({
  depositHeld: z.number().int(),
  /** All ever received for it, whole BDT: with `depositHeld` 0, whether it was given back. */
  depositReceived: z.number().int(),
  /** All of it that paid rent, whole BDT (a server of the release before does not send it). */
  depositToRent: z.number().int().optional(),
});
export type MemberAgreement = z.infer<typeof MemberAgreementSchema>;
export const MemberAgreementResponseSchema = z.object({
  result: MemberAgreementSchema.nullable(),
});

const ignoredText = z.string().max(2000).optional();

/**
 * Spec §3 newAgreement, as the earlier client sent it. Only the apartment's id is used: the
 * server builds the agreement from the signed-in person and the apartment in the database.
 */
export const NewAgreementSchema = z.strictObject({
  tenantRole: ignoredText,
  tenant_id: ignoredText,
  tenant: ignoredText,
  tenantEmail: ignoredText,
  tenantImage: z.string().max(2000).nullish(),
  agreementSigningDate: ignoredText,
  /** The whole apartment record; its `_id` names the apartment. */
  apartmentDetails: z.looseObject({ _id: z.uuid({ error: 'must be a valid apartment id' }) }),
  /** Ours: the day the lease should start (YYYY-MM-DD, today at the earliest); the 1st of next
   * month when left out. */
  startDate: StartDateSchema.optional(),
});

export const CreateAgreementRequestSchema = withToken({ newAgreement: NewAgreementSchema });
export type CreateAgreementRequest = z.infer<typeof CreateAgreementRequestSchema>;

const AgreementIdSchema = z.uuid({ error: 'must be a valid agreement id' });

/** Spec §7 accept body; the checked date and the tenant come from the server, not from here. */
export const AcceptAgreementRequestSchema = withToken({
  agreement_id: AgreementIdSchema,
  tenant_id: ignoredText,
  agreementCheckedDate: ignoredText,
  /** Ours: a new start for the lease, set by the admin when accepting (its end moves with it). */
  startDate: StartDateSchema.optional(),
  /**
   * Ours: the other requests for the apartment the admin was told this acceptance declines (their
   * ids, `otherRequestIds` of the list). Any other waiting by the time it is made is a 409 that
   * changes nothing (`moreRequestsWaiting`).
   */
  declining: z.array(AgreementIdSchema).max(10_000).optional(),
});

/** Ours: an acceptance would decline requests that came in after the admin was shown the others. */
export const moreRequestsWaiting = (apartmentNo: string, more: number) =>
  more === 1
    ? `Another request for ${apartmentNo} came in while you decided. Nothing was changed: read it, then accept again.`
    : `${more} more requests for ${apartmentNo} came in while you decided. Nothing was changed: read them, then accept again.`;

export const RejectAgreementRequestSchema = withToken({
  agreement_id: AgreementIdSchema,
  agreementCheckedDate: ignoredText,
});

export const AgreementDecisionResponseSchema = z.object({ result: AgreementSchema });

/**
 * Ours: a running lease as the admin works on it, with the last month paid under it (YYYY-MM;
 * null when none is): the lease may not end before that month's last day.
 */
export const LeaseResponseSchema = AgreementDecisionResponseSchema.extend({
  paidThrough: BillingMonthSchema.nullable(),
});
export type LeaseResponse = z.infer<typeof LeaseResponseSchema>;

export const AgreementListResponseSchema = z.array(AgreementSchema);

/**
 * Ours: a pending request with what its applicant still owes from leases here that ended (rent
 * of months billed and unpaid, and repair charges unpaid; `amount` is both), so the admin
 * decides knowing it; null when they owe nothing. The server always sends it; a page of a newer
 * release may meet a server of the release before it during a rolling deploy, whose answer has
 * no such field (or no count of charges), and reads that as nothing known.
 */
export const PendingAgreementSchema = AgreementSchema.extend({
  applicantOwes: z
    .object({
      months: z.number().int(),
      charges: z.number().int().default(0),
      amount: z.number().int(),
      apartmentNo: z.string(),
    })
    .nullish(),
  /**
   * Ours: the other requests waiting for this apartment, declined if this one is accepted. Absent
   * from a server of the release before (a rolling deploy): unknown, so Accept asks first.
   */
  otherRequests: z.number().int().nonnegative().optional(),
  /**
   * Ours: which requests those are (ids). Accept sends them as `declining`: a request that came in
   * after the admin was shown these is not declined unseen. Absent from a server of the release
   * before, as the count is.
   */
  otherRequestIds: z.array(z.string()).optional(),
});
export type PendingAgreement = z.infer<typeof PendingAgreementSchema>;
export const PendingAgreementListResponseSchema = z.array(PendingAgreementSchema);

/** A member as the admin sees them (spec §2 Manage Members), with the apartment they rent. */
export const MemberSchema = z.object({
  _id: z.string(),
  displayName: z.string(),
  email: z.string(),
  photoURL: z.string().nullable(),
  apartmentNo: z.string().nullable(),
  blockName: z.string().nullable(),
  floorNo: z.number().int().nullable(),
  /** When the lease was accepted. */
  memberSince: z.string().nullable(),
  /** The lease's first day (YYYY-MM-DD), which may be to come; null for one signed before leases had terms. */
  leaseStart: z.string().nullable(),
  /** Rent due or overdue today, over every lease the member held (whole BDT). */
  owedMonths: z.number().int(),
  owedAmount: z.number().int(),
  /** Repair charges not paid, over every lease the member held (whole BDT); rent is apart. */
  chargesOwed: z.number().int(),
  /**
   * Why Remove would be refused today (rent paid ahead of this month, or of a lease not yet
   * started), in the refusal's own words; null when it would not be.
   */
  removalRefused: z.string().nullable(),
});
export type Member = z.infer<typeof MemberSchema>;

export const MemberListResponseSchema = z.array(MemberSchema);

/** Spec §7 /change/role: removes a member (the new role is always `user`). */
export const ChangeRoleRequestSchema = withToken({
  id: z.uuid({ error: 'must be a valid user id' }),
});

export const ChangeRoleResponseSchema = z.object({
  ok: z.literal(true),
  displayName: z.string(),
  role: z.literal('user'),
});
