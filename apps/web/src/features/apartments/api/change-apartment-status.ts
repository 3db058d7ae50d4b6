import { ManagedApartmentResponseSchema, type ApartmentStatusRequest } from '@structomate/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client';
import { refreshApartments } from './get-managed-apartments';

export const changeApartmentStatus = async ({
  id,
  ...body
}: ApartmentStatusRequest & { id: string }) =>
  (
    await postJson(
      `/admin/apartments/${encodeURIComponent(id)}/status`,
      ManagedApartmentResponseSchema,
      body,
    )
  ).result;

/** List, unlist, archive or restore; the lists reload whatever the answer (it may have changed). */
export function useChangeApartmentStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeApartmentStatus,
    onSettled: () => refreshApartments(queryClient),
  });
}
