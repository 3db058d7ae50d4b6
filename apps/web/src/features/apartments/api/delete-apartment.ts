import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, toQueryString } from '../../../lib/api-client';
import { refreshApartments } from './get-managed-apartments';

export const deleteApartment = ({ id, version }: { id: string; version: number }) =>
  apiRequest(
    `/admin/apartments/${encodeURIComponent(id)}${toQueryString({ version })}`,
    z.object({ deleted: z.literal(true) }),
    { method: 'DELETE' },
  );

export function useDeleteApartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApartment,
    onSettled: () => refreshApartments(queryClient),
  });
}
