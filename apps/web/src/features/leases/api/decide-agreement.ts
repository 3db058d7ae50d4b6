import {
  AgreementDecisionResponseSchema,
  type Agreement,
  type PendingAgreement,
} from '@structomate/contract';
import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { ApiError, postJson } from '../../../lib/api-client';
import { pendingAgreementsQueryKey } from './get-pending-agreements';

export type Decision = 'accept' | 'reject';

export interface DecisionVariables {
  decision: Decision;
  /** With the other requests for its apartment, when the page was told of them. */
  agreement: Agreement & Pick<PendingAgreement, 'otherRequestIds'>;
  /** A new start for the lease, when the admin moved it before accepting. */
  startDate?: string;
}

const decideAgreementKey = ['decide-agreement'];

/** Spec §7 accept/reject; the checked date is the server's, whatever is sent. */
export async function decideAgreement({ decision, agreement, startDate }: DecisionVariables) {
  const send = (extra: { declining?: string[] }) =>
    postJson(`/${decision}/agreements`, AgreementDecisionResponseSchema, {
      agreement_id: agreement._id,
      ...(decision === 'accept' ? { tenant_id: agreement.tenant_id } : {}),
      ...(decision === 'accept' && startDate ? { startDate } : {}),
      agreementCheckedDate: new Date().toISOString(),
      ...extra,
    });
  // What the admin was told this declines: a request that came in since stops it (409).
  const declining = decision === 'accept' ? agreement.otherRequestIds : undefined;
  if (!declining) return send({});
  try {
    return await send({ declining });
  } catch (error) {
    // A server of the release before, met during a rolling deploy, refuses a key it does not
    // know; it has no such check, so it is asked as it always was.
    if (isUnknownKey(error, 'declining')) return send({});
    throw error;
  }
}

const isUnknownKey = (error: unknown, key: string) =>
  error instanceof ApiError &&
  error.status === 400 &&
  error.code === 'VALIDATION_FAILED' &&
  /unrecognized key/i.test(error.message) &&
  error.message.includes(`"${key}"`);

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
