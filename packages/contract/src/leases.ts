import { z } from 'zod';
import { RoleSchema, withToken } from './accounts';

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
  tenantImage: z.string().nullable(),
  status: AgreementStatusSchema,
  agreementSigningDate: z.string(),
  agreementCheckedDate: z.string().nullable(),
  /** When an accepted lease ended (the member was removed); null while it runs. */
  agreementEndDate: z.string().nullable(),
  apartmentDetails: ApartmentDetailsSchema,
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
