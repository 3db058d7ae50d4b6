import { useQuery } from '@tanstack/react-query';
import { postJson } from './api-client';
import { agreementLookup } from './own-agreement';

export const getMemberAgreement = () =>
  postJson('/member/agreements', agreementLookup).then((response) => response.result);

/** The member's lease (spec §7 /member/agreements); only members ask (spec §6). */
export function useMemberAgreement(enabled: boolean) {
  return useQuery({ queryKey: ['member-agreement'], queryFn: getMemberAgreement, enabled });
}
