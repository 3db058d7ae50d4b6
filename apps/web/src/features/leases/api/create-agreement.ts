import type { Apartment, InsertedResponse } from '@structomate/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, postJson } from '../../../lib/api-client';
import { getOwnAgreement, ownAgreementKey } from '../../../lib/own-agreement';

export interface NewAgreementInput {
  apartment: Apartment;
  startDate: string;
}

/**
 * Signing (spec §7 /create/agreements). The body keeps the spec's shape; the server reads only
 * the apartment's id and the chosen start, and takes everything else from the session and the
 * database (the building's lease terms).
 */
export const createAgreement = ({ apartment, startDate }: NewAgreementInput) =>
  // The schema loads with the call (lib/api-client.ts): the agreement's page starts without it.
  postJson(
    '/create/agreements',
    async () => (await import('@structomate/contract/accounts')).InsertedResponseSchema,
    {
      newAgreement: { apartmentDetails: { _id: apartment._id }, startDate },
    },
  );

/**
 * Signing that asks for what the person wants, once: when the server answers 409 because their
 * pending request for this very apartment already exists (sent from another tab, or a retry
 * after a lost answer), the request was made and that is the outcome. A 409 for anything else
 * (a request for another apartment, the flat let meanwhile) stays a failure.
 */
export async function requestAgreement(input: NewAgreementInput): Promise<InsertedResponse> {
  try {
    return await createAgreement(input);
  } catch (failure) {
    if (!(failure instanceof ApiError) || failure.status !== 409) throw failure;
    const own = await getOwnAgreement().catch(() => null);
    if (own?.status === 'pending' && own.apartmentDetails._id === input.apartment._id) {
      return { insertedId: own._id };
    }
    throw failure;
  }
}

export function useCreateAgreement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestAgreement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownAgreementKey }),
  });
}
