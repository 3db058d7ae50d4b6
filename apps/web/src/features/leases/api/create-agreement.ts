import { InsertedResponseSchema, type Apartment } from '@structomate/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client';
import { ownAgreementKey } from '../../../lib/own-agreement';

/**
 * Signing (spec §7 /create/agreements). The body keeps the spec's shape; the server reads only
 * the apartment's id and the chosen start, and takes everything else from the session and the
 * database (the building's lease terms).
 */
export const createAgreement = ({
  apartment,
  startDate,
}: {
  apartment: Apartment;
  startDate: string;
}) =>
  postJson('/create/agreements', InsertedResponseSchema, {
    newAgreement: { apartmentDetails: { _id: apartment._id }, startDate },
  });

export function useCreateAgreement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAgreement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownAgreementKey }),
  });
}
