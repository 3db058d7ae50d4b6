import { AgreementDecisionResponseSchema, type Agreement } from '@structomate/contract';
import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client';
import { pendingAgreementsQueryKey } from './get-pending-agreements';

export type Decision = 'accept' | 'reject';

export interface DecisionVariables {
  decision: Decision;
  /** With how many other requests for its apartment wait, when the page was told. */
  agreement: Agreement & { otherRequests?: number };
  /** A new start for the lease, when the admin moved it before accepting. */
  startDate?: string;
}

const decideAgreementKey = ['decide-agreement'];

/** Spec §7 accept/reject; the checked date is the server's, whatever is sent. */
export const decideAgreement = ({ decision, agreement, startDate }: DecisionVariables) =>
  postJson(`/${decision}/agreements`, AgreementDecisionResponseSchema, {
    agreement_id: agreement._id,
    ...(decision === 'accept' ? { tenant_id: agreement.tenant_id } : {}),
    ...(decision === 'accept' && startDate ? { startDate } : {}),
    // What the admin was told this declines: one that came in since stops it (409).
    ...(decision === 'accept' && agreement.otherRequests !== undefined
      ? { declining: agreement.otherRequests }
      : {}),
    agreementCheckedDate: new Date().toISOString(),
  });

/** After any answer (or failure) the pending list is loaded again (spec §4). */
export function useDecideAgreement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: decideAgreementKey,
    mutationFn: decideAgreement,
    onSettled: () => queryClient.invalidateQueries({ queryKey: pendingAgreementsQueryKey }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['members'] }),
        queryClient.invalidateQueries({ queryKey: ['admin-stats'] }),
        queryClient.invalidateQueries({ queryKey: ['apartments'] }),
      ]),
  });
}

/**
 * The answers on their way, each with its request: the admin may answer a second request while
 * the first is still being sent, and each card shows its own.
 */
export function useAnswersUnderway() {
  return useMutationState({
    filters: { mutationKey: decideAgreementKey, status: 'pending' },
    select: (mutation) => mutation.state.variables as DecisionVariables,
  });
}
