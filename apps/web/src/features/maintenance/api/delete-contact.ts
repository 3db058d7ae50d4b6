import { OkSchema } from '@structomate/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { maintenanceQueryKeys } from './query-keys';

export const deleteContact = (id: string) =>
  apiRequest(`/admin/maintenance-contacts/${encodeURIComponent(id)}`, OkSchema, {
    method: 'DELETE',
  });

/** Removes a contact (refused while they are assigned to open requests); the list reloads either way. */
export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContact,
    onSettled: () => queryClient.invalidateQueries({ queryKey: maintenanceQueryKeys.contacts() }),
  });
}
