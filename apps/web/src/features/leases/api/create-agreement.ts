import { InsertedResponseSchema, type Apartment } from '@structomate/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client';
import { ownAgreementKey } from '../../../lib/own-agreement';

/**
 * Signing (spec §7 /create/agreements). The body keeps the spec's shape; the server reads only
 * the apartment's id and takes everything else from the session and the database.
 */
export const createAgreement = (apartment: Apartment) =>
  postJson('/create/agreements', InsertedResponseSchema, {
    newAgreement: { apartmentDetails: { _id: apartment._id } },
  });

export function useCreateAgreement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAgreement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownAgreementKey }),
  });
}
