import { useQuery } from '@tanstack/react-query';
import { postJson } from './api-client';

// Loaded with the first call (lib/api-client.ts, SchemaSource), as the other lookups' schemas.
const memberAgreementLookup = async () =>
  (await import('@structomate/contract/leases')).MemberAgreementResponseSchema;

export const getMemberAgreement = () =>
  postJson('/member/agreements', memberAgreementLookup).then((response) => response.result);

/** The member's lease (spec §7 /member/agreements); only members ask (spec §6). */
export function useMemberAgreement(enabled: boolean) {
  return useQuery({ queryKey: ['member-agreement'], queryFn: getMemberAgreement, enabled });
}
